package org.hsdba.admission;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Ranges;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;

/**
 * Admission control for bandwidth trees (algorithm section 1). Pure functions; every violation
 * is reported at once.
 *
 * <p>Rules, checked at every parent (the port included) through all levels:
 * <ul>
 * <li>sum of the children's guaranteed rates &lt;= the parent's guaranteed rate; at the port
 *     &lt;= eta * C (a relative tolerance of 1e-9 absorbs rounding of derived values);</li>
 * <li>g &lt;= l for every node and template; w &gt; 0 and finite;</li>
 * <li>sibling keys do not overlap (templates excluded);</li>
 * <li>weighted mode: guarantees and weights proportional among siblings (relative tolerance
 *     1e-6). Per sibling group with ratio {@code rho = g / w}: nodes giving both fix {@code rho}
 *     (and must agree); otherwise, if every node gives only {@code g}, weights are derived
 *     proportional to {@code g} (mean weight 1); otherwise {@code rho} splits what remains of the
 *     parent's guarantee after the {@code g}-only nodes by weight (w = 1 when not given). Nodes
 *     with only {@code g} then get {@code w = g / rho}, nodes with only {@code w} get the implied
 *     {@code g = min(w * rho, l)}. A zero {@code g} cannot give a weight: give one.</li>
 * <li>guarantee+excess mode: {@code g} (default 0) and {@code w} (default 1) are independent.</li>
 * </ul>
 * Structural rules (ids, parents, cycles, depth, key lengths) are enforced when the
 * {@link BandwidthTree} is built.
 */
public final class Admission {

    /** Relative tolerance for "g and w proportional among siblings". */
    public static final double PROPORTION_TOLERANCE = 1e-6;
    private static final double SUM_TOLERANCE = 1e-9;

    private Admission() {
    }

    /** Every admission violation of the tree; empty if it is admissible. */
    public static List<Violation> check(BandwidthTree tree) {
        return new Run(tree).run().violations;
    }

    /** The admitted tree with effective weights and guarantees; throws {@link InvalidTreeException} otherwise. */
    public static ResolvedTree admit(BandwidthTree tree) {
        Run run = new Run(tree).run();
        if (!run.violations.isEmpty()) {
            throw new InvalidTreeException(run.violations);
        }
        return new ResolvedTree(tree, run.leaf(), run.groups);
    }

    /**
     * Applies an edit: the new tree (version + 1) if it is structurally valid and admissible, else
     * an {@link InvalidTreeException} with all violations. The input is never changed. This checks
     * the whole result; a caller that keeps the admitted tree should use
     * {@link #apply(ResolvedTree, TreeEdit)}, which costs what the edit touches.
     */
    public static BandwidthTree apply(BandwidthTree tree, TreeEdit edit) {
        BandwidthTree candidate = edit.applyTo(tree);
        List<Violation> violations = check(candidate);
        if (!violations.isEmpty()) {
            throw new InvalidTreeException(violations);
        }
        return candidate;
    }

    /**
     * Applies an edit to an admitted tree and admits the result, re-resolving only the sibling
     * groups the edit touched and, below them, those whose parent's guarantee changed: an edit of
     * a leaf of a 10^5-node tree costs its sibling group and a few array copies. Same result as
     * {@link #admit} of {@code edit.applyTo(admitted.tree())}: the admitted tree, or an
     * {@link InvalidTreeException} with exactly the violations {@link #check} would list.
     */
    public static ResolvedTree apply(ResolvedTree admitted, TreeEdit edit) {
        return admit(admitted, edit.apply(admitted.tree()));
    }

    /**
     * {@link #admit} of {@code edit.after()}, reusing what {@code admitted} resolved for
     * {@code edit.before()}; for callers that keep the applied edit too (e.g. to narrow a compiler
     * diff to it).
     *
     * @throws IllegalArgumentException if the edit was applied to another tree than {@code admitted}'s
     */
    public static ResolvedTree admit(ResolvedTree admitted, AppliedEdit edit) {
        if (admitted.tree() != edit.before()) {
            throw new IllegalArgumentException("the edit was applied to another tree than the admitted one");
        }
        Run run = new Run(edit.after()).reuse(admitted, edit);
        if (!run.violations.isEmpty()) {
            throw new InvalidTreeException(run.violations);
        }
        return new ResolvedTree(run.tree, run.leaf, run.groups);
    }

