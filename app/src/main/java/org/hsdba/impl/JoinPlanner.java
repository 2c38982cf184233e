package org.hsdba.impl;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;

/**
 * Turns a join packet-in into the node to add (algorithm section 4), as a pure function of the
 * tree, the level whose table missed and the frame. The parent is found by matching the
 * frame against the keys of the levels above, top-down; the new node matches exactly the
 * frame's value of its level's field and copies its guarantee, weight and peak from the
 * parent's template node, or else from the level's join template.
 */
final class JoinPlanner {

    private static final int MAX_ID = 64;

    private JoinPlanner() {
    }

    static JoinPlan plan(BandwidthTree tree, int depth, byte[] frame) {
        return plan(ChildKeyIndex.forTree(null, tree), depth, frame);
    }

    /** {@link #plan(BandwidthTree, int, byte[])} of the index's tree, looking children up in the index. */
    static JoinPlan plan(ChildKeyIndex children, int depth, byte[] frame) {
        BandwidthTree tree = children.tree();
        if (depth > tree.levels().size()) {
            return JoinPlan.refuse("join at level " + depth + " but the tree of " + tree.rootPath() + " has "
                    + tree.levels().size() + " level(s)");
        }
        int parent = -1;
        for (int d = 1; d < depth; d++) {
            FieldSpec field = tree.levels().get(d - 1).field();
            int match = children.matchingChild(parent, frame, field);
            if (match < 0) {
                return JoinPlan.ignore("no " + tree.levels().get(d - 1).name() + " node under "
                        + describe(tree, parent) + " matches the packet; it must join at level " + d + " first");
            }
            parent = match;
        }
        LevelSpec level = tree.levels().get(depth - 1);
        byte[] value = FieldBits.extract(frame, level.field());
        if (value == null) {
            return JoinPlan.refuse("packet of " + frame.length + " bytes is too short for level \"" + level.name()
                    + "\" (" + level.field() + ") under " + describe(tree, parent));
        }
        int existing = children.matchingChild(parent, frame, level.field());
        if (existing >= 0) {
            return JoinPlan.ignore(tree.path(existing) + " already matches the packet");
        }
        String parentId = parent < 0 ? null : tree.node(parent).id();
        MatchKey key = MatchKey.exact(level.field().lengthBits(), value);
        NodeSpec.Builder node = NodeSpec.builder(uniqueId(tree, level.name(), key)).parent(parentId).key(key)
                .joined(true);
        NodeSpec template = children.template(parentId);
        if (template != null) {
            NodeSpec t = template;
            if (t.key() != null && !t.key().matches(frame, level.field().offsetBits())) {
                return JoinPlan.refuse("key " + key + " is outside " + t.key() + " of template " + tree.path(t.id()));
            }
            node.guaranteed(t.guaranteed().orElse(null)).peak(t.peak())
                    .weight(t.weight().isPresent() ? t.weight().getAsDouble() : null);
        } else if (level.join().isPresent()) {
            JoinTemplate t = level.join().get();
            node.guaranteed(t.guaranteed().orElse(null)).peak(t.peak())
                    .weight(t.weight().isPresent() ? t.weight().getAsDouble() : null);
        } else {
            return JoinPlan.refuse("no join template for level \"" + level.name() + "\" under "
                    + describe(tree, parent) + " (declare a template node or a level template)");
        }
        return JoinPlan.add(node.build());
    }

    private static String describe(BandwidthTree tree, int index) {
        return index < 0 ? tree.rootPath() : tree.path(index);
    }

    /** {@code <level>-<key>}, e.g. {@code user-10.0.1.5}, made valid and unique in the tree. */
    static String uniqueId(BandwidthTree tree, String levelName, MatchKey key) {
        String base = sanitize(levelName + "-" + key.valueText());
        if (!tree.contains(base)) {
            return base;
        }
        for (int n = 2; ; n++) {
            String suffix = "-" + n;
            String id = base.substring(0, Math.min(base.length(), MAX_ID - suffix.length())) + suffix;
            if (!tree.contains(id)) {
                return id;
            }
        }
    }

    private static String sanitize(String s) {
        StringBuilder sb = new StringBuilder(Math.min(s.length(), MAX_ID));
        for (int i = 0; i < s.length() && sb.length() < MAX_ID; i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '.' || c == ':' || c == '-';
            sb.append(ok ? c : '_');
        }
        return sb.toString();
    }
}
