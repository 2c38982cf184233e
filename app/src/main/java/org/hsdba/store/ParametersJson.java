package org.hsdba.store;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.ParameterRangeException;
import org.hsdba.model.Durations;
import org.hsdba.model.Estimator;
import org.hsdba.model.json.ConfigException;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;

/**
 * JSON of {@link HsdbaParameters}, the shape of the REST API's {@code /parameters} and of what the
 * stores keep:
 * <pre>
 * {"rateEstimator": {"kind": "ewma", "kSeconds": 0.002}, "pollingPeriodSeconds": 1,
 *  "idleTimeoutSeconds": 10, "leafLifetimeSeconds": 300, "mode": "auto",
 *  "joinRatePerSecond": 1000, "joinBurst": 100, "maxTreeNodes": 100000, "responsiveHoldSeconds": 0}
 * </pre>
 * ({@code {"kind": "window", "windowSeconds": 0.1}} for the window estimator; an ewma without
 * {@code kSeconds} derives K from each port's capacity). Durations are seconds, or strings with
 * units such as {@code "10ms"}. Reading is a partial update of a base: members not given keep the
 * base's value. One reader serves REST and the stores, so the two cannot drift apart; they differ
 * only in {@code "headroom"}, which earlier versions stored (a service-wide default eta that nothing
 * used; eta is per tree): a client sending it is told where eta lives, a stored one is ignored so
 * that old stores still open.
 */
public final class ParametersJson {

    private ParametersJson() {
    }

    public static ObjectNode toJson(HsdbaParameters p) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ObjectNode est = o.putObject("rateEstimator");
        est.put("kind", p.estimator().kind().jsonName());
        if (!p.estimator().derived()) {
            est.put(p.estimator().kind() == Estimator.Kind.EWMA ? "kSeconds" : "windowSeconds",
                    Durations.seconds(p.estimator().period()));
        }
        o.put("pollingPeriodSeconds", Durations.seconds(p.pollingPeriod()));
        o.put("idleTimeoutSeconds", Durations.seconds(p.idleTimeout()));
        o.put("leafLifetimeSeconds", Durations.seconds(p.leafLifetime()));
        o.put("mode", p.mode().jsonName());
        o.put("joinRatePerSecond", p.joinRatePerSecond());
        o.put("joinBurst", p.joinBurst());
        o.put("maxTreeNodes", p.maxTreeNodes());
        o.put("responsiveHoldSeconds", Durations.seconds(p.responsiveHold()));
        return o;
    }

    /**
     * A client's document: {@code current} with the members of {@code json} applied. Throws a
     * {@link ConfigException} listing every problem, each at its member's pointer; a stored
     * {@code "headroom"} is one of them.
     */
    public static HsdbaParameters read(JsonNode json, HsdbaParameters current) {
        return read(json, current, false);
    }

    /** A stored document: as {@link #read}, but a retired {@code "headroom"} is ignored. */
    public static HsdbaParameters fromJson(JsonNode json, HsdbaParameters base) {
        return read(json, base, true);
    }

    private static HsdbaParameters read(JsonNode json, HsdbaParameters current, boolean stored) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(json, "", problems);
        HsdbaParameters out = r == null ? null : read(r, current, stored);
        problems.throwIfAny();
        return out;
    }

    private static HsdbaParameters read(ObjectReader r, HsdbaParameters current, boolean stored) {
        HsdbaParameters.Builder b = current.toBuilder();
        ObjectReader e = r.object("rateEstimator", false);
        Duration polling = r.duration("pollingPeriodSeconds", false);
        Duration idle = r.duration("idleTimeoutSeconds", false);
        Duration lifetime = r.duration("leafLifetimeSeconds", false);
        String mode = r.string("mode", false);
        Double joinRate = r.number("joinRatePerSecond", false);
        Long joinBurst = r.integer("joinBurst", false, 1, Integer.MAX_VALUE);
        Long maxTreeNodes = r.integer("maxTreeNodes", false, 1, Integer.MAX_VALUE);
        Duration hold = r.duration("responsiveHoldSeconds", false);
        boolean headroom = r.has("headroom");
        if (headroom && !stored) {
            r.unknownField("headroom", "unknown field \"headroom\": the headroom eta is set per tree (the tree's \"eta\"); "
                    + "the service has no default for it");
        }
        r.finish();
        if (e != null) {
            Estimator estimator = estimator(e);
            if (estimator != null) {
                b.estimator(estimator);
            }
        }
        if (mode != null) {
            try {
                b.mode(ModePreference.fromJsonName(mode));
            } catch (IllegalArgumentException ex) {
                r.problem("mode", ex.getMessage());
            }
        }
        if (polling != null) {
            b.pollingPeriod(polling);
        }
        if (idle != null) {
            b.idleTimeout(idle);
        }
        if (lifetime != null) {
            b.leafLifetime(lifetime);
        }
        if (joinRate != null) {
            b.joinRatePerSecond(joinRate);
        }
        if (joinBurst != null) {
            b.joinBurst(joinBurst.intValue());
        }
        if (maxTreeNodes != null) {
            b.maxTreeNodes(maxTreeNodes.intValue());
        }
        if (hold != null) {
            b.responsiveHold(hold);
        }
        if (!r.problems().isEmpty()) {
            return null;
        }
        try {
            return b.build();
        } catch (ParameterRangeException ex) {
            // "rateEstimator/kSeconds": the member of the nested object, so the pointer says where
            int slash = ex.field().indexOf('/');
            if (slash > 0 && e != null) {
                e.problem(ex.field().substring(slash + 1), ex.getMessage());
            } else {
                r.problem(slash > 0 ? ex.field().substring(0, slash) : ex.field(), ex.getMessage());
            }
            return null;
        } catch (IllegalArgumentException ex) {
            r.problem(null, ex.getMessage());
            return null;
        }
    }

    private static Estimator estimator(ObjectReader e) {
        String kind = e.string("kind", true);
        Duration k = e.duration("kSeconds", false);
        Duration window = e.duration("windowSeconds", false);
        e.finish();
        try {
            if ("ewma".equals(kind)) {
                if (window != null) {
                    e.problem("windowSeconds", "an ewma estimator takes \"kSeconds\", not \"windowSeconds\"");
                    return null;
                }
                return k == null ? Estimator.AUTO : Estimator.ewma(k);
            }
            if ("window".equals(kind)) {
                if (k != null) {
                    e.problem("kSeconds", "a window estimator takes \"windowSeconds\", not \"kSeconds\"");
                    return null;
                }
                if (window == null) {
                    e.problem("windowSeconds", "required field \"windowSeconds\" is missing");
                    return null;
                }
                return Estimator.window(window);
            }
            if (kind != null) {
                e.problem("kind", "unknown estimator \"" + kind + "\" (use ewma or window)");
            }
        } catch (IllegalArgumentException ex) {
            e.problem(null, ex.getMessage());
        }
        return null;
    }
}
