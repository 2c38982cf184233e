package org.hsdba.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;

/**
 * What an applied edit produced: the new tree (with its new version), the ids it removed, and
 * the tree's admitted form when the service kept it (so that an answer showing effective values
 * does not admit the whole tree again).
 */
public final class EditResult {

    private final BandwidthTree tree;
    private final List<String> removedNodes;
    private final ResolvedTree resolved;

    public EditResult(BandwidthTree tree, List<String> removedNodes) {
        this(tree, removedNodes, null);
    }

    /** {@code resolved}: the admitted {@code tree} (the same tree object), or null if not known. */
    public EditResult(BandwidthTree tree, List<String> removedNodes, ResolvedTree resolved) {
        this.tree = Objects.requireNonNull(tree, "tree");
        this.removedNodes = List.copyOf(removedNodes);
        if (resolved != null && resolved.tree() != tree) {
            throw new IllegalArgumentException("the resolved tree is not the edited tree");
        }
        this.resolved = resolved;
    }

    public BandwidthTree tree() {
        return tree;
    }

    /** The admitted form of {@link #tree()}, if the service kept it. */
    public Optional<ResolvedTree> resolved() {
        return Optional.ofNullable(resolved);
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
