package org.hsdba.model.json;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.EnforcementMode;
import org.hsdba.model.Estimator;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.Ranges;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.model.ViolationCode;

/**
 * The {@code hsdba/1} configuration format (docs/config-format.md,
 * docs/schema/hsdba-config.schema.json). Reading either returns a complete, admitted
 * {@link HsdbaConfig} or throws a {@link ConfigException} listing every problem with its JSON
 * pointer (and line and column when reading text). Writing gives the canonical text:
 * {@code write(read(x))} is the canonical form of {@code x} and {@code read(write(c))} equals
 * {@code c}.
 */
public final class ConfigJson {

    public static final String FORMAT = "hsdba/1";

    private ConfigJson() {
    }

    /** Reads a file; problems carry line and column. */
    public static HsdbaConfig read(Path file) {
        return read(JsonText.readFile(file));
    }

    public static HsdbaConfig read(InputStream in) {
        return read(JsonText.readAll(in));
    }

    public static HsdbaConfig read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    public static HsdbaConfig read(byte[] bytes) {
        return JsonText.read(bytes, ConfigJson::fromJson);
    }

    /** Reads an already parsed document; problems carry JSON pointers only. */
    public static HsdbaConfig fromJson(JsonNode root) {
        Problems problems = new Problems();
        HsdbaConfig config = fromJson(root, "", problems);
        problems.throwIfAny();
        return config;
    }

