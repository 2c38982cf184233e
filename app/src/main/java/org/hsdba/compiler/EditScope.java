package org.hsdba.compiler;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.admission.SiblingGroup;
import org.hsdba.model.AllocationMode;
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
    /** Members of re-resolved sibling groups looked at one by one (see {@link #walked()}). */
    private final int walked;

    private EditScope(BitSet beforeNodes, BitSet afterNodes, BitSet compared, int walked) {
        this.beforeNodes = beforeNodes.stream().toArray();
        this.afterNodes = afterNodes.stream().toArray();
        this.compared = compared.stream().toArray();
        this.walked = walked;
    }

    /** Every node of both trees. */
    static EditScope everything(BandwidthTree before, BandwidthTree after) {
        BitSet all = new BitSet();
        all.set(0, after.size());
        BitSet old = new BitSet();
        old.set(0, before.size());
        return new EditScope(old, all, all, 0);
    }

    /**
     * The nodes a chain of edits can have changed from its first tree ({@code was}) to its last
     * ({@code now}): each edit's scope, its old-tree nodes traced back to {@code was} and its
     * new-tree nodes traced forward to {@code now} (nodes an edit created and a later one removed
     * drop out: neither tree has them). A node whose entry differs between the two ends differs
     * across at least one edit, so the union holds it. Everything if an edit changes a tree-wide
     * setting.
     *
     * @throws IllegalArgumentException if the chain is not from {@code was}'s tree to {@code now}'s
     */
    static EditScope of(EditChain chain, ResolvedTree was, ResolvedTree now) {
        if (!same(chain.from().tree(), was.tree()) || !same(chain.to().tree(), now.tree())) {
            throw new IllegalArgumentException(now.tree().rootPath() + ": the edits " + chain + " are not from version "
                    + was.tree().version() + " to version " + now.tree().version() + " of this tree");
        }
        List<AppliedEdit> edits = chain.edits();
        List<ResolvedTree> steps = chain.steps();
        if (edits.isEmpty()) {
            return new EditScope(new BitSet(), new BitSet(), new BitSet(), 0);
        }
        if (edits.size() == 1) {
            return of(edits.get(0), was, now);
        }
        BitSet old = new BitSet();
        BitSet added = new BitSet();
        BitSet compared = new BitSet();
        int walked = 0;
        for (int e = 0; e < edits.size(); e++) {
            if (!sameSettings(steps.get(e).tree(), steps.get(e + 1).tree())) {
                return everything(was.tree(), now.tree());
            }
            EditScope one = of(edits.get(e), steps.get(e), steps.get(e + 1));
            walked += one.walked;
            for (int i : one.beforeNodes) {
                setIfKept(old, back(edits, e, i));
            }
            for (int j : one.afterNodes) {
                setIfKept(added, forward(edits, e, j));
            }
            for (int j : one.compared) {
                setIfKept(compared, forward(edits, e, j));
            }
        }
        return new EditScope(old, added, compared, walked);
    }

    private static void setIfKept(BitSet set, int index) {
        if (index >= 0) {
            set.set(index);
        }
    }

    /** Node {@code i} of the tree before edit {@code e}, as an index of the chain's first tree (-1: created since). */
    private static int back(List<AppliedEdit> edits, int e, int i) {
        for (int k = e - 1; k >= 0 && i >= 0; k--) {
            i = edits.get(k).sourceIndex(i);
        }
        return i;
    }

    /** Node {@code j} of the tree after edit {@code e}, as an index of the chain's last tree (-1: removed since). */
    private static int forward(List<AppliedEdit> edits, int e, int j) {
        for (int k = e + 1; k < edits.size() && j >= 0; k++) {
            j = edits.get(k).afterIndexOf(j);
        }
        return j;
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
        int[] walked = new int[1];
        BitSet compared = changedEntries(edit, was, now, walked);
        return new EditScope(old, added, compared, walked[0]);
    }

    /**
     * The touched parents, the changed nodes' parents, and the members of re-resolved sibling
     * groups whose entry may differ: all of them if the group's parent changed (its slot may
     * have), else the new and changed members and those whose fixed-point weight, peak or (in
     * guarantee+excess mode, where entries carry it) guarantee moved. A join under a parent of 10^4 children thus compares one entry, not 10^4.
     * A group whose members' values can only have moved with the group's rule (weighted mode:
     * "only guarantees" or the ratio rho) is not walked at all when that rule stayed: its new
     * and changed members are compared and queued anyway, the others keep their entries.
     * {@code walked[0]} counts the members walked.
     */
    private static BitSet changedEntries(AppliedEdit edit, ResolvedTree was, ResolvedTree now, int[] walked) {
        BandwidthTree after = now.tree();
        BitSet compared = new BitSet();
        BitSet queued = new BitSet(); // parent index + 1 (0: the port)
        ArrayDeque<Integer> groups = new ArrayDeque<>();
        for (int p : edit.touchedParents()) {
            queue(groups, queued, p);
            setIfKept(compared, p); // its children changed: whether it looks them up may have
        }
        for (int c : edit.changedNodes()) {
            queue(groups, queued, after.parentIndex(c));
            setIfKept(compared, after.parentIndex(c));
            queue(groups, queued, c);
            compared.set(c);
        }
        Weights weights = new Weights(was, now);
        // Only guarantee+excess entries carry the guarantee; in weighted mode the implied
        // guarantees of a whole group move when a sibling joins, the entries do not.
        boolean guaranteeInEntry = after.mode() == AllocationMode.GUARANTEE_EXCESS
                || was.tree().mode() == AllocationMode.GUARANTEE_EXCESS;
        while (!groups.isEmpty()) {
            int p = groups.poll(); // below a node whose guarantee moved: only members whose entry may differ
            int bp = p < 0 ? -1 : edit.sourceIndex(p);
            boolean parentChanged = p >= 0 && (bp < 0 || edit.isChanged(p));
            if (!parentChanged && (p < 0 || bp >= 0) && keepsUnchangedMembers(after, p, was.group(bp), now.group(p))) {
                continue;
            }
            boolean all = parentChanged || !weights.of(bp, p);
            walked[0] += after.childCount(p);
            long[] wasGroup = all ? null : weights.was.group(bp);
            long[] nowGroup = all ? null : weights.now.group(p);
            int j = 0; // walks the old group alongside: kept members keep their order
            for (int k = 0; k < after.childCount(p); k++) {
                int c = after.child(p, k);
                int s = edit.sourceIndex(c);
                boolean changed = s < 0 || edit.isChanged(c);
                if (!all && !changed) {
                    while (j < was.tree().childCount(bp) && was.tree().child(bp, j) < s) {
                        j++;
                    }
                }
                if (all || changed || (j < wasGroup.length && was.tree().child(bp, j) == s ? wasGroup[j]
                        : weights.was.of(s)) != nowGroup[k]
                        || Double.compare(was.peak(s), now.peak(c)) != 0
                        || guaranteeInEntry && Double.compare(was.guarantee(s), now.guarantee(c)) != 0) {
                    compared.set(c);
                }
                if (changed || after.childCount(c) > 0 && Double.compare(was.guarantee(s), now.guarantee(c)) != 0) {
                    queue(groups, queued, c);
                }
            }
        }
        return compared;
    }

    /**
     * Whether every member of the children of {@code p} (-1: the port) that an edit left unchanged
     * has the same entry after it ({@code now}) as before ({@code was}) and needs nothing below it
     * re-resolved. Peaks are the members' own. In guarantee+excess mode weights and guarantees
     * are too. In weighted mode a group giving only guarantees gets weights {@code g / 1 Mb/s}
     * and keeps its given guarantees; any other group derives a member's missing weight
     * ({@code g / rho}) or implied guarantee ({@code min(w * rho, peak)}) from its own spec and the
     * group's {@code rho}. A changed {@code rho} thus moves only implied guarantees when no member
     * derives its weight; entries do not carry them, and members at the last level have nothing
     * below them to re-resolve (a join of a user with a weight, as from a template).
     */
    private static boolean keepsUnchangedMembers(BandwidthTree after, int p, SiblingGroup was, SiblingGroup now) {
        if (was == null || now == null) {
            return false;
        }
        if (after.mode() == AllocationMode.GUARANTEE_EXCESS) {
            return true;
        }
        if (was.guaranteesOnly() != now.guaranteesOnly()) {
            return false;
        }
        if (now.guaranteesOnly() || Double.compare(was.ratio(), now.ratio()) == 0) {
            return true;
        }
        int memberLevel = p < 0 ? 1 : after.depth(p) + 1;
        return now.derivedWeights() == 0 && memberLevel == after.levels().size();
    }

    /** The switch's fixed-point weights of sibling groups, before and after. */
    private static final class Weights {
        private final GroupWeights was;
        private final GroupWeights now;

        Weights(ResolvedTree before, ResolvedTree after) {
            this.was = new GroupWeights(before);
            this.now = new GroupWeights(after);
        }

        /**
         * Whether the weights of the children of {@code bp} (before) and {@code p} (after) can be
         * compared: false if the switch cannot represent them (the diff reports that, comparing
         * the whole group).
         */
        boolean of(int bp, int p) {
            try {
                was.group(bp);
                now.group(p);
                return true;
            } catch (CompilerException e) {
                return false;
            }
        }
    }

    private static void queue(ArrayDeque<Integer> groups, BitSet queued, int p) {
        if (!queued.get(p + 1)) {
            queued.set(p + 1);
            groups.add(p);
        }
    }

    /** Versions do not count: a batch of edits may be stored as one version. */
    private static boolean same(BandwidthTree a, BandwidthTree b) {
        return a.sameExceptVersion(b);
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

    /** How many members of re-resolved sibling groups were looked at one by one (a join under a large parent: none). */
    int walked() {
        return walked;
    }
}
