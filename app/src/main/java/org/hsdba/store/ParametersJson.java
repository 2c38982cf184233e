package org.hsdba.store;

import java.time.Duration;
import java.util.Iterator;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.ParameterRangeException;
import org.hsdba.model.Durations;
import org.hsdba.model.Estimator;

/**
 * JSON of {@link HsdbaParameters}, the shape of the REST API's {@code /parameters}:
 * <pre>
 * {"rateEstimator": {"kind": "ewma", "kSeconds": 0.002}, "pollingPeriodSeconds": 1,
 *  "idleTimeoutSeconds": 10, "leafLifetimeSeconds": 300, "mode": "auto",
 *  "joinRatePerSecond": 1000, "joinBurst": 100, "maxTreeNodes": 100000, "responsiveHoldSeconds": 0}
 * </pre>
 * ({@code {"kind": "window", "windowSeconds": 0.1}} for the window estimator). Reading is a
 * partial update of a base: members not given keep the base's value; unknown members and bad
 * values are {@link IllegalArgumentException}s naming the member as a JSON pointer, except
 * {@code "headroom"}, which earlier versions stored (a service-wide default eta that nothing used;
 * eta is per tree): it is read and ignored so that their stores still open.
 */
public final class ParametersJson {

    private static final Set<String> MEMBERS = Set.of("rateEstimator", "pollingPeriodSeconds", "idleTimeoutSeconds",
            "leafLifetimeSeconds", "mode", "joinRatePerSecond", "joinBurst", "maxTreeNodes", "responsiveHoldSeconds");
    /** Members earlier versions wrote and this one ignores. */
    private static final Set<String> RETIRED = Set.of("headroom");

    private ParametersJson() {
    }

    public static ObjectNode toJson(HsdbaParameters p) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ObjectNode est = o.putObject("rateEstimator");
        est.put("kind", p.estimator().kind().jsonName());
        if (!p.estimator().derived()) est.put(p.estimator().kind() == Estimator.Kind.EWMA ? "kSeconds" : "windowSeconds",
                Durations.seconds(p.estimator().period()));
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

    /** {@code base} with the members {@code json} gives. */
    public static HsdbaParameters fromJson(JsonNode json, HsdbaParameters base) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("/: parameters must be a JSON object");
        }
        Iterator<String> names = json.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!MEMBERS.contains(name) && !RETIRED.contains(name)) {
                throw new IllegalArgumentException("/" + name + ": unknown member (known: " + String.join(", ",
                        new java.util.TreeSet<>(MEMBERS)) + ")");
            }
        }
        HsdbaParameters.Builder b = base.toBuilder();
        if (json.has("rateEstimator")) {
            b.estimator(estimator(json.get("rateEstimator")));
        }
        if (json.has("pollingPeriodSeconds")) {
            b.pollingPeriod(seconds(json, "/", "pollingPeriodSeconds"));
        }
        if (json.has("idleTimeoutSeconds")) {
            b.idleTimeout(seconds(json, "/", "idleTimeoutSeconds"));
        }
        if (json.has("leafLifetimeSeconds")) {
            b.leafLifetime(seconds(json, "/", "leafLifetimeSeconds"));
        }
        if (json.has("mode")) {
            JsonNode m = json.get("mode");
            if (!m.isTextual()) {
                throw new IllegalArgumentException("/mode: must be a string: auto, in-switch or controller-assisted");
            }
            b.mode(ModePreference.fromJsonName(m.asText()));
        }
        if (json.has("joinRatePerSecond")) {
            b.joinRatePerSecond(number(json, "/", "joinRatePerSecond"));
        }
        if (json.has("joinBurst")) {
            JsonNode n = json.get("joinBurst");
            if (!n.canConvertToInt() || !n.isIntegralNumber()) {
                throw new IllegalArgumentException("/joinBurst: must be a whole number, not " + n);
            }
            b.joinBurst(n.asInt());
        }
        if (json.has("maxTreeNodes")) {
            JsonNode n = json.get("maxTreeNodes");
            if (!n.canConvertToInt() || !n.isIntegralNumber()) {
                throw new IllegalArgumentException("/maxTreeNodes: must be a whole number, not " + n);
            }
            b.maxTreeNodes(n.asInt());
        }
        if (json.has("responsiveHoldSeconds")) {
            b.responsiveHold(seconds(json, "/", "responsiveHoldSeconds"));
        }
        try {
            return b.build();
        } catch (ParameterRangeException e) {
            throw new IllegalArgumentException("/" + e.field() + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("/: " + e.getMessage(), e);
        }
    }

    private static Estimator estimator(JsonNode e) {
        if (!e.isObject() || !e.path("kind").isTextual()) {
            throw new IllegalArgumentException("/rateEstimator: must be {\"kind\": \"ewma\", \"kSeconds\": s} or "
                    + "{\"kind\": \"window\", \"windowSeconds\": s}");
        }
        String kind = e.get("kind").asText();
        String member;
        if (kind.equals("ewma")) {
            member = "kSeconds";
        } else if (kind.equals("window")) {
            member = "windowSeconds";
        } else {
            throw new IllegalArgumentException("/rateEstimator/kind: unknown estimator \"" + kind + "\" (use ewma or window)");
        }
        Iterator<String> names = e.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!name.equals("kind") && !name.equals(member)) {
                throw new IllegalArgumentException("/rateEstimator/" + name + ": unknown member for kind " + kind);
            }
        }
        if (!e.has(member) && kind.equals("ewma")) {
            return Estimator.AUTO; // K derived from each port's capacity
        }
        if (!e.has(member)) {
            throw new IllegalArgumentException("/rateEstimator/" + member + ": missing");
        }
        Duration d = seconds(e, "/rateEstimator/", member);
        try {
            return kind.equals("ewma") ? Estimator.ewma(d) : Estimator.window(d);
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("/rateEstimator/" + member + ": " + ex.getMessage(), ex);
        }
    }

    private static double number(JsonNode parent, String prefix, String name) {
        JsonNode n = parent.get(name);
        if (!n.isNumber()) {
            throw new IllegalArgumentException(prefix + name + ": must be a number, not " + n);
        }
        return n.asDouble();
    }

    private static Duration seconds(JsonNode parent, String prefix, String name) {
        double s = number(parent, prefix, name);
        try {
            return Durations.ofSeconds(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix + name + ": " + e.getMessage(), e);
        }
    }
}
