package org.hsdba.rest.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;

/** One node of a stored tree, with the tree's resolved (effective) guarantees and weights: what the node resource shows. */
public final class TreeNode {

    private final ResolvedTree resolved;
    private final int index;

    private TreeNode(ResolvedTree resolved, int index) {
        this.resolved = resolved;
        this.index = index;
    }

    /** The node {@code id} of an admitted tree; throws if it has no such node. */
    public static TreeNode of(BandwidthTree tree, String id) {
        int i = tree.indexOf(id);
        if (i < 0) {
            throw new IllegalArgumentException("no node \"" + id + "\" under " + tree.rootPath());
        }
        return new TreeNode(TreeViews.resolved(Objects.requireNonNull(tree, "tree")), i);
    }

    /** The node {@code id} of an admitted tree already resolved; throws if it has no such node. */
    public static TreeNode of(ResolvedTree resolved, String id) {
        int i = resolved.tree().indexOf(id);
        if (i < 0) {
            throw new IllegalArgumentException("no node \"" + id + "\" under " + resolved.tree().rootPath());
        }
        return new TreeNode(resolved, i);
    }

    /** Every node of an admitted tree, in its order, resolved once. */
    public static List<TreeNode> all(BandwidthTree tree) {
        ResolvedTree resolved = TreeViews.resolved(Objects.requireNonNull(tree, "tree"));
        List<TreeNode> out = new ArrayList<>(tree.size());
        for (int i = 0; i < tree.size(); i++) {
            out.add(new TreeNode(resolved, i));
        }
        return out;
    }

    public ResolvedTree resolved() {
        return resolved;
    }

    public BandwidthTree tree() {
        return resolved.tree();
    }

    public int index() {
        return index;
    }
}
