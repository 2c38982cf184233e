package org.hsdba.container.probe;

import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.resource.Namespace;

/**
 * Why a bundle does not resolve: its mandatory requirements that no installed bundle's capability
 * matches (what {@code bundle:diag} reports), e.g. {@code osgi.wiring.package:
 * (&(osgi.wiring.package=org.foo)(version>=1.0.0))}. Requirements met by some bundle are left
 * out even if that bundle itself does not resolve: its own entry tells why.
 */
final class UnsatisfiedRequirements {

    private UnsatisfiedRequirements() {
    }

    static List<String> of(Bundle bundle, BundleContext context) {
        List<String> out = new ArrayList<>();
        BundleRevision revision = bundle.adapt(BundleRevision.class);
        if (revision == null || (revision.getTypes() & BundleRevision.TYPE_FRAGMENT) != 0) {
            return out;
        }
        for (BundleRequirement req : revision.getDeclaredRequirements(null)) {
            if (isOptional(req) || !isResolveTime(req) || satisfied(req, context)) {
                continue;
            }
            String filter = req.getDirectives().get(Namespace.REQUIREMENT_FILTER_DIRECTIVE);
            out.add(req.getNamespace() + ": " + (filter == null ? "(any)" : filter));
        }
        return out;
    }

    private static boolean isOptional(BundleRequirement req) {
        return Namespace.RESOLUTION_OPTIONAL.equals(req.getDirectives().get(Namespace.REQUIREMENT_RESOLUTION_DIRECTIVE));
    }

    private static boolean isResolveTime(BundleRequirement req) {
        String effective = req.getDirectives().get(Namespace.REQUIREMENT_EFFECTIVE_DIRECTIVE);
        return effective == null || Namespace.EFFECTIVE_RESOLVE.equals(effective);
    }

    /** Any installed bundle's capability will do, the system bundle's (JRE packages, osgi.ee) included. */
    private static boolean satisfied(BundleRequirement req, BundleContext context) {
        for (Bundle b : context.getBundles()) {
            BundleRevision r = b.adapt(BundleRevision.class);
            if (r == null) {
                continue;
            }
            for (BundleCapability cap : r.getDeclaredCapabilities(req.getNamespace())) {
                if (req.matches(cap)) {
                    return true;
                }
            }
        }
        return false;
    }
}
