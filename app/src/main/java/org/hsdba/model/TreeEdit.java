package org.hsdba.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One change to a bandwidth tree. {@link #applyTo} is the structural part: a pure function giving
 * the edited tree with its version incremented, or an {@link InvalidTreeException}. Whether the
 * result is admissible is checked by {@code org.hsdba.admission.Admission#apply}, which is what
 * callers normally use.
 *
 * <p>Cost: adds, updates, moves and deletes re-check only the nodes they touch and rebuild the
 * indices by copying (an update shares them), so an edit of a large tree costs a few array
 * copies, not a validation of every node; when a rule may be broken the tree is built in full,
 * which reports every violation exactly as for any tree. A replacement is always built in full.
 */
public abstract class TreeEdit {

    /** The kinds of edit. */
    public enum Kind { ADD, UPDATE, MOVE, DELETE_SUBTREE, REPLACE_SUBTREE }

    private TreeEdit() {
    }

    /** Adds a node as the last child of its parent. */
    public static TreeEdit add(NodeSpec node) {
        return new Add(node);
    }

    /** Replaces an existing node's attributes (same id and parent; children are kept). */
    public static TreeEdit update(NodeSpec node) {
        return new Update(node);
    }

    /**
     * Changes an existing node's attributes as {@code change} makes them of the node as it is in
     * the tree the edit is applied to (same id and parent; children are kept): a partial update,
     * which two writers of different attributes can make without losing each other's change.
     */
    public static TreeEdit update(String nodeId, NodeChange change) {
        return new Patch(nodeId, change);
    }

    /**
     * A change of one node's attributes, as a pure function of the node and its tree (it may be
     * evaluated more than once); it may throw to refuse the change, e.g. a {@code ConfigException}.
     */
    @FunctionalInterface
    public interface NodeChange {
        /** The node's new attributes; same id and parent. */
        NodeSpec apply(NodeSpec node, BandwidthTree tree);
    }

    /** Re-parents a node with its subtree (null = under the port); it becomes the new parent's last child. */
    public static TreeEdit move(String nodeId, String newParentId) {
        return new Move(nodeId, newParentId);
    }

    /** Removes a node and all its descendants. */
    public static TreeEdit deleteSubtree(String nodeId) {
        return new DeleteSubtree(nodeId);
    }

    /**
     * Replaces the subtree rooted at {@code nodeId} by {@code nodes}, in the same place among its
     * siblings. Exactly one of the new nodes must have the old node's parent; the others must hang
     * below it. The new root may have another id.
     */
    public static TreeEdit replaceSubtree(String nodeId, List<NodeSpec> nodes) {
        return new ReplaceSubtree(nodeId, nodes);
    }

    public abstract Kind kind();

    /** The id of the node the edit is about. */
    public abstract String nodeId();

    /**
     * This edit with whatever it makes of {@code tree}'s nodes decided: for a {@link #update(String,
     * NodeChange) partial update}, the whole update it makes there (which may throw what its change
     * throws, or {@link InvalidTreeException} if the node is missing); any other edit is itself.
     */
    public TreeEdit on(BandwidthTree tree) {
        return this;
    }

    /** The edited tree, version + 1; throws {@link InvalidTreeException} if the result is not a valid tree. */
    public final BandwidthTree applyTo(BandwidthTree tree) {
        return apply(tree).after();
    }

    /** Like {@link #applyTo}, with what the edit touched (for incremental admission). */
    public final AppliedEdit apply(BandwidthTree tree) {
        AppliedEdit e = applyTouching(tree);
        return e != null ? e : wholeOrSpliced(tree, applyFully(tree));
    }

    /**
     * The edited tree built from its full node list, every structural rule checked: what
     * {@link #apply} must agree with, and what it falls back to.
     */
    final BandwidthTree applyFully(BandwidthTree tree) {
        List<NodeSpec> edited = editNodes(tree);
        return tree.toBuilder().nodes(edited).version(tree.version() + 1).build();
    }

    /** The edit re-checking only what it touches, or null to build the tree in full. */
    abstract AppliedEdit applyTouching(BandwidthTree tree);

    /** What a fully built result touched; everything, if the edit does not know better. */
    AppliedEdit wholeOrSpliced(BandwidthTree before, BandwidthTree after) {
        return AppliedEdit.whole(before, after);
    }

    abstract List<NodeSpec> editNodes(BandwidthTree tree);

    static InvalidTreeException unknown(BandwidthTree tree, String id, String what) {
        return new InvalidTreeException(List.of(new Violation(ViolationCode.UNKNOWN_NODE, id, "",
                what + ": no node \"" + id + "\" under " + tree.rootPath())));
    }

    /** Adds a node. */
    public static final class Add extends TreeEdit {
        private final NodeSpec node;

        Add(NodeSpec node) {
            this.node = Objects.requireNonNull(node, "node");
        }

        public NodeSpec node() {
            return node;
        }

        @Override
        public Kind kind() {
            return Kind.ADD;
        }

        @Override
        public String nodeId() {
            return node.id();
        }

        @Override
        AppliedEdit applyTouching(BandwidthTree tree) {
            BandwidthTree after = tree.adding(node, tree.version() + 1);
            if (after == null) {
                return null;
            }
            int at = after.indexOf(node.id());
            return AppliedEdit.spliced(tree, after, at, 0, at, 1, false);
        }

        @Override
        AppliedEdit wholeOrSpliced(BandwidthTree before, BandwidthTree after) {
            // Only reached if the full build accepted what the quick check doubted: still one new node.
            int at = after.indexOf(node.id());
            return AppliedEdit.spliced(before, after, at, 0, at, 1, false);
        }

        @Override
        List<NodeSpec> editNodes(BandwidthTree tree) {
            List<NodeSpec> out = new ArrayList<>(tree.nodes());
            out.add(node);
            return out;
        }

        @Override
        public String toString() {
            return "add " + node;
        }
    }

    /** Replaces a node's attributes. */
    public static final class Update extends TreeEdit {
        private final NodeSpec node;

        Update(NodeSpec node) {
            this.node = Objects.requireNonNull(node, "node");
        }

        public NodeSpec node() {
            return node;
        }

        @Override
        public Kind kind() {
            return Kind.UPDATE;
        }

        @Override
        public String nodeId() {
            return node.id();
        }

        @Override
        AppliedEdit applyTouching(BandwidthTree tree) {
            int i = target(tree);
            BandwidthTree after = tree.replacing(i, node, tree.version() + 1);
            return after == null ? null : AppliedEdit.replaced(tree, after, i);
        }

        @Override
        AppliedEdit wholeOrSpliced(BandwidthTree before, BandwidthTree after) {
            return AppliedEdit.replaced(before, after, before.indexOf(node.id()));
        }

        @Override
        List<NodeSpec> editNodes(BandwidthTree tree) {
            int i = target(tree);
            List<NodeSpec> out = new ArrayList<>(tree.nodes());
            out.set(i, node);
            return out;
        }

        /** The index of the node to update; throws if it does not exist or the update would move it. */
        private int target(BandwidthTree tree) {
            int i = tree.indexOf(node.id());
            if (i < 0) {
                throw unknown(tree, node.id(), "update");
            }
            NodeSpec old = tree.node(i);
            if (!Objects.equals(old.parentId(), node.parentId())) {
                throw new InvalidTreeException(List.of(new Violation(ViolationCode.UNKNOWN_PARENT, node.id(), "parent",
                        "update of " + tree.path(i) + " changes its parent from " + quoted(old.parentId()) + " to "
                                + quoted(node.parentId()) + "; use a move")));
            }
            return i;
        }

        @Override
        public String toString() {
            return "update " + node;
        }
    }

    /** Changes a node's attributes from what they are in the tree edited. */
    public static final class Patch extends TreeEdit {
        private final String nodeId;
        private final NodeChange change;

        Patch(String nodeId, NodeChange change) {
            this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
            this.change = Objects.requireNonNull(change, "change");
        }

        @Override
        public Kind kind() {
            return Kind.UPDATE;
        }

        @Override
        public String nodeId() {
            return nodeId;
        }

        @Override
        public Update on(BandwidthTree tree) {
            NodeSpec node = tree.node(nodeId).orElseThrow(() -> unknown(tree, nodeId, "update"));
            NodeSpec changed = Objects.requireNonNull(change.apply(node, tree), "changed node");
            if (!changed.id().equals(nodeId)) {
                throw new IllegalStateException("a change of \"" + nodeId + "\" gave node \"" + changed.id() + "\"");
            }
            return new Update(changed);
        }

        @Override
        AppliedEdit applyTouching(BandwidthTree tree) {
            return on(tree).applyTouching(tree);
        }

        @Override
        AppliedEdit wholeOrSpliced(BandwidthTree before, BandwidthTree after) {
            return AppliedEdit.replaced(before, after, before.indexOf(nodeId));
        }

        @Override
        List<NodeSpec> editNodes(BandwidthTree tree) {
            return on(tree).editNodes(tree);
        }

        @Override
        public String toString() {
            return "update " + nodeId + " (from its current attributes)";
        }
    }

    /** Re-parents a subtree. */
    public static final class Move extends TreeEdit {
        private final String nodeId;
        private final String newParentId;

        Move(String nodeId, String newParentId) {
            this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
            this.newParentId = newParentId;
        }

        @Override
        public Kind kind() {
            return Kind.MOVE;
        }

        @Override
        public String nodeId() {
            return nodeId;
        }

        /** The new parent, or null for the port. */
        public String newParentId() {
            return newParentId;
        }

        @Override
        AppliedEdit applyTouching(BandwidthTree tree) {
            int i = target(tree);
            int p = newParentId == null ? -1 : tree.indexOf(newParentId);
            BandwidthTree after = tree.moving(i, p, movedRoot(tree, i), tree.version() + 1);
            return after == null ? null : spliced(tree, after);
        }

        @Override
        AppliedEdit wholeOrSpliced(BandwidthTree before, BandwidthTree after) {
            return spliced(before, after);
        }

        private AppliedEdit spliced(BandwidthTree before, BandwidthTree after) {
            int from = before.indexOf(nodeId);
            int count = before.subtreeEnd(from) - from;
            return AppliedEdit.spliced(before, after, from, count, after.indexOf(nodeId), count, true);
        }

        @Override
        List<NodeSpec> editNodes(BandwidthTree tree) {
            int i = target(tree);
            List<NodeSpec> out = new ArrayList<>(tree.nodes());
            out.remove(i);
            out.add(movedRoot(tree, i));
            return out;
        }

        private NodeSpec movedRoot(BandwidthTree tree, int i) {
            return tree.node(i).toBuilder().parent(newParentId).build();
        }

        /** The index of the node to move; throws if it or the new parent does not exist, or the parent is below it. */
        private int target(BandwidthTree tree) {
            int i = tree.indexOf(nodeId);
            if (i < 0) {
                throw unknown(tree, nodeId, "move");
            }
            if (newParentId != null && !tree.contains(newParentId)) {
                throw unknown(tree, newParentId, "move of \"" + nodeId + "\" to a new parent");
            }
            int p = tree.indexOf(newParentId == null ? "" : newParentId);
            if (p >= i && p < tree.subtreeEnd(i)) {
                throw new InvalidTreeException(List.of(new Violation(ViolationCode.CYCLE, nodeId, "parent",
                        "cannot move " + tree.path(i) + " below its own descendant \"" + newParentId + "\"")));
            }
            return i;
        }

        @Override
        public String toString() {
            return "move " + nodeId + " to " + (newParentId == null ? "the port" : newParentId);
        }
    }

    /** Removes a subtree. */
    public static final class DeleteSubtree extends TreeEdit {
        private final String nodeId;

        DeleteSubtree(String nodeId) {
            this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
        }

        @Override
        public Kind kind() {
            return Kind.DELETE_SUBTREE;
        }

        @Override
        public String nodeId() {
            return nodeId;
        }

        @Override
        AppliedEdit applyTouching(BandwidthTree tree) {
            int i = tree.indexOf(nodeId);
            if (i < 0) {
                throw unknown(tree, nodeId, "delete");
            }
            // Removing a whole subtree cannot break a structural rule.
            return AppliedEdit.removed(tree, tree.removing(i, tree.version() + 1), i, tree.subtreeEnd(i) - i);
        }

        @Override
        List<NodeSpec> editNodes(BandwidthTree tree) {
            if (!tree.contains(nodeId)) {
                throw unknown(tree, nodeId, "delete");
            }
            return without(tree, nodeId);
        }

        @Override
        public String toString() {
            return "delete subtree " + nodeId;
        }
    }

    /** Replaces a subtree. */
    public static final class ReplaceSubtree extends TreeEdit {
        private final String nodeId;
        private final List<NodeSpec> nodes;

        ReplaceSubtree(String nodeId, List<NodeSpec> nodes) {
            this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
            this.nodes = List.copyOf(nodes);
        }

        @Override
        public Kind kind() {
            return Kind.REPLACE_SUBTREE;
        }

        @Override
        public String nodeId() {
            return nodeId;
        }

        /** The replacement nodes. */
        public List<NodeSpec> nodes() {
            return nodes;
        }

        @Override
        AppliedEdit applyTouching(BandwidthTree tree) {
            return null; // new nodes in any order, any of them possibly wrong: always built in full
        }

        /** The new subtree where the old one was, if that is where the build put all of the new nodes. */
        @Override
        AppliedEdit wholeOrSpliced(BandwidthTree before, BandwidthTree after) {
            int from = before.indexOf(nodeId);
            int count = before.subtreeEnd(from) - from;
            int k = nodes.size();
            boolean inPlace = after.size() == before.size() - count + k && after.subtreeEnd(from) == from + k;
            Set<NodeSpec> fresh = Collections.newSetFromMap(new IdentityHashMap<>());
            fresh.addAll(nodes);
            for (int j = from; inPlace && j < from + k; j++) {
                inPlace = fresh.contains(after.node(j));
            }
            return inPlace ? AppliedEdit.spliced(before, after, from, count, from, nodes.size(), false)
                    : AppliedEdit.whole(before, after);
        }

        @Override
        List<NodeSpec> editNodes(BandwidthTree tree) {
            int i = tree.indexOf(nodeId);
            if (i < 0) {
                throw unknown(tree, nodeId, "replace");
            }
            String parentId = tree.node(i).parentId();
            long roots = nodes.stream().filter(n -> Objects.equals(n.parentId(), parentId)).count();
            if (roots != 1) {
                throw new InvalidTreeException(List.of(new Violation(ViolationCode.UNKNOWN_PARENT, nodeId, "",
                        "replacement of " + tree.path(i) + " has " + roots + " nodes with parent " + quoted(parentId)
                                + "; exactly one (the new subtree's root) is required")));
            }
            // Keep the position among siblings: insert where the old root was.
            Set<String> removed = new HashSet<>(tree.subtree(nodeId));
            List<NodeSpec> out = new ArrayList<>(tree.size() - removed.size() + nodes.size());
            for (NodeSpec n : tree.nodes()) {
                if (n.id().equals(nodeId)) {
                    out.addAll(nodes);
                } else if (!removed.contains(n.id())) {
                    out.add(n);
                }
            }
            return out;
        }

        @Override
        public String toString() {
            return "replace subtree " + nodeId + " with " + nodes.size() + " nodes";
        }
    }

    static List<NodeSpec> without(BandwidthTree tree, String rootId) {
        Set<String> removed = new HashSet<>(tree.subtree(rootId));
        List<NodeSpec> out = new ArrayList<>(tree.size() - removed.size());
        for (NodeSpec n : tree.nodes()) {
            if (!removed.contains(n.id())) {
                out.add(n);
            }
        }
        return out;
    }

    private static String quoted(String id) {
        return id == null ? "the port" : "\"" + id + "\"";
    }
}
