package org.hsdba.impl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;

/**
 * The children of every parent of one tree version by key, for join planning: a join looks up
 * the exact-key child its packet matches and the parent's template directly instead of scanning
 * thousands of joined siblings. Exact keys of the level's field length are hashed; other keys
 * (prefixes, masks, odd lengths) are few (declared nodes) and scanned. Sibling keys never
 * overlap (admission), so at most one child matches and the order of the look-up does not
 * matter. Keyed by node id so that adding nodes keeps it valid ({@link #advance}); any other
 * change rebuilds it ({@link #forTree}). Not thread-safe: used under the write lock.
 */
final class ChildKeyIndex {

    /** One parent's children (the port's under the null id). */
    private static final class Children {
        final Map<MatchKey, String> exact = new HashMap<>();
        final List<String> other = new ArrayList<>(0);
        String template;
    }

    private final Map<String, Children> byParent = new HashMap<>();
    private BandwidthTree tree;

    private ChildKeyIndex(BandwidthTree tree) {
        this.tree = tree;
        for (int i = 0; i < tree.size(); i++) {
            put(tree.node(i), tree.depth(i));
        }
    }

    /** {@code index} if it was made for this very tree, else a new index of it. */
    static ChildKeyIndex forTree(ChildKeyIndex index, BandwidthTree tree) {
        return index != null && index.tree == tree ? index : new ChildKeyIndex(tree);
    }

    /** Brings the index to {@code next}, which is this index's tree with {@code added} nodes added (nothing else changed). */
    void advance(BandwidthTree next, List<NodeSpec> added) {
        for (NodeSpec n : added) {
            put(n, next.depth(next.indexOf(n.id())));
        }
        tree = next;
    }

    BandwidthTree tree() {
        return tree;
    }

    /** The non-template child of {@code parent} (-1: the port) whose key matches the frame at the field, or -1. */
    int matchingChild(int parent, byte[] frame, FieldSpec field) {
        Children c = byParent.get(parent < 0 ? null : tree.node(parent).id());
        if (c == null) {
            return -1;
        }
        if (!c.exact.isEmpty()) {
            byte[] value = FieldBits.extract(frame, field);
            if (value != null) {
                String id = c.exact.get(MatchKey.exact(field.lengthBits(), value));
                if (id != null) {
                    return tree.indexOf(id);
                }
            }
        }
        for (String id : c.other) {
            int i = tree.indexOf(id);
            if (tree.node(i).key().matches(frame, field.offsetBits())) {
                return i;
            }
        }
        return -1;
    }

    /** The template node under {@code parentId} (null: the port), or null. */
    NodeSpec template(String parentId) {
        Children c = byParent.get(parentId);
        return c == null || c.template == null ? null : tree.get(c.template);
    }

    private void put(NodeSpec n, int depth) {
        Children c = byParent.computeIfAbsent(n.parentId(), p -> new Children());
        if (n.isTemplate()) {
            if (c.template == null) {
                c.template = n.id(); // the first in order, as BandwidthTree#template
            }
        } else if (n.key() != null) {
            int fieldBits = tree.levels().get(depth - 1).field().lengthBits();
            if (n.key().isExact() && n.key().lengthBits() == fieldBits) {
                c.exact.put(n.key(), n.id());
            } else {
                c.other.add(n.id());
            }
        }
    }
}
