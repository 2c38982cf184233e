package org.hsdba.model.json;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.admission.Admission;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;

/**
 * Reads one tree object in three stages, each reporting all of its problems: fields (types,
 * units, unknown members), then structure (ids, parents, cycles, depth, keys), then admission.
 * A later stage runs only if the earlier ones found nothing, so that every message is about the
 * file as written rather than a consequence of an earlier error.
 */
final class TreeReader {

    private final Problems problems;

    TreeReader(Problems problems) {
        this.problems = problems;
    }

    /** A node's members as read, before its key can be interpreted (that needs its depth). */
    private static final class RawNode {
        final String pointer;
        final String id;
        final String parent;
        final String keyText;
        final String maskText;
        final NodeSpec.Builder builder;

        RawNode(String pointer, String id, String parent, String keyText, String maskText, NodeSpec.Builder builder) {
            this.pointer = pointer;
            this.id = id;
            this.parent = parent;
            this.keyText = keyText;
            this.maskText = maskText;
            this.builder = builder;
        }
    }

    /** The tree, or null with problems recorded. */
    BandwidthTree tree(JsonNode json, String pointer) {
        int before = problems.count();
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String device = r.string("device", true);
        Long port = r.integer("port", true, 0, PortRef.MAX_PORT);
        Rate capacity = r.rate("capacity", true);
        Double eta = r.number("eta", false);
        AllocationMode mode = mode(r);
        Long version = r.integer("version", false, 0, Long.MAX_VALUE);
        List<JsonNode> levelsJson = r.array("levels", true);
        List<JsonNode> nodesJson = r.array("nodes", true);
        r.finish();
        if (device != null && device.trim().isEmpty()) {
            r.problem("device", "device id is empty");
        }
        List<LevelSpec> levels = new ArrayList<>();
        if (levelsJson != null) {
            for (int i = 0; i < levelsJson.size(); i++) {
                levels.add(level(levelsJson.get(i), r.pointer("levels") + "/" + i));
            }
        }
        List<RawNode> raw = new ArrayList<>();
        if (nodesJson != null) {
            for (int j = 0; j < nodesJson.size(); j++) {
                raw.add(rawNode(nodesJson.get(j), r.pointer("nodes") + "/" + j));
            }
        }
        if (problems.count() > before) {
            return null;
        }
        List<NodeSpec> nodes = withKeys(raw, levels);
        if (problems.count() > before) {
            return null;
        }
        BandwidthTree tree;
        try {
            tree = BandwidthTree.builder(PortRef.of(device, port)).capacity(capacity)
                    .eta(eta == null ? BandwidthTree.DEFAULT_ETA : eta)
                    .mode(mode == null ? AllocationMode.WEIGHTED : mode)
                    .version(version == null ? 0 : version).levels(levels).nodes(nodes).build();
        } catch (InvalidTreeException e) {
            report(e.violations(), pointer, raw);
            return null;
        }
        List<Violation> violations = Admission.check(tree);
        if (!violations.isEmpty()) {
            report(violations, pointer, raw);
            return null;
        }
        return tree;
    }

    private AllocationMode mode(ObjectReader r) {
        String text = r.string("mode", false);
        if (text == null) {
            return null;
        }
        try {
            return AllocationMode.fromJsonName(text);
        } catch (IllegalArgumentException e) {
            r.problem("mode", e.getMessage());
            return null;
        }
    }

    private LevelSpec level(JsonNode json, String pointer) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
        }
        String name = r.string("name", true);
        ObjectReader f = r.object("field", true);
        ObjectReader j = r.object("join", false);
        r.finish();
        FieldSpec field = null;
        if (f != null) {
            Long offset = f.integer("offset", true, 0, FieldSpec.MAX_OFFSET_BITS);
            Long length = f.integer("length", true, 1, FieldSpec.MAX_LENGTH_BITS);
            f.finish();
            field = offset == null || length == null ? null : FieldSpec.of(offset.intValue(), length.intValue());
        }
        JoinTemplate join = j == null ? null : join(j);
        if (name != null && name.trim().isEmpty()) {
            r.problem("name", "level name is empty");
            return null;
        }
        return name == null || field == null ? null : LevelSpec.of(name, field, join);
    }

    private JoinTemplate join(ObjectReader j) {
        JoinTemplate.Builder b = JoinTemplate.builder()
                .guaranteed(j.rate("guaranteed", false))
                .weight(j.number("weight", false))
                .idleTimeout(j.duration("idleTimeout", false))
                .lifetime(j.duration("lifetime", false));
        Rate peak = j.limit("peak", false);
        j.finish();
        return b.peak(peak == null ? Rate.UNLIMITED : peak).build();
    }

    private RawNode rawNode(JsonNode json, String pointer) {
        ObjectReader r = ObjectReader.of(json, pointer, problems);
        if (r == null) {
            return null;
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
        r.finish();
        if (mask != null && key == null) {
            r.problem("mask", "a mask needs a key");
        }
        if (id == null) {
            return null;
        }
        NodeSpec.Builder b = NodeSpec.builder(id).parent(parent).guaranteed(g).weight(w)
                .peak(l == null ? Rate.UNLIMITED : l)
                .template(Boolean.TRUE.equals(template)).pinned(Boolean.TRUE.equals(pinned));
        return new RawNode(pointer, id, parent, key, mask, b);
    }

    /** Parses each key with the field length of the level its node sits at (unknown depths are left to the structure check). */
    private List<NodeSpec> withKeys(List<RawNode> raw, List<LevelSpec> levels) {
        Map<String, RawNode> byId = new HashMap<>(raw.size() * 2);
        for (RawNode n : raw) {
            byId.putIfAbsent(n.id, n);
        }
        List<NodeSpec> out = new ArrayList<>(raw.size());
        for (RawNode n : raw) {
            int depth = depth(n, byId, levels.size());
            if (n.keyText != null && depth > 0) {
                try {
                    n.builder.key(MatchKey.parse(n.keyText, n.maskText, levels.get(depth - 1).field().lengthBits()));
                } catch (IllegalArgumentException e) {
                    problems.add(n.pointer + (e.getMessage().startsWith("mask") ? "/mask" : "/key"),
                            e.getMessage() + " (level \"" + levels.get(depth - 1).name() + "\" matches "
                                    + levels.get(depth - 1).field().lengthBits() + " bits)");
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

    /** Maps violations to the pointers of the members they are about. */
    private void report(List<Violation> violations, String treePointer, List<RawNode> raw) {
        Map<String, List<RawNode>> byId = new HashMap<>();
        for (RawNode n : raw) {
            byId.computeIfAbsent(n.id, k -> new ArrayList<>(1)).add(n);
        }
        Map<String, Integer> duplicatesSeen = new HashMap<>();
        for (Violation v : violations) {
            String base;
            if (v.nodeId() == null) {
                base = treePointer;
            } else {
                List<RawNode> same = byId.get(v.nodeId());
                int k = 0;
                if (v.code() == ViolationCode.DUPLICATE_ID) {
                    k = Math.min(same.size() - 1, duplicatesSeen.merge(v.nodeId(), 1, Integer::sum));
                }
                base = same == null ? treePointer : same.get(k).pointer;
            }
            problems.add(v.field().isEmpty() ? base : base + "/" + v.field(), v.message());
        }
    }
}
