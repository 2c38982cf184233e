package org.hsdba.rest.codec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.json.KeyText;
import org.hsdba.model.json.ObjectReader;
import org.hsdba.model.json.Problems;

/**
 * Reads new nodes (config-format node objects) for an edit of an existing tree: a node's key is
 * read with the field length of the level it will sit at, found from its parent in the tree or
 * among the other new nodes. Only the nodes' own members are checked here; the edit's tree rules
 * are the service's business.
 */
public final class NodeJson {

    private NodeJson() {
    }

    /** One node object (POST .../nodes); throws a {@code ConfigException} listing every problem. */
    public static NodeSpec readNode(JsonNode json, String pointer, BandwidthTree tree) {
        Problems problems = new Problems();
        List<NodeSpec> out = readNodes(List.of(json), List.of(pointer), tree, problems);
        problems.throwIfAny();
        return out.get(0);
    }

    /** Several node objects at the given pointers, e.g. a replacement subtree. */
    static List<NodeSpec> readNodes(List<JsonNode> json, List<String> pointers, BandwidthTree tree, Problems problems) {
        int before = problems.count();
        List<Raw> raw = new ArrayList<>(json.size());
        for (int i = 0; i < json.size(); i++) {
            Raw r = Raw.read(json.get(i), pointers.get(i), problems);
            if (r != null) {
                raw.add(r);
            }
        }
        if (problems.count() > before) {
            return List.of();
        }
        Map<String, Raw> byId = new HashMap<>();
        raw.forEach(r -> byId.putIfAbsent(r.id, r));
        List<NodeSpec> out = new ArrayList<>(raw.size());
        for (Raw r : raw) {
            int depth = depth(r, byId, tree);
            if (depth < 0) {
                r.reader.problem("parent", "no node \"" + r.parent + "\" under " + tree.rootPath());
            } else if (depth > tree.levels().size()) {
                r.reader.problem("parent", "a child of \"" + r.parent + "\" would be at level " + depth + " but "
                        + tree.rootPath() + " has " + tree.levels().size() + " level(s)");
            } else if (r.key.value() != null) {
                LevelSpec level = tree.levels().get(depth - 1);
                try {
                    r.builder.key(MatchKey.parse(r.key.value(), r.key.mask(), level.field().lengthBits()));
                } catch (IllegalArgumentException e) {
                    r.reader.problem(r.key.memberOf(e), e.getMessage()
                            + " (level \"" + level.name() + "\" matches " + level.field().lengthBits() + " bits)");
                }
            }
            out.add(r.builder.build());
        }
        return out;
    }

    /** Depth the node would have: from its parent among the new nodes, else in the tree; -1 if unknown or cyclic. */
    private static int depth(Raw r, Map<String, Raw> byId, BandwidthTree tree) {
        int d = 1;
        String p = r.parent;
        for (int steps = 0; p != null && byId.containsKey(p); steps++) {
            if (steps > byId.size()) {
                return -1;
            }
            d++;
            p = byId.get(p).parent;
        }
        if (p == null) {
            return d;
        }
        return tree.contains(p) ? tree.depth(p) + d : -1;
    }

    /** A node's members as read. */
    private static final class Raw {
        final ObjectReader reader;
        final String id;
        final String parent;
        final KeyText key;
        final NodeSpec.Builder builder;

        private Raw(ObjectReader reader, String id, String parent, KeyText key, NodeSpec.Builder builder) {
            this.reader = reader;
            this.id = id;
            this.parent = parent;
            this.key = key;
            this.builder = builder;
        }

        static Raw read(JsonNode json, String pointer, Problems problems) {
            ObjectReader r = ObjectReader.of(json, pointer, problems);
            if (r == null) {
                return null;
            }
            String id = r.string("id", true);
            String parent = r.string("parent", false);
            KeyText key = KeyText.readApiForms(r);
            Rate g = r.rate("guaranteed", false);
            Double w = r.number("weight", false);
            Rate l = r.limit("peak", false);
            Boolean template = r.bool("template");
            Boolean pinned = r.bool("pinned");
            Boolean joined = r.bool("joined");
            r.finish();
            if (id == null || key == null) {
                return null;
            }
            NodeSpec.Builder b = NodeSpec.builder(id).parent(parent).guaranteed(g).weight(w)
                    .peak(l == null ? Rate.UNLIMITED : l).template(Boolean.TRUE.equals(template))
                    .pinned(Boolean.TRUE.equals(pinned)).joined(Boolean.TRUE.equals(joined));
            return new Raw(r, id, parent, key, b);
        }
    }
}
