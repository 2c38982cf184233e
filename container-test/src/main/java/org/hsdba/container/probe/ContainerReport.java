package org.hsdba.container.probe;

import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.component.runtime.dto.ReferenceDTO;
import org.osgi.service.component.runtime.dto.UnsatisfiedReferenceDTO;

/**
 * The probe's answer: {@code {"bundles": [...], "components": [...]}}. A bundle:
 * {@code id, symbolicName, version, state} and, unless active, {@code unsatisfied} requirements.
 * A component: {@code bundle, name, state} ({@code ACTIVE}, {@code SATISFIED},
 * {@code UNSATISFIED_REFERENCE}, {@code UNSATISFIED_CONFIGURATION}, {@code FAILED_ACTIVATION},
 * or {@code DISABLED} / {@code NO_CONFIGURATION} when SCR has no configuration of it), the
 * {@code unsatisfiedReferences} with the interface each wants, and the activation {@code failure}.
 */
final class ContainerReport {

    private static final Map<Integer, String> BUNDLE_STATES = Map.of(Bundle.UNINSTALLED, "UNINSTALLED",
            Bundle.INSTALLED, "INSTALLED", Bundle.RESOLVED, "RESOLVED", Bundle.STARTING, "STARTING",
            Bundle.STOPPING, "STOPPING", Bundle.ACTIVE, "ACTIVE");

    private static final Map<Integer, String> COMPONENT_STATES = Map.of(
            ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION, "UNSATISFIED_CONFIGURATION",
            ComponentConfigurationDTO.UNSATISFIED_REFERENCE, "UNSATISFIED_REFERENCE",
            ComponentConfigurationDTO.SATISFIED, "SATISFIED",
            ComponentConfigurationDTO.ACTIVE, "ACTIVE",
            ComponentConfigurationDTO.FAILED_ACTIVATION, "FAILED_ACTIVATION");

    private final ObjectMapper mapper = new ObjectMapper();
    private final BundleContext context;
    private final ServiceComponentRuntime scr;

    ContainerReport(BundleContext context, ServiceComponentRuntime scr) {
        this.context = context;
        this.scr = scr;
    }

    ObjectNode build() {
        ObjectNode root = mapper.createObjectNode();
        ArrayNode bundles = root.putArray("bundles");
        for (Bundle b : context.getBundles()) {
            bundles.add(bundle(b));
        }
        ArrayNode components = root.putArray("components");
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            components.add(component(d));
        }
        return root;
    }

    private ObjectNode bundle(Bundle b) {
        ObjectNode o = mapper.createObjectNode();
        o.put("id", b.getBundleId());
        o.put("symbolicName", b.getSymbolicName());
        o.put("version", b.getVersion().toString());
        o.put("state", BUNDLE_STATES.getOrDefault(b.getState(), String.valueOf(b.getState())));
        if (b.getState() != Bundle.ACTIVE) {
            ArrayNode unsatisfied = o.putArray("unsatisfied");
            UnsatisfiedRequirements.of(b, context).forEach(unsatisfied::add);
        }
        return o;
    }

    private ObjectNode component(ComponentDescriptionDTO d) {
        ObjectNode o = mapper.createObjectNode();
        o.put("bundle", d.bundle.symbolicName);
        o.put("name", d.name);
        ArrayNode unsatisfied = mapper.createArrayNode();
        String state;
        String failure = null;
        if (!scr.isComponentEnabled(d)) {
            state = "DISABLED";
        } else {
            state = "NO_CONFIGURATION";
            // Several configurations only with factory configurations; the worst one is reported.
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                state = COMPONENT_STATES.getOrDefault(c.state, String.valueOf(c.state));
                failure = c.failure;
                for (UnsatisfiedReferenceDTO u : c.unsatisfiedReferences) {
                    ObjectNode r = unsatisfied.addObject();
                    r.put("name", u.name);
                    r.put("interface", interfaceOf(d, u.name));
                    r.put("target", u.target);
                }
                if (c.state != ComponentConfigurationDTO.ACTIVE && c.state != ComponentConfigurationDTO.SATISFIED) {
                    break;
                }
            }
        }
        o.put("state", state);
        o.set("unsatisfiedReferences", unsatisfied);
        if (failure != null) {
            o.put("failure", failure);
        }
        return o;
    }

    private static String interfaceOf(ComponentDescriptionDTO d, String reference) {
        for (ReferenceDTO r : d.references) {
            if (r.name.equals(reference)) {
                return r.interfaceName;
            }
        }
        return "?";
    }
}