    /** Reads a configuration embedded at {@code pointer} (e.g. in a scenario); null with problems recorded on failure. */
    public static HsdbaConfig fromJson(JsonNode json, String pointer, Problems problems) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String format = r.string("format", true);
        if (format != null && !format.equals(FORMAT)) {
            r.problem("format", "unsupported format \"" + format + "\"; this version reads \"" + FORMAT + "\"");
            return null;
        }
        int before = problems.count();
        ObjectReader rt = r.object("runtime", false);
        RuntimeParameters runtime = rt == null ? RuntimeParameters.DEFAULTS : runtime(rt);
        List<JsonNode> treesJson = r.array("trees", true);
        r.finish();
        List<BandwidthTree> trees = new ArrayList<>();
        Map<PortRef, Integer> seen = new HashMap<>();
        TreeReader reader = new TreeReader(problems);
        for (int i = 0; treesJson != null && i < treesJson.size(); i++) {
            String treePointer = r.pointer("trees") + "/" + i;
            BandwidthTree t = reader.tree(treesJson.get(i), treePointer);
            if (t == null) {
                continue;
            }
            Integer previous = seen.putIfAbsent(t.port(), i);
            if (previous != null) {
                problems.add(treePointer + "/port", "port " + t.port() + " already has a tree at "
                        + r.pointer("trees") + "/" + previous);
            }
            trees.add(t);
        }
        return problems.count() > before ? null : HsdbaConfig.of(runtime, trees);
    }

    private static RuntimeParameters runtime(ObjectReader r) {
        Estimator estimator = estimatorFromJson(r, "estimator");
        Duration polling = r.duration("pollingPeriod", false);
        Duration idle = r.duration("idleTimeout", false);
        Duration hold = r.duration("responsiveHold", false);
        String mode = r.string("mode", false);
        r.finish();
        RuntimeParameters out = RuntimeParameters.DEFAULTS;
        if (estimator != null) {
            out = out.withEstimator(estimator);
        }
        out = inRange(r, "pollingPeriod", Ranges.POLLING_PERIOD, out, polling, RuntimeParameters::withPollingPeriod);
        out = inRange(r, "idleTimeout", Ranges.IDLE_TIMEOUT, out, idle, RuntimeParameters::withIdleTimeout);
        out = inRange(r, "responsiveHold", Ranges.RESPONSIVE_HOLD, out, hold, RuntimeParameters::withResponsiveHold);
        if (mode != null) {
            try {
                out = out.withMode(EnforcementMode.fromJsonName(mode));
            } catch (IllegalArgumentException e) {
                r.problem("mode", e.getMessage());
            }
        }
        return out;
    }

    /**
     * {@code out} with a duration member set, or unchanged (and a {@code DURATION_OUT_OF_RANGE} rule
     * recorded at the member: a string's number no schema can bound) if the duration is outside
     * the parameter's range ({@link Ranges}, the same the parameters API enforces).
     */
    private static RuntimeParameters inRange(ObjectReader r, String field, Ranges.DurationRange range,
                                             RuntimeParameters out, Duration value,
                                             java.util.function.BiFunction<RuntimeParameters, Duration, RuntimeParameters> with) {
        if (value == null) {
            return out;
        }
        if (!range.contains(value)) {
            r.rule(field, ViolationCode.DURATION_OUT_OF_RANGE, field + " " + Durations.format(value)
                    + " is outside " + range);
            return out;
        }
        return with.apply(out, value);
    }

    /**
     * Reads an estimator member: {@code {"type": "ewma", "k": "10ms"}} or
     * {@code {"type": "window", "window": "100ms"}}; null if absent or wrong (problem recorded).
     */
    public static Estimator estimatorFromJson(ObjectReader parent, String field) {
        ObjectReader e = parent.object(field, false);
        if (e == null) {
            return null;
        }
        String type = e.string("type", true);
        Duration k = e.duration("k", false);
        Duration window = e.duration("window", false);
        e.finish();
        try {
            if ("ewma".equals(type)) {
                if (window != null) {
                    e.problem("window", "an ewma estimator takes \"k\", not \"window\"");
                    return null;
                }
                return k == null ? Estimator.DEFAULT : estimatorInRange(e, "k", k, Estimator::ewma);
            }
            if ("window".equals(type)) {
                if (k != null) {
                    e.problem("k", "a window estimator takes \"window\", not \"k\"");
                    return null;
                }
                if (window == null) {
                    e.problem("window", "required field \"window\" is missing");
                    return null;
                }
                return estimatorInRange(e, "window", window, Estimator::window);
            }
            if (type != null) {
                e.problem("type", "unknown estimator \"" + type + "\" (use ewma or window)");
            }
        } catch (IllegalArgumentException ex) {
            e.problem(null, ex.getMessage());
        }
        return null;
    }

    /** The estimator, or null with a {@code DURATION_OUT_OF_RANGE} rule at the member if its period is outside {@link Ranges#ESTIMATOR_PERIOD}. */
    private static Estimator estimatorInRange(ObjectReader e, String field, Duration period,
                                              java.util.function.Function<Duration, Estimator> make) {
        if (!Ranges.ESTIMATOR_PERIOD.contains(period)) {
            e.rule(field, ViolationCode.DURATION_OUT_OF_RANGE, "estimator " + field + " " + Durations.format(period)
                    + " is outside " + Ranges.ESTIMATOR_PERIOD);
            return null;
        }
        return make.apply(period);
    }

    public static ObjectNode estimatorToJson(Estimator e) {
        return ConfigWriter.estimator(e);
    }

    /** The canonical JSON text of a configuration. */
    public static String write(HsdbaConfig config) {
        return JsonWriter.write(toJson(config));
    }

    public static ObjectNode toJson(HsdbaConfig config) {
        return ConfigWriter.config(config);
    }

    /** One tree as a JSON object (the elements of {@code "trees"}). */
    public static ObjectNode treeToJson(BandwidthTree tree) {
        return ConfigWriter.tree(tree);
    }

    /** Reads and admits one tree object (an element of {@code "trees"}). */
    public static BandwidthTree treeFromJson(JsonNode json) {
        Problems problems = new Problems();
        BandwidthTree t = new TreeReader(problems).tree(json, "");
        problems.throwIfAny();
        return t;
    }

    /** One node as a JSON object (the elements of {@code "nodes"}). */
    public static ObjectNode nodeToJson(NodeSpec node) {
        return ConfigWriter.node(node);
    }

    /**
     * Reads one node object for an edit of {@code tree}: its key is read with the field length of
     * the level below its parent. Only the node's own members are checked here; the edit itself
     * goes through {@code Admission.apply}.
     */
    public static NodeSpec nodeFromJson(JsonNode json, BandwidthTree tree) {
        return nodeFromJson(json, parent -> {
            int depth = parent == null ? 1 : tree.indexOf(parent) < 0 ? -1 : tree.depth(parent) + 1;
            if (depth < 0) {
                return "no node \"" + parent + "\" under " + tree.rootPath();
            }
            if (depth > tree.levels().size()) {
                return "a child of \"" + parent + "\" would be at level " + depth + " but " + tree.rootPath()
                        + " has " + tree.levels().size() + " level(s)";
            }
            return tree.levels().get(depth - 1).field().lengthBits();
        });
    }

    /**
     * Reads one node object whose key length the caller knows from the parent's id: {@code
     * keyLength} answers the key's length in bits (an Integer) or why the parent is not right
     * (a String, reported on "parent").
     */
    public static NodeSpec nodeFromJson(JsonNode json, Function<String, Object> keyLength) {
        Problems problems = new Problems();
        ObjectReader r = ObjectReader.of(json, "", problems);
        if (r == null) {
            problems.throwIfAny();
        }
        String id = r.string("id", true);
        String parent = r.string("parent", false);
        String key = r.string("key", false);
        String mask = r.string("mask", false);
        Rate g = r.rate("guaranteed", false);
        Double w = r.number("weight", false);
        Rate l = r.limit("peak", false);
        Boolean template = r.bool("template");
        Boolean pinned = r.bool("pinned");
        Boolean joined = r.bool("joined");
        r.finish();
        problems.throwIfAny();
        NodeSpec.Builder b = NodeSpec.builder(id).parent(parent).guaranteed(g).weight(w)
                .peak(l == null ? Rate.UNLIMITED : l)
                .template(Boolean.TRUE.equals(template)).pinned(Boolean.TRUE.equals(pinned))
                .joined(Boolean.TRUE.equals(joined));
        Object length = keyLength.apply(parent);
        if (length instanceof String) {
            r.problem("parent", (String) length);
        } else if (key != null) {
            try {
                b.key(MatchKey.parse(key, mask, (Integer) length));
            } catch (IllegalArgumentException e) {
                r.problem("key", e.getMessage());
            }
        }
        problems.throwIfAny();
        return b.build();
    }
}
