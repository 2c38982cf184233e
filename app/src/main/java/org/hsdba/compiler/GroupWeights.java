package org.hsdba.compiler;

import java.util.HashMap;
import java.util.Map;

import org.hsdba.admission.ResolvedTree;

/**
 * The switch's Q24 weights of one admitted tree: one node's alone when admission's summary of its
 * group shows that no sibling can make it fail ({@link FixedPoint#memberWeight}), else a sibling
 * group at a time on first use, kept by group: a diff looks at a few nodes, so nothing of the
 * size of the tree or of a large group is built.
 * Lives as long as one diff: a cache across diffs (weakly keyed by tree) was tried, and the
 * benchmark run with it had longer collections than the work it saved. Not thread-safe.
 */
final class GroupWeights {

    private final ResolvedTree resolved;
    private final Map<Integer, long[]> byParent = new HashMap<>();
    private int computed;

    GroupWeights(ResolvedTree resolved) {
        this.resolved = resolved;
    }

    /**
     * The weight of node {@code index} (0 for a template).
     *
     * @throws CompilerException if its group's weights cannot be represented
     */
    long of(int index) {
        int p = resolved.tree().parentIndex(index);
        long[] group = byParent.get(p);
        if (group == null) {
            long w = FixedPoint.memberWeight(resolved, index);
            if (w >= 0) {
                return w;
            }
            group = group(p);
        }
        return group[position(p, index)];
    }

    /** How many sibling groups were computed whole (for tests: a join should compute none). */
    int groupsComputed() {
        return computed;
    }

    /**
     * The weights of the children of {@code p} (-1: the port), by position among them.
     *
     * @throws CompilerException if they cannot be represented
     */
    long[] group(int p) {
        long[] group = byParent.get(p);
        if (group == null) {
            group = FixedPoint.groupWeights(resolved, p);
            byParent.put(p, group);
            computed++;
        }
        return group;
    }

    /** The position of {@code index} among the children of {@code p}: they are in ascending (pre-)order. */
    private int position(int p, int index) {
        int lo = 0;
        int hi = resolved.tree().childCount(p) - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = resolved.tree().child(p, mid);
            if (c < index) {
                lo = mid + 1;
            } else if (c > index) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        throw new IllegalArgumentException("node " + index + " is not a child of " + p);
    }
}
