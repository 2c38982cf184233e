package org.hsdba.model;

import java.util.Arrays;
import java.util.Objects;

/**
 * An edit applied to a tree ({@link TreeEdit#apply}), with what it touched, so that what was
 * derived from the old tree (admission) can be brought up to date by redoing only that.
 *
 * <p>In pre-order, the new tree is the old one with one contiguous block of nodes removed (a
 * whole subtree, possibly empty) and one block inserted (a whole subtree, possibly empty): the
 * same subtree for a move, new nodes for an add or a replacement; an update replaces one node in
 * place. Every other node is the same {@link NodeSpec} with the same parent and children, except
 * for the {@link #touchedParents() parents} whose list of children changed.
 */
public final class AppliedEdit {

    private final BandwidthTree before;
    private final BandwidthTree after;
    private final int removedFrom;
    private final int removedCount;
    private final int insertedAt;
    private final int insertedCount;
    private final boolean blockIsMoved;
    private final int[] touchedParents;
    private final int[] changedNodes;

    private AppliedEdit(BandwidthTree before, BandwidthTree after, int removedFrom, int removedCount, int insertedAt,
                        int insertedCount, boolean blockIsMoved, int[] touchedParents, int[] changedNodes) {
        this.before = Objects.requireNonNull(before, "before");
        this.after = Objects.requireNonNull(after, "after");
        this.removedFrom = removedFrom;
        this.removedCount = removedCount;
        this.insertedAt = insertedAt;
        this.insertedCount = insertedCount;
        this.blockIsMoved = blockIsMoved;
        this.touchedParents = distinctSorted(touchedParents);
        this.changedNodes = distinctSorted(changedNodes);
    }

    /** Node {@code i} replaced in place. */
    static AppliedEdit replaced(BandwidthTree before, BandwidthTree after, int i) {
        return new AppliedEdit(before, after, 0, 0, 0, 0, false, new int[] {after.parentIndex(i)}, new int[] {i});
    }

    /** The subtree at {@code from} of {@code before} ({@code count} nodes) removed. */
    static AppliedEdit removed(BandwidthTree before, BandwidthTree after, int from, int count) {
        return new AppliedEdit(before, after, from, count, from, 0, false, new int[] {before.parentIndex(from)}, new int[0]);
    }

    /**
     * The subtree at {@code from} of {@code before} ({@code removedCount} nodes, none for an add)
     * removed and {@code insertedCount} new nodes inserted at {@code at} of {@code after}, all of
     * them new (an add, a replacement) or the removed ones moved with a changed root (a move).
     */
    static AppliedEdit spliced(BandwidthTree before, BandwidthTree after, int from, int removedCount, int at,
                               int insertedCount, boolean moved) {
        int[] changed = new int[moved ? 1 : insertedCount];
        for (int j = 0; j < changed.length; j++) {
            changed[j] = at + j;
        }
        int oldParent = Integer.MIN_VALUE;
        if (removedCount > 0) {
            int b = before.parentIndex(from); // before the removed block, so only the insertion can shift it
            oldParent = b < at ? b : b + insertedCount;
        }
        int newParent = insertedCount == 0 ? Integer.MIN_VALUE : after.parentIndex(at);
        return new AppliedEdit(before, after, from, removedCount, at, insertedCount, moved,
                new int[] {oldParent, newParent}, changed);
    }

    /** Anything to anything: every node counts as new (nothing derived from the old tree is reused). */
    static AppliedEdit whole(BandwidthTree before, BandwidthTree after) {
        int[] all = new int[after.size()];
        Arrays.setAll(all, j -> j);
        return new AppliedEdit(before, after, 0, before.size(), 0, after.size(), false, new int[] {-1}, all);
    }

    public BandwidthTree before() {
        return before;
    }

    public BandwidthTree after() {
        return after;
    }

    /**
     * The index in {@link #before()} of node {@code i} of {@link #after()}, or -1 if the edit
     * created it. A {@link #changedNodes() changed} node has the index it had (its attributes differ).
     */
    public int sourceIndex(int i) {
        if (i >= insertedAt && i < insertedAt + insertedCount) {
            return blockIsMoved ? removedFrom + (i - insertedAt) : -1;
        }
        int m = i < insertedAt ? i : i - insertedCount;
        return m < removedFrom ? m : m + removedCount;
    }

    /** The index in {@link #after()} of node {@code b} of {@link #before()} (-1 stays -1), or -1 if the edit removed it. */
    public int afterIndexOf(int b) {
        if (b < 0) {
            return -1;
        }
        if (b >= removedFrom && b < removedFrom + removedCount) {
            return blockIsMoved ? insertedAt + (b - removedFrom) : -1;
        }
        int m = b < removedFrom ? b : b - removedCount;
        return m < insertedAt ? m : m + insertedCount;
    }

    /** Nodes of {@link #after()} (-1: the port) whose children were added, removed or changed, ascending. */
    public int[] touchedParents() {
        return touchedParents.clone();
    }

    /** Nodes of {@link #after()} that are new or whose own attributes changed, ascending. */
    public int[] changedNodes() {
        return changedNodes.clone();
    }

    /** True if node {@code i} of {@link #after()} is new or changed. */
    public boolean isChanged(int i) {
        return Arrays.binarySearch(changedNodes, i) >= 0;
    }

    /** Sorted, without duplicates, without the Integer.MIN_VALUE placeholder for "none". */
    private static int[] distinctSorted(int[] values) {
        // At most a few values per edit but one per node for a whole-tree edit: a sort, not a
        // stream pipeline (which cost a join more than the rest of building its edit).
        int[] out = new int[values.length];
        int m = 0;
        for (int v : values) {
            if (v != Integer.MIN_VALUE) {
                out[m++] = v;
            }
        }
        Arrays.sort(out, 0, m);
        int k = 0;
        for (int j = 0; j < m; j++) {
            if (k == 0 || out[k - 1] != out[j]) {
                out[k++] = out[j];
            }
        }
        return k == out.length ? out : Arrays.copyOf(out, k);
    }

    @Override
    public String toString() {
        return "AppliedEdit{v" + before.version() + " -> v" + after.version() + ", removed " + removedCount + " at "
                + removedFrom + ", inserted " + insertedCount + " at " + insertedAt + (blockIsMoved ? " (moved)" : "")
                + ", touched parents " + Arrays.toString(touchedParents) + "}";
    }
}
