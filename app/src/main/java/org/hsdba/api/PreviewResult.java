package org.hsdba.api;

import java.util.List;
import java.util.Optional;

import org.hsdba.alloc.Allocation;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Violation;

/**
 * The outcome of a preview: the tree the edit would produce (if it is structurally valid), every
 * admission violation, and the exact allocation for the given demands (if admissible). Nothing
 * was applied.
 */
public final class PreviewResult {

    private final BandwidthTree tree;
    private final List<Violation> violations;
    private final Allocation allocation;
    private final List<NodeChange> changes;

    public PreviewResult(BandwidthTree tree, List<Violation> violations, Allocation allocation) {
        this(tree, violations, allocation, List.of());
    }

    /** With {@code changes}: the nodes whose effective figures the edit moves (see {@link #changes()}). */
    public PreviewResult(BandwidthTree tree, List<Violation> violations, Allocation allocation,
                         List<NodeChange> changes) {
        this.changes = List.copyOf(changes);
        this.tree = tree;
        this.violations = List.copyOf(violations);
        this.allocation = allocation;
        if (allocation == null && violations.isEmpty()) {
            throw new IllegalArgumentException("an admissible preview needs its allocation");
        }
    }

    public boolean isOk() {
        return violations.isEmpty();
    }

    /** The proposed tree; empty when the edit is not even structurally valid. */
    public Optional<BandwidthTree> tree() {
        return Optional.ofNullable(tree);
    }

    public List<Violation> violations() {
        return violations;
    }

    /** Per node: demand, allocation, effective limit (bits/s); present iff {@link #isOk()}. */
    public Optional<Allocation> allocation() {
        return Optional.ofNullable(allocation);
    }

    /**
     * Every node whose effective guarantee, target or effective limit the edit changes (or that it
     * adds or removes), before and after, when the port has an admissible tree to compare with;
     * empty otherwise.
     */
    public List<NodeChange> changes() {
        return changes;
    }

    /** The same preview with the changes against the current tree. */
    public PreviewResult withChanges(List<NodeChange> list) {
        return new PreviewResult(tree, violations, allocation, list);
    }

    @Override
    public String toString() {
        return isOk() ? "PreviewResult{ok, " + allocation.nodes().size() + " nodes}" : "PreviewResult{" + violations + "}";
    }
}
