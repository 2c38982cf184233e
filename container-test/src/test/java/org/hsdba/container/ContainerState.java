package org.hsdba.container;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/** The container probe's report (bundles and DS components), parsed. */
final class ContainerState {

    static final class BundleInfo {
        final long id;
        final String symbolicName;
        final String version;
        final String state;
        final List<String> unsatisfied;

        BundleInfo(JsonNode n) {
            id = n.path("id").asLong();
            symbolicName = n.path("symbolicName").asText();
            version = n.path("version").asText();
            state = n.path("state").asText();
            unsatisfied = texts(n.path("unsatisfied"));
        }

        boolean active() {
            return "ACTIVE".equals(state);
        }
    }

    static final class ComponentInfo {
        final String bundle;
        final String name;
        final String state;
        /** An unsatisfied reference: its name, the interface it wants and its target filter, if any. */
        static final class Reference {
            final String name;
            final String serviceInterface;
            final String target;

            Reference(JsonNode n) {
                name = n.path("name").asText();
                serviceInterface = n.path("interface").asText();
                target = n.path("target").isTextual() ? n.path("target").asText() : null;
            }

            @Override
            public String toString() {
                return name + " (" + serviceInterface + (target == null ? "" : ", target " + target) + ")";
            }
        }

        final List<Reference> unsatisfiedReferences = new ArrayList<>();
        final String failure;

        ComponentInfo(JsonNode n) {
            bundle = n.path("bundle").asText();
            name = n.path("name").asText();
            state = n.path("state").asText();
            for (JsonNode r : n.path("unsatisfiedReferences")) {
                unsatisfiedReferences.add(new Reference(r));
            }
            failure = n.path("failure").isTextual() ? n.path("failure").asText() : null;
        }

        /** Satisfied: ACTIVE, or SATISFIED for a delayed component nobody has used yet. */
        boolean satisfied() {
            return "ACTIVE".equals(state) || "SATISFIED".equals(state);
        }
    }

    private final Map<String, BundleInfo> bundles = new LinkedHashMap<>();
    private final Map<String, ComponentInfo> components = new LinkedHashMap<>();

    ContainerState(JsonNode report) {
        for (JsonNode b : report.path("bundles")) {
            BundleInfo info = new BundleInfo(b);
            bundles.put(info.symbolicName, info);
        }
        for (JsonNode c : report.path("components")) {
            ComponentInfo info = new ComponentInfo(c);
            components.put(info.name, info);
        }
    }

    Optional<BundleInfo> bundle(String symbolicName) {
        return Optional.ofNullable(bundles.get(symbolicName));
    }

    Optional<ComponentInfo> component(String name) {
        return Optional.ofNullable(components.get(name));
    }

    List<ComponentInfo> componentsOf(String bundleSymbolicName) {
        List<ComponentInfo> out = new ArrayList<>();
        components.values().stream().filter(c -> c.bundle.equals(bundleSymbolicName)).forEach(out::add);
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
