package org.hsdba.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One change to a bandwidth tree. {@link #applyTo} is the structural part: a pure function giving
 * the edited tree with its version incremented, or an {@link InvalidTreeException}. Whether the
 * result is admissible is checked by {@code org.hsdba.admission.Admission#apply}, which is what
 * callers normally use.
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

    /** The edited tree, version + 1; throws {@link InvalidTreeException} if the result is not a valid tree. */
    public final BandwidthTree applyTo(BandwidthTree tree) {
        List<NodeSpec> edited = editNodes(tree);
        return tree.toBuilder().nodes(edited).version(tree.version() + 1).build();
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
        List<NodeSpec> editNodes(BandwidthTree tree) {
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
            List<NodeSpec> out = new ArrayList<>(tree.nodes());
            out.set(i, node);
            return out;
        }

        @Override
        public String toString() {
            return "update " + node;
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
        List<NodeSpec> editNodes(BandwidthTree tree) {
            int i = tree.indexOf(nodeId);
            if (i < 0) {
                throw unknown(tree, nodeId, "move");
            }
            if (newParentId != null && !tree.contains(newParentId)) {
                throw unknown(tree, newParentId, "move of \"" + nodeId + "\" to a new parent");
            }
            if (newParentId != null && new HashSet<>(tree.subtree(nodeId)).contains(newParentId)) {
                throw new InvalidTreeException(List.of(new Violation(ViolationCode.CYCLE, nodeId, "parent",
                        "cannot move " + tree.path(i) + " below its own descendant \"" + newParentId + "\"")));
            }
            List<NodeSpec> out = new ArrayList<>(tree.nodes());
            out.remove(i);
            out.add(tree.node(i).toBuilder().parent(newParentId).build());
            return out;
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
