package org.hsdba.compiler;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

import org.hsdba.admission.ResolvedTree;

/**
 * The switch's Q24 weights of one admitted tree, computed a sibling group at a time on first use
 * and kept by group: a diff looks at a few groups, so nothing of the size of the tree is built.
 * One per admitted tree ({@link #of}): the tree a diff starts from was the new tree of the diff
 * before, so its groups are not computed twice. Thread-safe.
 */
final class GroupWeights {

    /** By admitted tree (identity; weak: a tree no program holds any more lets its weights go). */
    private static final Map<ResolvedTree, GroupWeights> BY_TREE = Collections.synchronizedMap(new WeakHashMap<>());

    private final ResolvedTree resolved;
    private final Map<Integer, long[]> byParent = new ConcurrentHashMap<>();

    private GroupWeights(ResolvedTree resolved) {
        this.resolved = resolved;
    }

    static GroupWeights of(ResolvedTree resolved) {
        return BY_TREE.computeIfAbsent(resolved, GroupWeights::new);
    }

    /**
     * The weight of node {@code index} (0 for a template).
     *
     * @throws CompilerException if its group's weights cannot be represented
     */
    long of(int index) {
        int p = resolved.tree().parentIndex(index);
        return group(p)[position(p, index)];
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
