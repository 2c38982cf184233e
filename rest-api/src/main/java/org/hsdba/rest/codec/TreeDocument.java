package org.hsdba.rest.codec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.Violation;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;

/**
 * A tree object of the config format read from a request, WITHOUT admission: the REST API must
 * tell value problems (400 bad-value / unknown-field) from broken tree rules (400 admission, or
 * an unadmitted preview), and needs the structurally valid but unadmitted tree for previews, which
 * the config reader ({@code ConfigJson.treeFromJson}, admission included) cannot give. Members
 * and their meaning are exactly those of the config format; node keys may also be given as the
 * node resource's {@code {"value", "mask"}} object.
 */
public final class TreeDocument {

    private final String pointer;
    private final BandwidthTree.Builder builder;
    private final Map<String, String> pointerById;

    private TreeDocument(String pointer, BandwidthTree.Builder builder, Map<String, String> pointerById) {
        this.pointer = pointer;
        this.builder = builder;
        this.pointerById = pointerById;
    }

    /**
     * Reads the tree object at {@code pointer} of a request. {@code pathPort} (may be null) is the
     * port the URL names: {@code device} and {@code port} then default to it and must agree with it.
     * Throws a {@code ConfigException} listing every value problem.
     */
    public static TreeDocument read(JsonNode json, String pointer, PortRef pathPort) {
        Problems problems = new Problems();
        TreeDocument doc = read(json, pointer, pathPort, problems);
        problems.throwIfAny();
        return doc;
    }

    private static TreeDocument read(JsonNode json, String pointer, PortRef pathPort, Problems problems) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String device = r.string("device", pathPort == null);
        Long port = r.integer("port", pathPort == null, 0, PortRef.MAX_PORT);
        Rate capacity = r.rate("capacity", true);
        Double eta = r.number("eta", false);
        String modeText = r.string("mode", false);
        r.integer("version", false, 0, Long.MAX_VALUE); // ignored: writes are checked with If-Match
        List<JsonNode> levelsJson = r.array("levels", true);
        List<JsonNode> nodesJson = r.array("nodes", true);
        r.finish();
        PortRef where = port(r, device, port, pathPort);
        AllocationMode mode = null;
        if (modeText != null) {
            try {
                mode = AllocationMode.fromJsonName(modeText);
            } catch (IllegalArgumentException e) {
                r.problem("mode", e.getMessage());
            }
        }
        List<LevelSpec> levels = new ArrayList<>();
        for (int i = 0; levelsJson != null && i < levelsJson.size(); i++) {
            levels.add(LevelCodec.read(levelsJson.get(i), r.pointer("levels") + "/" + i, problems));
        }
        List<RawNode> raw = new ArrayList<>();
        for (int j = 0; nodesJson != null && j < nodesJson.size(); j++) {
            RawNode n = RawNode.read(nodesJson.get(j), r.pointer("nodes") + "/" + j, problems);
            if (n != null) {
                raw.add(n);
            }
        }
        if (!problems.isEmpty()) {
            return null;
        }
        Map<String, String> pointerById = new HashMap<>();
        raw.forEach(n -> pointerById.putIfAbsent(n.id, n.pointer));
        List<NodeSpec> nodes = withKeys(raw, levels, problems);
        BandwidthTree.Builder b = BandwidthTree.builder(where).capacity(capacity)
                .eta(eta == null ? BandwidthTree.DEFAULT_ETA : eta)
                .mode(mode == null ? AllocationMode.WEIGHTED : mode).levels(levels).nodes(nodes);
        return problems.isEmpty() ? new TreeDocument(pointer, b, pointerById) : null;
    }

    private static PortRef port(ObjectReader r, String device, Long port, PortRef pathPort) {
        if (device != null && device.trim().isEmpty()) {
            r.problem("device", "device id is empty");
            return null;
        }
        if (pathPort != null && device != null && !device.equals(pathPort.deviceId())) {
            r.problem("device", "the tree is for device " + device + " but the URL names " + pathPort.deviceId());
        }
        if (pathPort != null && port != null && port != pathPort.port()) {
            r.problem("port", "the tree is for port " + port + " but the URL names port " + pathPort.port());
        }
        if (device == null || port == null) {
            return pathPort;
        }
        return PortRef.of(device, port);
    }

    /**
     * The tree, structurally checked (not admitted). Throws {@code InvalidTreeException} with every
     * structural violation; {@link #pointerOf} places them in the document.
     */
    public BandwidthTree build() {
        return builder.build();
    }

    /** Where a violation of this document's tree lies: the node's (or tree's) member. */
    public String pointerOf(Violation v) {
        String base = v.nodeId() == null ? pointer : pointerById.getOrDefault(v.nodeId(), null);
        if (base == null) {
            return null;
        }
        return v.field().isEmpty() ? base : base + "/" + v.field();
    }

    /** Parses each key with the field length of its node's level (unknown depths are left to the structure check). */
    private static List<NodeSpec> withKeys(List<RawNode> raw, List<LevelSpec> levels, Problems problems) {
        Map<String, RawNode> byId = new HashMap<>(raw.size() * 2);
        raw.forEach(n -> byId.putIfAbsent(n.id, n));
        List<NodeSpec> out = new ArrayList<>(raw.size());
        for (RawNode n : raw) {
            int depth = depth(n, byId, levels.size());
            if (n.key != null && depth > 0) {
                LevelSpec level = levels.get(depth - 1);
                try {
                    n.builder.key(MatchKey.parse(n.key, n.mask, level.field().lengthBits()));
                } catch (IllegalArgumentException e) {
                    problems.add(n.pointer + (e.getMessage().startsWith("mask") ? "/mask" : "/key"), e.getMessage()
                            + " (level \"" + level.name() + "\" matches " + level.field().lengthBits() + " bits)");
                }
            }
            out.add(n.builder.build());
        }
        return out;
    }

    /** 1-based depth, or -1 if the parent chain is broken, cyclic or deeper than the levels. */
    private static int depth(RawNode n, Map<String, RawNode> byId, int levels) {
        int d = 1;
        for (String p = n.parent; p != null; p = byId.get(p).parent) {
            if (!byId.containsKey(p) || ++d > levels) {
                return -1;
            }
        }
        return d;
    }

    /** A node's members as read; its key needs its depth to be interpreted. */
    private static final class RawNode {
        final String pointer;
        final String id;
        final String parent;
        final String key;
        final String mask;
        final NodeSpec.Builder builder;

        private RawNode(String pointer, String id, String parent, String key, String mask, NodeSpec.Builder builder) {
            this.pointer = pointer;
            this.id = id;
            this.parent = parent;
            this.key = key;
            this.mask = mask;
            this.builder = builder;
        }

        static RawNode read(JsonNode json, String pointer, Problems problems) {
            ObjectReader r = ObjectReader.of(json, pointer, problems);
            if (r == null) {
                return null;
            }
            String id = r.string("id", true);
            String parent = r.string("parent", false);
            KeyText key = KeyText.read(r);
            Rate g = r.rate("guaranteed", false);
            Double w = r.number("weight", false);
            Rate l = r.limit("peak", false);
            Boolean template = r.bool("template");
            Boolean pinned = r.bool("pinned");
            r.finish();
            if (id == null || key == null) {
                return null;
            }
            NodeSpec.Builder b = NodeSpec.builder(id).parent(parent).guaranteed(g).weight(w)
                    .peak(l == null ? Rate.UNLIMITED : l).template(Boolean.TRUE.equals(template))
                    .pinned(Boolean.TRUE.equals(pinned));
            return new RawNode(pointer, id, parent, key.value, key.mask, b);
        }
    }
}
