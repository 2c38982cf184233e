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

    public PreviewResult(BandwidthTree tree, List<Violation> violations, Allocation allocation) {
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

    @Override
    public String toString() {
        return isOk() ? "PreviewResult{ok, " + allocation.nodes().size() + " nodes}" : "PreviewResult{" + violations + "}";
    }
}
