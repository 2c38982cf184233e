package org.hsdba.model.json;

import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.Estimator;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortSelector;
import org.hsdba.model.RuntimeParameters;

/**
 * The canonical JSON form: members in a fixed order, defaults omitted (runtime block equal to
 * the defaults, mode "weighted", version 0, unlimited peaks, false flags, full masks), rates and
 * durations as exact text with units, whole weights as integers.
 */
final class ConfigWriter {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ConfigWriter() {
    }

    static ObjectNode config(HsdbaConfig c) {
        return config(c, ConfigWriter::node);
    }

    /** The configuration with each tree node as {@code nodes} makes it (its object, or text kept from before). */
    static ObjectNode config(HsdbaConfig c, Function<NodeSpec, JsonNode> nodes) {
        ObjectNode o = F.objectNode();
        o.put("format", ConfigJson.FORMAT);
        if (!c.runtime().equals(RuntimeParameters.DEFAULTS)) {
            o.set("runtime", runtime(c.runtime()));
        }
        ArrayNode trees = o.putArray("trees");
        c.trees().forEach(t -> trees.add(tree(t, nodes)));
        return o;
    }

    static ObjectNode runtime(RuntimeParameters r) {
        ObjectNode o = F.objectNode();
        o.set("estimator", estimator(r.estimator()));
        o.put("pollingPeriod", Durations.format(r.pollingPeriod()));
        o.put("idleTimeout", Durations.format(r.idleTimeout()));
        // Written only when it is not the default, so that a file written before the hold became
        // the default (no member) reads as the default; an explicit 0s (off) is kept.
        if (!r.responsiveHold().equals(RuntimeParameters.DEFAULT_RESPONSIVE_HOLD)) {
            o.put("responsiveHold", Durations.format(r.responsiveHold()));
        }
        o.put("mode", r.mode().jsonName());
        return o;
    }

    static ObjectNode estimator(Estimator e) {
        ObjectNode o = F.objectNode();
        o.put("type", e.kind().jsonName());
        if (e.derived()) {
            return o; // no "k": derived from each port's capacity
        }
        o.put(e.kind() == Estimator.Kind.EWMA ? "k" : "window", Durations.format(e.period()));
        return o;
    }

    static ObjectNode tree(BandwidthTree t) {
        return tree(t, ConfigWriter::node);
    }

    private static ObjectNode tree(BandwidthTree t, Function<NodeSpec, JsonNode> node) {
        ObjectNode o = treeHead(t);
        ArrayNode nodes = o.putArray("nodes");
        t.nodes().forEach(n -> nodes.add(node.apply(n)));
        return o;
    }

    /** A tree's members but its nodes, in the canonical order ("nodes" comes last). */
    static ObjectNode treeHead(BandwidthTree t) {
        ObjectNode o = F.objectNode();
        o.put("device", t.port().deviceId());
        o.put("port", t.port().port());
        o.put("capacity", t.capacity().toString());
        o.put("eta", t.eta());
        if (t.mode() != AllocationMode.WEIGHTED) {
            o.put("mode", t.mode().jsonName());
        }
        // "version" is the operator's; the store's revision only where joins or prunes moved it on.
        if (t.operatorVersion() != 0) {
            o.put("version", t.operatorVersion());
        }
        if (t.generation() != 0) {
            o.put("generation", t.generation());
        }
        if (t.version() != t.operatorVersion()) {
            o.put("revision", t.version());
        }
        ArrayNode levels = o.putArray("levels");
        t.levels().forEach(l -> levels.add(level(l)));
        t.selector().ifPresent(s -> o.set("selector", selector(s)));
        return o;
    }

    private static ObjectNode level(LevelSpec l) {
        ObjectNode o = F.objectNode();
        o.put("name", l.name());
        ObjectNode field = o.putObject("field");
        field.put("offset", l.field().offsetBits());
        field.put("length", l.field().lengthBits());
        l.join().ifPresent(j -> o.set("join", join(j)));
        return o;
    }

    static ObjectNode selector(PortSelector s) {
        ObjectNode o = F.objectNode();
        ObjectNode field = o.putObject("field");
        field.put("offset", s.field().offsetBits());
        field.put("length", s.field().lengthBits());
        o.put("key", s.key().valueText());
        if (s.key().maskText() != null) {
            o.put("mask", s.key().maskText());
        }
        return o;
    }

    private static ObjectNode join(JoinTemplate j) {
        ObjectNode o = F.objectNode();
        j.guaranteed().ifPresent(g -> o.put("guaranteed", g.toString()));
        j.weight().ifPresent(w -> putWeight(o, w));
        if (!j.peak().isUnlimited()) {
            o.put("peak", j.peak().toString());
        }
        j.idleTimeout().ifPresent(d -> o.put("idleTimeout", Durations.format(d)));
        j.lifetime().ifPresent(d -> o.put("lifetime", Durations.format(d)));
        return o;
    }

    static ObjectNode node(NodeSpec n) {
        ObjectNode o = F.objectNode();
        o.put("id", n.id());
        if (n.parentId() != null) {
            o.put("parent", n.parentId());
        }
        if (n.key() != null) {
            o.put("key", n.key().valueText());
            if (n.key().maskText() != null) {
                o.put("mask", n.key().maskText());
            }
        }
        n.guaranteed().ifPresent(g -> o.put("guaranteed", g.toString()));
        n.weight().ifPresent(w -> putWeight(o, w));
        if (!n.peak().isUnlimited()) {
            o.put("peak", n.peak().toString());
        }
        if (n.isTemplate()) {
            o.put("template", true);
        }
        if (n.isPinned()) {
            o.put("pinned", true);
        }
        if (n.isJoined()) {
            o.put("joined", true);
        }
        return o;
    }

    private static void putWeight(ObjectNode o, double w) {
        if (w == Math.rint(w) && Math.abs(w) < 1e15) {
            o.put("weight", (long) w);
        } else {
            o.put("weight", w);
        }
    }
}
