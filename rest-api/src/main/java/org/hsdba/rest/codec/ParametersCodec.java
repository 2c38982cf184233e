package org.hsdba.rest.codec;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.ParameterRangeException;
import org.hsdba.model.Estimator;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;
import org.hsdba.store.ParametersJson;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * Run-time parameters: {@code {"rateEstimator": {"kind": "ewma", "kSeconds": 0.01} | {"kind":
 * "window", "windowSeconds": 0.1}, "pollingPeriodSeconds", "idleTimeoutSeconds",
 * "leafLifetimeSeconds", "mode", "joinRatePerSecond", "joinBurst", "maxTreeNodes", "responsiveHoldSeconds"}}. Durations are
 * seconds (numbers; strings with units like "10ms" are accepted too). Reading merges onto the
 * current parameters: members absent keep their value. There is no service-wide headroom: eta
 * belongs to each tree.
 */
public final class ParametersCodec extends JsonCodec<HsdbaParameters> {

    /** The same JSON the store keeps ({@link ParametersJson}), so the two cannot drift apart. */
    @Override
    public ObjectNode encode(HsdbaParameters p, CodecContext context) {
        return ParametersJson.toJson(p);
    }

    @Override
    public HsdbaParameters decode(ObjectNode json, CodecContext context) {
        return read(json, HsdbaParameters.DEFAULTS);
    }

    /** {@code current} with the members of {@code json} applied; throws a {@code ConfigException} listing every problem. */
    public static HsdbaParameters read(JsonNode json, HsdbaParameters current) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(json, "", problems);
        HsdbaParameters out = r == null ? null : read(r, current);
        problems.throwIfAny();
        return out;
    }

    private static HsdbaParameters read(ObjectReader r, HsdbaParameters current) {
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
        if (r.has("headroom")) {
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
                return k == null ? Estimator.DEFAULT : Estimator.ewma(k);
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