    /**
     * The effective weights and guarantees a full admission pass computes for an admissible tree, as
     * {weights, guarantees}: what {@link ResolvedTree} finds again from the nodes and their groups'
     * ratios ({@link EffectiveRates}); for tests that hold the two to the same bits.
     */
    static double[][] resolvedValues(BandwidthTree tree) {
        Run run = new Run(tree).run();
        if (!run.violations.isEmpty()) {
            throw new InvalidTreeException(run.violations);
        }
        double[][] out = new double[2][tree.size()];
        for (int i = 0; i < tree.size(); i++) {
            out[0][i] = run.values.weight(i);
            out[1][i] = run.values.guarantee(i);
        }
        return out;
    }

    /**
     * How many sibling groups {@link #admit(ResolvedTree, AppliedEdit)} resolves member by member for
     * this edit (those it resolves from what the admitted tree kept are not counted); for tests that
     * hold a join to the cost of its own node.
     */
    static int groupsWalked(ResolvedTree admitted, AppliedEdit edit) {
        Run run = new Run(edit.after()).reuse(admitted, edit);
        if (!run.violations.isEmpty()) {
            throw new InvalidTreeException(run.violations);
        }
        return run.groupsWalked;
    }

    /** One admission pass over a tree. */
    private static final class Run {
        private final BandwidthTree tree;
        private final int n;
        /** Effective weights and guarantees as this pass resolves them (what the checks compare). */
        private RunValues values;
        private boolean[] leaf;
        /** The sibling group of each parent (index + 1; 0: the port), as resolved. */
        private final SiblingGroup[] groups;
        private final List<Violation> violations = new ArrayList<>();
        /** The edit being re-resolved ({@link #reuse}); null for a full run. */
        private AppliedEdit edit;
        /** With {@link #edit}: the nodes it created or changed, by index (a lookup, not a search per sibling). */
        private boolean[] changed;
        /**
         * With {@link #edit}: the one node it added, when that is all it did and the node is a leaf
         * appended to its parent's children (a join); -1 otherwise. Its group is resolved from what
         * was kept about it ({@link #resolveAppended}).
         */
        private int appended = -1;
        /** Sibling groups resolved member by member (not from a kept group). */
        private int groupsWalked;

        Run(BandwidthTree tree) {
            this.tree = tree;
            this.n = tree.size();
            this.groups = new SiblingGroup[n + 1];
        }

        /** Leaf flags of every node (after a full run). */
        boolean[] leaf() {
            boolean[] out = new boolean[n];
            for (int i = 0; i < n; i++) {
                out[i] = tree.isLeaf(i);
            }
            return out;
        }

