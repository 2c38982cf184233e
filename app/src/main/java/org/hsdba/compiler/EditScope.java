package org.hsdba.compiler;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Objects;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;

/**
 * The nodes a {@link TreeDiff} must look at: those of the old tree that may be deleted or moved
 * to another level, those of the new tree that may be added or moved, and those whose entry may
 * differ. {@link #everything} is every node (the reference); {@link #of} narrows it to what an
 * {@link AppliedEdit} can have changed, so that a diff costs what the edit touched:
 * <ul>
 * <li>an entry depends on the node's spec, level and slot, its parent's slot, whether it has
 *     installed or template children, and its resolved weight, guarantee and peak, the weight
 *     within its sibling group;</li>
 * <li>outside the edit's blocks every node keeps its spec, parent, children and slot, so only
 *     the changed nodes, the touched parents and the members of re-resolved sibling groups can
 *     differ; a group re-resolves when its parent was touched or changed or one of its members
 *     changed, and below every node whose guarantee changed (derived guarantees follow the
 *     parent's), as in incremental admission.</li>
 * </ul>
 * Index arrays are ascending, so the diff sees nodes in the same order as the full one and emits
 * the same messages. Immutable.
 */
final class EditScope {

    private final int[] beforeNodes;
    private final int[] afterNodes;
    private final int[] compared;

    private EditScope(BitSet beforeNodes, BitSet afterNodes, BitSet compared) {
        this.beforeNodes = beforeNodes.stream().toArray();
        this.afterNodes = afterNodes.stream().toArray();
        this.compared = compared.stream().toArray();
    }

    /** Every node of both trees. */
    static EditScope everything(BandwidthTree before, BandwidthTree after) {
        BitSet all = new BitSet();
        all.set(0, after.size());
        BitSet old = new BitSet();
        old.set(0, before.size());
        return new EditScope(old, all, all);
    }

    /**
     * The nodes {@code edit} can have changed, from {@code was} (the admitted {@code edit.before()})
     * to {@code now} (the admitted {@code edit.after()}); everything if a tree-wide setting
     * (capacity, eta, mode, levels, port, selector) differs.
     *
     * @throws IllegalArgumentException if the edit is not from {@code was}'s tree to {@code now}'s
     */
    static EditScope of(AppliedEdit edit, ResolvedTree was, ResolvedTree now) {
        BandwidthTree before = was.tree();
        BandwidthTree after = now.tree();
        if (!same(edit.before(), before) || !same(edit.after(), after)) {
            throw new IllegalArgumentException(after.rootPath() + ": the edit " + edit + " is not from version "
                    + before.version() + " to version " + after.version() + " of this tree");
        }
        if (!sameSettings(before, after)) {
            return everything(before, after);
        }
        BitSet old = new BitSet();
        BitSet added = new BitSet();
        for (int j : edit.changedNodes()) {
            added.set(j);
            int i = edit.sourceIndex(j);
            if (i >= 0) {
                old.set(i);
                if (before.depth(i) != after.depth(j)) {
                    // A subtree moved to another depth: every node in it changes level.
                    old.set(i, before.subtreeEnd(i));
                    added.set(j, after.subtreeEnd(j));
                }
            }
        }
        for (int p : edit.touchedParents()) {
            int bp = p < 0 ? -1 : edit.sourceIndex(p);
            if (p >= 0 && bp < 0) {
                continue; // a new parent had no children before
            }
            for (int k = 0; k < before.childCount(bp); k++) {
                int c = before.child(bp, k);
                if (edit.afterIndexOf(c) < 0) {
                    old.set(c, before.subtreeEnd(c)); // a removed subtree
                }
            }
        }
        return new EditScope(old, added, changedEntries(edit, was, now));
    }

    /** The touched parents, the changed nodes' parents, and every member of a re-resolved sibling group. */
    private static BitSet changedEntries(AppliedEdit edit, ResolvedTree was, ResolvedTree now) {
        BandwidthTree after = now.tree();
        BitSet compared = new BitSet();
        BitSet queued = new BitSet(); // parent index + 1 (0: the port)
        ArrayDeque<Integer> groups = new ArrayDeque<>();
        for (int p : edit.touchedParents()) {
            queue(groups, queued, p);
        }
        for (int c : edit.changedNodes()) {
            queue(groups, queued, after.parentIndex(c));
            queue(groups, queued, c);
        }
        while (!groups.isEmpty()) {
            int p = groups.poll();
            if (p >= 0) {
                compared.set(p);
            }
            for (int k = 0; k < after.childCount(p); k++) {
                int c = after.child(p, k);
                compared.set(c);
                int s = edit.sourceIndex(c);
                if (s < 0 || edit.isChanged(c) || Double.compare(was.guarantee(s), now.guarantee(c)) != 0) {
                    queue(groups, queued, c);
                }
            }
        }
        return compared;
    }

    private static void queue(ArrayDeque<Integer> groups, BitSet queued, int p) {
        if (!queued.get(p + 1)) {
            queued.set(p + 1);
            groups.add(p);
        }
    }

    private static boolean same(BandwidthTree a, BandwidthTree b) {
        return a == b || a.equals(b);
    }

    /** Everything but the nodes and the version. */
    private static boolean sameSettings(BandwidthTree a, BandwidthTree b) {
        return a.port().equals(b.port()) && a.capacity().equals(b.capacity()) && Double.compare(a.eta(), b.eta()) == 0
                && a.mode() == b.mode() && a.levels().equals(b.levels()) && Objects.equals(a.selector(), b.selector());
    }

    /** Nodes of the old tree that may be deleted or change level, ascending. */
    int[] beforeNodes() {
        return beforeNodes;
    }

    /** Nodes of the new tree that may be added or change level, ascending. */
    int[] afterNodes() {
        return afterNodes;
    }

    /** Nodes of the new tree whose entry may differ, ascending. */
    int[] compared() {
        return compared;
    }
}
