package org.hsdba.api;

import java.util.List;
import java.util.Objects;

import org.hsdba.model.BandwidthTree;

/** What an applied edit produced: the new tree (with its new version) and the ids it removed. */
public final class EditResult {

    private final BandwidthTree tree;
    private final List<String> removedNodes;

    public EditResult(BandwidthTree tree, List<String> removedNodes) {
        this.tree = Objects.requireNonNull(tree, "tree");
        this.removedNodes = List.copyOf(removedNodes);
    }

    public BandwidthTree tree() {
        return tree;
    }

    /** Ids of the nodes that are gone (a deleted or replaced subtree), in pre-order; empty otherwise. */
    public List<String> removedNodes() {
        return removedNodes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EditResult && ((EditResult) o).tree.equals(tree)
                && ((EditResult) o).removedNodes.equals(removedNodes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tree, removedNodes);
    }

    @Override
    public String toString() {
        return "EditResult{" + tree + ", removed " + removedNodes + "}";
    }
}