        /**
         * Resolves the edited tree from the admitted one: values of untouched nodes are read from it, the
         * touched sibling groups re-resolved in pre-order (as in a full run, so violations come in
         * the same order), and below each re-resolved node whose guarantee changed, its children.
         * The admitted tree has no violation and every group not re-resolved has the same members
         * and budget as there, so it has none either.
         */
        Run reuse(ResolvedTree admitted, AppliedEdit edit) {
            this.edit = edit;
            leaf = new boolean[n];
            changed = new boolean[n];
            int[] changedNodes = edit.changedNodes();
            for (int c : changedNodes) {
                changed[c] = true;
            }
            values = RunValues.kept(tree, groups, edit, changed);
            int[] touched = edit.touchedParents();
            if (changedNodes.length == 1 && touched.length == 1 && edit.before().size() + 1 == n) {
                int c = changedNodes[0];
                int p = touched[0];
                if (edit.sourceIndex(c) < 0 && tree.parentIndex(c) == p && tree.childCount(c) == 0
                        && tree.child(p, tree.childCount(p) - 1) == c && !tree.node(c).isTemplate()) {
                    appended = c;
                }
            }
            groups[0] = admitted.group(-1);
            for (int i = 0; i < n; i++) {
                int s = edit.sourceIndex(i);
                if (s >= 0) {
                    groups[i + 1] = admitted.group(s); // replaced below if the group is re-resolved
                }
                if (s >= 0 && !changed[i]) {
                    leaf[i] = admitted.isLeaf(s);
                }
            }
            PriorityQueue<Integer> dirty = new PriorityQueue<>();
            boolean[] queued = new boolean[n + 1];
            for (int p : edit.touchedParents()) {
                queue(dirty, queued, p);
            }
            for (int c : edit.changedNodes()) {
                queue(dirty, queued, tree.parentIndex(c)); // its own rates are checked with its siblings
                queue(dirty, queued, c);
            }
            while (!dirty.isEmpty()) {
                int p = dirty.poll();
                if (p >= 0) {
                    leaf[p] = tree.isLeaf(p);
                }
                // A changed guarantee re-resolves the children's group; a leaf has none (its own
                // rates were checked with its siblings), so a join under a large parent neither
                // queues nor even records every sibling. Changed nodes were queued above.
                int count = tree.childCount(p);
                int parents = 0;
                for (int k = 0; k < count; k++) {
                    parents += tree.childCount(tree.child(p, k)) > 0 ? 1 : 0;
                }
                int[] inner = new int[parents];
                double[] before = new double[parents];
                for (int k = 0, m = 0; m < parents; k++) {
                    int c = tree.child(p, k);
                    if (tree.childCount(c) > 0) {
                        inner[m] = c;
                        before[m++] = values.guarantee(c);
                    }
                }
                resolveChildren(p);
                for (int m = 0; m < parents; m++) {
                    if (Double.compare(before[m], values.guarantee(inner[m])) != 0) {
                        queue(dirty, queued, inner[m]);
                    }
                }
            }
            return this;
        }

        private static void queue(PriorityQueue<Integer> dirty, boolean[] queued, int p) {
            if (!queued[p + 1]) {
                queued[p + 1] = true;
                dirty.add(p);
            }
        }

        Run run() {
            values = RunValues.full(n);
            checkLevelTemplates();
            // Pre-order: a parent is resolved before its children need its guarantee.
            resolveChildren(-1);
            for (int i = 0; i < n; i++) {
                resolveChildren(i);
            }
            return this;
        }

        private void checkLevelTemplates() {
            List<LevelSpec> levels = tree.levels();
            for (int k = 0; k < levels.size(); k++) {
                if (levels.get(k).join().isEmpty()) {
                    continue;
                }
                JoinTemplate t = levels.get(k).join().get();
                String where = "join template of level \"" + levels.get(k).name() + "\" under " + tree.rootPath();
                String field = "levels/" + k + "/join/";
                if (t.weight().isPresent() && !validWeight(t.weight().getAsDouble())) {
                    add(weightCode(t.weight().getAsDouble()), null, field + "weight",
                            where + ": weight " + t.weight().getAsDouble() + weightRule(t.weight().getAsDouble()));
                }
                if (t.guaranteed().isPresent() && t.guaranteed().get().compareTo(t.peak()) > 0) {
                    add(ViolationCode.GUARANTEE_ABOVE_PEAK, null, field + "guaranteed", where + ": guaranteed "
                            + t.guaranteed().get() + " > peak " + t.peak());
                }
            }
        }

