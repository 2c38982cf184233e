package org.hsdba.scenario;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.Durations;
import org.hsdba.model.EnforcementMode;
import org.hsdba.model.Estimator;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.Rate;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.JsonText;
import org.hsdba.model.json.JsonWriter;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;

/**
 * The {@code hsdba-scenario/1} file format (docs/config-format.md): the configuration inline,
 * the sources and the run parameters. Same error quality as {@link ConfigJson}: every problem
 * with its JSON pointer and line/column, never a partial scenario.
 */
public final class ScenarioJson {

    public static final String FORMAT = "hsdba-scenario/1";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ScenarioJson() {
    }

    public static Scenario read(Path file) {
        return read(JsonText.readFile(file));
    }

    public static Scenario read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    public static Scenario read(byte[] bytes) {
        return JsonText.read(bytes, ScenarioJson::fromJson);
    }

    public static Scenario fromJson(JsonNode root) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(root, "", problems);
        problems.throwIfAny();
        String format = r.string("format", true);
        if (format != null && !format.equals(FORMAT)) {
            r.problem("format", "unsupported format \"" + format + "\"; this version reads \"" + FORMAT + "\"");
            problems.throwIfAny();
        }
        String description = r.string("description", false);
        JsonNode configJson = r.raw("config");
        if (configJson == null) {
            r.problem("config", "required field \"config\" is missing");
        }
        HsdbaConfig config = configJson == null ? null : ConfigJson.fromJson(configJson, r.pointer("config"), problems);
        List<JsonNode> sourcesJson = r.array("sources", true);
        ObjectReader runJson = r.object("run", true);
        r.finish();
        RunParameters run = runJson == null ? null : run(runJson, config);
        List<TrafficSource> sources = new ArrayList<>();
        for (int i = 0; sourcesJson != null && i < sourcesJson.size(); i++) {
            sources.add(source(sourcesJson.get(i), r.pointer("sources") + "/" + i, run, problems));
        }
        problems.throwIfAny();
        for (Scenario.Issue issue : Scenario.check(config, sources)) {
            problems.add(r.pointer("sources") + "/" + issue.sourceIndex + "/" + issue.field, issue.message);
        }
        problems.throwIfAny();
        return Scenario.of(description, config, sources, run);
    }

    private static RunParameters run(ObjectReader r, HsdbaConfig config) {
        Double duration = seconds(r, "duration", true);
        Estimator estimator = ConfigJson.estimatorFromJson(r, "estimator");
        Double eta = r.number("eta", false);
        Long seed = r.integer("seed", false, Long.MIN_VALUE, Long.MAX_VALUE);
        String modeText = r.string("mode", false);
        Double bin = seconds(r, "bin", false);
        Double settle = seconds(r, "settle", false);
        r.finish();
        EnforcementMode mode = null;
        if (modeText != null) {
            try {
                mode = EnforcementMode.fromJsonName(modeText);
            } catch (IllegalArgumentException e) {
                r.problem("mode", e.getMessage());
            }
        }
        if (duration == null || (modeText != null && mode == null) || r.problems().hasAtOrBelow(r.pointer())) {
            return null;
        }
        try {
            return RunParameters.of(duration,
                    estimator != null ? estimator : config != null ? config.runtime().estimator() : Estimator.DEFAULT,
                    eta, seed == null ? RunParameters.DEFAULT_SEED : seed,
                    mode != null ? mode : config != null ? config.runtime().mode() : EnforcementMode.IN_SWITCH,
                    bin != null ? bin : Math.min(RunParameters.DEFAULT_BIN_SECONDS, duration)).withSettleSeconds(settle);
        } catch (IllegalArgumentException e) {
            r.problem(null, e.getMessage());
            return null;
        }
    }

    /** Seconds: a number, or a duration string with units. */
    private static Double seconds(ObjectReader r, String field, boolean required) {
        Duration d = r.duration(field, required);
        return d == null ? null : Durations.seconds(d);
    }

    private static TrafficSource source(JsonNode json, String pointer, RunParameters run, Problems problems) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String id = r.string("id", true);
        String node = r.string("node", true);
        Rate rate = r.rate("rate", true);
        PacketSizeMix sizes = sizes(r);
        Distribution distribution = distribution(r);
        List<Interval> active = intervals(r, run);
        r.finish();
        if (problems.hasAtOrBelow(pointer)) {
            return null;
        }
        try {
            return TrafficSource.of(id, node, rate, sizes, distribution, active);
        } catch (IllegalArgumentException e) {
            r.problem("active", e.getMessage());
            return null;
        }
    }

    private static PacketSizeMix sizes(ObjectReader r) {
        JsonNode v = r.raw("packetSize");
        try {
            if (v == null) {
                r.problem("packetSize", "required field \"packetSize\" is missing");
                return null;
            }
            if (v.isIntegralNumber()) {
                return PacketSizeMix.fixed(v.intValue());
            }
            if (!v.isArray()) {
                r.problem("packetSize", "expected a size in bytes or [{\"size\": 64, \"share\": 0.5}, ...], found "
                        + ObjectReader.describe(v));
                return null;
            }
            List<PacketSizeMix.Entry> entries = new ArrayList<>();
            for (int i = 0; i < v.size(); i++) {
                ObjectReader e = ObjectReader.of(v.get(i), r.pointer("packetSize") + "/" + i, r.problems());
                if (e == null) {
                    continue;
                }
                Long size = e.integer("size", true, PacketSizeMix.MIN_BYTES, PacketSizeMix.MAX_BYTES);
                Double share = e.number("share", true);
                e.finish();
                if (size != null && share != null) {
                    try {
                        entries.add(new PacketSizeMix.Entry(size.intValue(), share));
                    } catch (IllegalArgumentException ex) {
                        e.problem("share", ex.getMessage());
                    }
                }
            }
            return r.problems().hasAtOrBelow(r.pointer("packetSize")) ? null : PacketSizeMix.of(entries);
        } catch (IllegalArgumentException e) {
            r.problem("packetSize", e.getMessage());
            return null;
        }
    }

    private static Distribution distribution(ObjectReader r) {
        JsonNode v = r.raw("distribution");
        if (v == null) {
            return Distribution.CBR;
        }
        String type;
        ObjectReader o = null;
        if (v.isTextual()) {
            type = v.textValue();
        } else {
            o = ObjectReader.of(v, r.pointer("distribution"), r.problems());
            if (o == null) {
                return null;
            }
            type = o.string("type", true);
        }
        Distribution out = null;
        if ("cbr".equals(type) || "poisson".equals(type)) {
            out = "cbr".equals(type) ? Distribution.CBR : Distribution.POISSON;
        } else if ("onoff".equals(type)) {
            if (o == null) {
                r.problem("distribution", "onoff needs mean periods: {\"type\": \"onoff\", \"on\": \"100ms\", \"off\": \"100ms\"}");
                return null;
            }
            Duration on = o.duration("on", true);
            Duration off = o.duration("off", true);
            if (on != null && off != null) {
                try {
                    out = Distribution.onOff(on, off);
                } catch (IllegalArgumentException e) {
                    o.problem(null, e.getMessage());
                }
            }
        } else if (type != null) {
            r.problem("distribution", "unknown distribution \"" + type + "\" (use cbr, poisson or onoff)");
        }
        if (o != null) {
            o.finish();
        }
        return out;
    }

    private static List<Interval> intervals(ObjectReader r, RunParameters run) {
        List<JsonNode> list = r.array("active", false);
        if (list == null) {
            return run == null ? List.of() : List.of(Interval.of(0, run.durationSeconds()));
        }
        List<Interval> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode pair = list.get(i);
            String p = r.pointer("active") + "/" + i;
            if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isNumber() || !pair.get(1).isNumber()) {
                r.problems().add(p, "expected [start, end] in seconds, found " + ObjectReader.describe(pair));
                continue;
            }
            try {
                out.add(Interval.of(pair.get(0).doubleValue(), pair.get(1).doubleValue()));
            } catch (IllegalArgumentException e) {
                r.problems().add(p, e.getMessage());
            }
        }
        return out;
    }

    /** The canonical JSON text of a scenario. */
    public static String write(Scenario s) {
        return JsonWriter.write(toJson(s));
    }

    public static ObjectNode toJson(Scenario s) {
        ObjectNode o = F.objectNode();
        o.put("format", FORMAT);
        s.description().ifPresent(d -> o.put("description", d));
        o.set("config", ConfigJson.toJson(s.config()));
        ArrayNode sources = o.putArray("sources");
        for (TrafficSource src : s.sources()) {
            sources.add(source(src));
        }
        o.set("run", run(s.run()));
        return o;
    }

    private static ObjectNode source(TrafficSource s) {
        ObjectNode o = F.objectNode();
        o.put("id", s.id());
        o.put("node", s.nodeId());
        o.put("rate", s.rate().toString());
        if (s.sizes().isFixed()) {
            o.put("packetSize", s.sizes().entries().get(0).bytes());
        } else {
            ArrayNode mix = o.putArray("packetSize");
            for (PacketSizeMix.Entry e : s.sizes().entries()) {
                mix.addObject().put("size", e.bytes()).put("share", e.share());
            }
        }
        Distribution d = s.distribution();
        if (d.kind() == Distribution.Kind.ONOFF) {
            o.putObject("distribution").put("type", "onoff").put("on", Durations.format(d.onMean()))
                    .put("off", Durations.format(d.offMean()));
        } else {
            o.put("distribution", d.kind().jsonName());
        }
        ArrayNode active = o.putArray("active");
        for (Interval i : s.active()) {
            ArrayNode pair = active.addArray();
            putSeconds(pair, i.start());
            putSeconds(pair, i.end());
        }
        return o;
    }

    private static ObjectNode run(RunParameters r) {
        ObjectNode o = F.objectNode();
        putSeconds(o, "duration", r.durationSeconds());
        o.set("estimator", ConfigJson.estimatorToJson(r.estimator()));
        r.etaOverride().ifPresent(e -> o.put("eta", e));
        o.put("seed", r.seed());
        o.put("mode", r.mode().jsonName());
        putSeconds(o, "bin", r.binSeconds());
        r.settleSeconds().ifPresent(s -> putSeconds(o, "settle", s));
        return o;
    }

    private static void putSeconds(ArrayNode a, double s) {
        if (s == Math.rint(s) && Math.abs(s) < 1e15) {
            a.add((long) s);
        } else {
            a.add(s);
        }
    }

    private static void putSeconds(ObjectNode o, String field, double s) {
        if (s == Math.rint(s) && Math.abs(s) < 1e15) {
            o.put(field, (long) s);
        } else {
            o.put(field, s);
        }
    }
}