        private void resolveChildren(int p) {
            if (appended >= 0 && tree.parentIndex(appended) == p && resolveAppended(p)) {
                return;
            }
            int count = tree.childCount(p);
            if (count == 0) {
                groups[p + 1] = SiblingGroup.empty(tree);
                return;
            }
            // ints, not a list of Integers: a group can hold thousands of joined users
            int[] kids = new int[count];
            int m = 0;
            for (int k = 0; k < count; k++) {
                int c = tree.child(p, k);
                NodeSpec node = tree.node(c);
                if (edit == null || changed[c]) {
                    checkOwnRates(c, node); // a kept node passed when admitted, with the same spec
                }
                if (node.isTemplate()) {
                    setFoundValues(c, Double.NaN);
                } else {
                    kids[m++] = c;
                }
            }
            if (m < count) {
                kids = Arrays.copyOf(kids, m);
            }
            if (kids.length == 0) {
                groups[p + 1] = SiblingGroup.empty(tree);
                return;
            }
            groupsWalked++;
            double budget = p < 0 ? tree.rootBandwidth() : values.guarantee(p);
            double ratio = Double.NaN;
            SiblingGroup.Builder group = new SiblingGroup.Builder(tree);
            if (tree.mode() == AllocationMode.GUARANTEE_EXCESS) {
                for (int c : kids) {
                    NodeSpec node = tree.node(c);
                    setFoundValues(c, Double.NaN);
                    group.add(node, values.weight(c), values.guarantee(c), EffectiveRates.guaranteeImplied(tree, c));
                }
            } else {
                ratio = resolveProportional(p, kids, budget, group);
            }
            groups[p + 1] = group.build(ratio);
            checkSum(p, kids, budget);
            checkKeys(p, kids);
        }

        /**
         * The group of {@code p} when the edit only appended {@link #appended} to it, resolved from
         * what the admitted tree kept about the group and the new node: the ratio and the members'
         * values stay, or (every member taking an implied guarantee) only the implied guarantees
         * scale with the new ratio. Exactly the values, group and verdict of a full resolution of the
         * group, which is what runs instead when this cannot tell (a new anchor, members giving only a
         * guarantee without one, an empty group) or found a violation (whose text and order the full
         * resolution then gives). False if it did not resolve the group.
         */
        private boolean resolveAppended(int p) {
            SiblingGroup old = groups[p + 1];
            if (old.members() == 0) {
                return false;
            }
            int c = appended;
            NodeSpec node = tree.node(c);
            int mark = violations.size();
            checkOwnRates(c, node);
            // The members are the children but for the template, if any (the old members and the
            // new node are all the others): found without reading every sibling's spec. The
            // template's values were kept from the admitted tree, as the spec is the same.
            int count = tree.childCount(p);
            int template = -1;
            if (count > old.members() + 1) {
                for (int k = 0; k < count && template < 0; k++) {
                    if (tree.node(tree.child(p, k)).isTemplate()) {
                        template = k;
                    }
                }
            }
            double budget = p < 0 ? tree.rootBandwidth() : values.guarantee(p);
            double ratio;
            boolean refused = false;
            if (tree.mode() == AllocationMode.GUARANTEE_EXCESS) {
                setFoundValues(c, Double.NaN);
                ratio = Double.NaN;
            } else {
                SiblingGroup.Kind kind = SiblingGroup.Kind.of(node);
                NodeSpec anchor = old.anchor();
                if (anchor != null) {
                    // The anchor is still the first member giving both: the ratio, and every other
                    // member's values, are what they were.
                    ratio = old.ratio();
                } else if (kind == SiblingGroup.Kind.REST && !old.anyGuaranteeOnly()) {
                    // Every member takes an implied guarantee: the ratio splits the budget by weight,
                    // summed in member order as a full resolution sums it (the new member is last).
                    ratio = budget / (old.restWeightSum() + SiblingGroup.Kind.restWeight(node));
                    // Each kept member's guarantee is now min(w * ratio, peak), found from the group
                    // built below (EffectiveRates); every guarantee in the group being implied, the
                    // sum rule does not bind (not checked below).
                } else {
                    violations.subList(mark, violations.size()).clear();
                    return false;
                }
                // BOTH comes with an anchor (a first one would change the ratio: turned away above).
                resolveMember(c, node, kind, anchor, ratio);
                // An underivable weight: the full resolution words it.
                refused = Double.isNaN(values.weight(c));
            }
            // The sum rule binds only where some member's guarantee is not implied; the kept group
            // has its members' sum then (their guarantees stay: the ratio is the anchor's), so a
            // join checks it from that and its own, reading no sibling.
            boolean implied = EffectiveRates.guaranteeImplied(tree, c);
            if (!refused && violations.size() == mark && (!Double.isNaN(old.guaranteeSum()) || !implied)) {
                double kept = Double.isNaN(old.guaranteeSum()) ? 0 : old.guaranteeSum();
                checkSum(p, kept + values.guarantee(c), true, budget);
            }
            if (!refused && violations.size() == mark) {
                // The kept members do not overlap each other: only the new key can overlap one.
                Boolean overlaps = old.overlapsMember(node.key());
                if (overlaps == null) {
                    checkKeys(p, members(p, template));
                } else if (overlaps) {
                    refused = true; // the full resolution names the sibling
                } else {
                    checkInParent(p, c);
                }
            }
            if (refused || violations.size() > mark) {
                violations.subList(mark, violations.size()).clear();
                return false;
            }
            SiblingGroup.Builder group = new SiblingGroup.Builder(tree, old);
            group.add(node, values.weight(c), values.guarantee(c), EffectiveRates.guaranteeImplied(tree, c));
            groups[p + 1] = group.build(ratio);
            return true;
        }

        private void checkOwnRates(int c, NodeSpec node) {
            if (node.weight().isPresent() && !validWeight(node.weight().getAsDouble())) {
                add(weightCode(node.weight().getAsDouble()), node.id(), "weight", tree.path(c) + ": weight "
                        + node.weight().getAsDouble() + weightRule(node.weight().getAsDouble()));
            }
            if (node.guaranteed().isPresent() && node.guaranteed().get().compareTo(node.peak()) > 0) {
                add(ViolationCode.GUARANTEE_ABOVE_PEAK, node.id(), "guaranteed", tree.path(c) + ": guaranteed "
                        + node.guaranteed().get() + " > peak " + node.peak());
            }
        }

        private static ViolationCode weightCode(double w) {
            return w > 0 ? ViolationCode.WEIGHT_OUT_OF_RANGE : ViolationCode.WEIGHT_NOT_POSITIVE;
        }

        private static String weightRule(double w) {
            return w > 0 ? " is outside " + Ranges.weightRangeText() : " must be > 0";
        }

        private static boolean validWeight(double w) {
            return Ranges.isRepresentableWeight(w);
        }

        /** Weighted mode: derive the missing half of (g, w) with one ratio rho = g / w per sibling group; returns rho. */
        private double resolveProportional(int p, int[] kids, double budget, SiblingGroup.Builder group) {
            SiblingGroup.Tally tally = new SiblingGroup.Tally();
            for (int c : kids) {
                tally.add(tree.node(c));
            }
            NodeSpec anchor = tally.anchor;
            double sumGOnly = tally.guaranteeOnlySum;
            double sumWRest = tally.restWeightSum;
            double rho;
            if (anchor != null) {
                rho = anchor.guaranteed().get().asDouble() / anchor.weight().getAsDouble();
            } else if (tally.anyGuaranteeOnly && !tally.anyRest) {
                // Weights only matter relatively: scale so that their mean is 1.
                rho = sumGOnly == 0 ? 0 : sumGOnly / kids.length;
                if (rho == 0) {
                    for (int c : kids) {
                        values.setWeight(c, 1.0);
                        values.setGuarantee(c, 0);
                        group.add(tree.node(c), 1.0, 0, false); // a zero guarantee given, not implied
                    }
                    return 0;
                }
            } else if (!tally.anyGuaranteeOnly) {
                rho = budget / sumWRest;
            } else {
                rho = (budget - sumGOnly) / sumWRest;
                if (!(rho > 0)) {
                    add(ViolationCode.WEIGHT_UNDERIVABLE, p < 0 ? null : tree.node(p).id(), p < 0 ? "nodes" : "",
                            describe(p) + ": children with only a guaranteed rate take " + Rate.format(sumGOnly) + " of "
                                    + Rate.format(budget) + ", leaving no guarantee for the children given only a weight;"
                                    + " give those a guaranteed rate");
                    rho = Double.NaN;
                }
            }
            for (int c : kids) {
                NodeSpec node = tree.node(c);
                SiblingGroup.Kind kind = SiblingGroup.Kind.of(node);
                resolveMember(c, node, kind, anchor, rho);
                if (Double.isNaN(values.weight(c)) && kind == SiblingGroup.Kind.GUARANTEE_ONLY) {
                    add(ViolationCode.WEIGHT_UNDERIVABLE, node.id(), "weight", tree.path(c) + ": a weight cannot be"
                            + " derived from guaranteed " + node.guaranteed().get() + anchorNote(anchor, rho) + "; give a weight");
                }
                group.add(node, values.weight(c), values.guarantee(c), EffectiveRates.guaranteeImplied(tree, c));
            }
            return rho;
        }

        /**
         * Member {@code c}'s weight and guarantee in a group resolved with ratio {@code rho}: its
         * own (checked against the anchor), a weight derived from its guarantee (NaN if none can
         * be), or a guarantee implied by its weight (capped by its peak).
         */
        private void resolveMember(int c, NodeSpec node, SiblingGroup.Kind kind, NodeSpec anchor, double rho) {
            switch (kind) {
                case BOTH:
                    setFoundValues(c, rho); // its own
                    checkProportional(c, anchor, rho);
                    break;
                case GUARANTEE_ONLY:
                    double g = node.guaranteed().get().asDouble();
                    double w = g / rho;
                    values.setGuarantee(c, g);
                    values.setWeight(c, !(w > 0) || Double.isInfinite(w) ? Double.NaN : w);
                    break;
                default:
                    setFoundValues(c, rho); // its weight (or 1) and min(w * rho, peak)
            }
        }

        /**
         * Node {@code c}'s values as the admitted tree finds them again ({@link EffectiveRates}),
         * its group resolved with {@code ratio}: one definition for the pass and the reading. Not
         * for a member giving only a guarantee, whose weight the pass must see fail (NaN).
         */
        private void setFoundValues(int c, double ratio) {
            values.setWeight(c, EffectiveRates.weight(tree, c, ratio));
            values.setGuarantee(c, EffectiveRates.guarantee(tree, c, ratio));
        }

        private String anchorNote(NodeSpec anchor, double rho) {
            if (anchor == null || Double.isNaN(rho)) {
                return "";
            }
            return " (siblings have " + Rate.format(rho) + " of guarantee per unit of weight, as set by \""
                    + anchor.id() + "\")";
        }

        private void checkProportional(int c, NodeSpec a, double rho) {
            if (tree.node(c) == a) {
                return;
            }
            double expected = values.weight(c) * rho;
            double scale = Math.max(Math.abs(expected), Math.abs(values.guarantee(c)));
            if (Math.abs(values.guarantee(c) - expected) > PROPORTION_TOLERANCE * scale) {
                NodeSpec node = tree.node(c);
                add(ViolationCode.NOT_PROPORTIONAL, node.id(), "weight", tree.path(c) + ": guaranteed " + node.guaranteed().get()
                        + " and weight " + fmt(values.weight(c)) + " are not proportional to sibling \"" + a.id() + "\" ("
                        + a.guaranteed().get() + ", weight " + fmt(a.weight().getAsDouble()) + "); weighted max-min"
                        + " only honours guarantees proportional to weights: give only one of them, make them"
                        + " proportional, or use mode \"guarantee-excess\"");
            }
        }

        /** The children of {@code p} but the one at position {@code template} (-1: none). */
        private int[] members(int p, int template) {
            int count = tree.childCount(p);
            int[] kids = new int[template < 0 ? count : count - 1];
            for (int k = 0, m = 0; k < count; k++) {
                if (k != template) {
                    kids[m++] = tree.child(p, k);
                }
            }
            return kids;
        }

        private void checkSum(int p, int[] kids, double budget) {
            double sum = 0;
            boolean anyGiven = false;
            for (int c : kids) {
                sum += values.guarantee(c);
                anyGiven |= !EffectiveRates.guaranteeImplied(tree, c);
            }
            checkSum(p, sum, anyGiven, budget);
        }

        /** Reports the children's guarantees summing to {@code sum} if they exceed the parent's {@code budget}. */
        private void checkSum(int p, double sum, boolean anyGiven, double budget) {
            if (Double.isNaN(sum) || Double.isNaN(budget) || !anyGiven) {
                return;
            }
            if (sum > budget * (1 + SUM_TOLERANCE)) {
                String limit;
                if (p < 0) {
                    limit = Rate.format(budget) + " (eta " + fmt(tree.eta()) + " x capacity " + tree.capacity() + ")";
                } else {
                    limit = Rate.format(budget) + " guaranteed to \"" + tree.node(p).id() + "\""
                            + (EffectiveRates.guaranteeImplied(tree, p) ? " (implied by its weight)" : "");
                }
                add(ViolationCode.GUARANTEE_ABOVE_PARENT, p < 0 ? null : tree.node(p).id(), p < 0 ? "nodes" : "guaranteed",
                        describe(p) + ": guaranteed rates of children sum to " + Rate.format(sum) + " > " + limit);
            }
        }

        private void checkKeys(int p, int[] kids) {
            boolean[] fresh = new boolean[kids.length];
            for (int k = 0; k < kids.length; k++) {
                fresh[k] = edit == null || changed[kids[k]]; // a node the edit created is changed too
            }
            // A key the parent's key excludes: only new or changed keys, or all when the parent changed.
            if (p >= 0 && tree.node(p).key() != null) {
                boolean parentChanged = edit == null || changed[p];
                for (int k = 0; k < kids.length; k++) {
                    if (parentChanged || fresh[k]) {
                        checkInParent(p, kids[k]);
                    }
                }
            }
            // Re-resolving an admitted tree, the siblings kept from it do not overlap each other:
            // only pairs with a new or changed key can (a join costs its group once, not a sort).
            // The keys are read where compared, not copied: a join reads each sibling's once.
            List<MatchKey> keys = new AbstractList<>() {
                @Override
                public MatchKey get(int k) {
                    return tree.node(kids[k]).key();
                }

                @Override
                public int size() {
                    return kids.length;
                }
            };
            List<KeyOverlap.Pair> pairs = edit == null ? KeyOverlap.find(new ArrayList<>(keys))
                    : KeyOverlap.findInvolving(keys, fresh);
            for (KeyOverlap.Pair pair : pairs) {
                int first = kids[pair.first];
                int second = kids[pair.second];
                add(ViolationCode.KEYS_OVERLAP, tree.node(second).id(), "key", tree.path(second) + ": key "
                        + tree.node(second).key() + " overlaps the key " + tree.node(first).key() + " of sibling \""
                        + tree.node(first).id() + "\"");
            }
        }

        /** Child {@code c}'s key, if any, can match traffic its parent {@code p} (-1: the port, any) takes. */
        private void checkInParent(int p, int c) {
            MatchKey pk = p < 0 ? null : tree.node(p).key();
            MatchKey ck = tree.node(c).key();
            if (pk != null && ck != null && !KeyContainment.canMatch(pk, tree.level(p).field(), ck, tree.level(c).field())) {
                add(ViolationCode.KEY_OUTSIDE_PARENT, tree.node(c).id(), "key", tree.path(c) + ": key " + ck
                        + " can never match: its parent \"" + tree.node(p).id() + "\" takes only " + pk
                        + " on the bits their fields share");
            }
        }

        private String describe(int p) {
            return p < 0 ? tree.rootPath() : tree.path(p);
        }

        private static String fmt(double x) {
            return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
        }

        private void add(ViolationCode code, String nodeId, String field, String message) {
            violations.add(new Violation(code, nodeId, field, message));
        }
    }
}
