package org.hsdba.compiler;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.admission.SiblingGroup;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Ranges;

/**
 * The compiled program's number formats (all unsigned 64-bit, HX_ALU saturating; reasoning in
 * docs/hsdba-compiler.md section 3):
 * <ul>
 * <li>rates: bytes/s, truncated ({@code floor(bps / 8)}); the largest model rate, 1 Pb/s, is
 *     1.25e14 B/s &lt; 2^47; "unlimited" is {@link #UNLIMITED} (2^64 - 1), which every MIN leaves alone;</li>
 * <li>weights: Q24 ({@code round(w * 2^24)}), accepted for {@code 2^-14 <= w <= 2^32} so the
 *     rounding error stays below 0.05 % and a weight below 2^56; siblings' sums must stay below
 *     2^62 (checked), so U_weight and W_active never saturate;</li>
 * <li>fair share: kept as the exact fraction {@code num / den} (bytes/s over Q24 weight) and applied
 *     as {@code MULDIV(w, num, den)} with a 128-bit intermediate (2^56 * 2^47 &lt; 2^128): no
 *     rounding of alpha at all, {@code den = 0} gives MAX = +inf;</li>
 * <li>times: ns; EWMA weights and drop probabilities: Q32.</li>
 * </ul>
 */
public final class FixedPoint {

    /** 2^64 - 1 as a Java long: HX's MAX, "+inf" / "unlimited". */
    public static final long UNLIMITED = -1L;
    public static final int WEIGHT_BITS = 24;
    public static final long WEIGHT_ONE = 1L << WEIGHT_BITS;
    public static final double MIN_WEIGHT = Ranges.MIN_WEIGHT;
    public static final double MAX_WEIGHT = Ranges.MAX_WEIGHT;
    /** Bound on the sum of one parent's children's Q24 weights. */
    public static final long MAX_WEIGHT_SUM = 1L << 62;
    public static final long Q32_ONE = 1L << 32;
    public static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** In weighted mode, siblings that all give only g get weights g / this (any common unit would do). */
    static final double BPS_PER_DERIVED_WEIGHT = 1e6;

    private FixedPoint() {
    }

    /** bits/s to bytes/s, truncated; +inf to {@link #UNLIMITED}. */
    public static long bytesPerSecond(double bps) {
        if (Double.isInfinite(bps)) {
            return UNLIMITED;
        }
        if (!(bps >= 0)) {
            throw new IllegalArgumentException("rate " + bps + " b/s is not a non-negative number");
        }
        return (long) Math.floor(bps / 8);
    }

    /** A weight in Q24; {@code where} names the node for the error. */
    public static long weight(double w, String where) {
        if (!(w >= MIN_WEIGHT && w <= MAX_WEIGHT)) {
            throw new CompilerException(where + ": weight " + w + " is outside the range the switch program can"
                    + " represent exactly enough (" + MIN_WEIGHT + " .. " + MAX_WEIGHT + ", Q24 fixed point);"
                    + " scale the weights of its siblings together");
        }
        return Math.round(w * WEIGHT_ONE);
    }

    /**
     * The Q24 weight of every node (0 for templates). Weights only matter relative to siblings,
     * so a sibling group in which every node gives only a guaranteed rate gets {@code g / 1 Mb/s}
     * rather than admission's mean-1 normalisation: adding a sibling then changes no other
     * sibling's weight, which keeps incremental deltas small.
     */
    public static long[] weights(ResolvedTree resolved) {
        long[] out = new long[resolved.tree().size()];
        for (int p = -1; p < resolved.tree().size(); p++) {
            groupWeights(resolved, p, out);
        }
        return out;
    }

    /**
     * The Q24 weights of the children of {@code p} (-1: the port) into {@code out}, as
     * {@link #weights} gives them: a sibling group is all a weight depends on, so a diff
     * recomputes only the groups an edit touched.
     */
    static void groupWeights(ResolvedTree resolved, int p, long[] out) {
        long[] byPosition = groupWeights(resolved, p);
        for (int k = 0; k < byPosition.length; k++) {
            if (!resolved.tree().node(resolved.tree().child(p, k)).isTemplate()) {
                out[resolved.tree().child(p, k)] = byPosition[k];
            }
        }
    }

    /** The Q24 weights of the children of {@code p} (-1: the port), by position among them (0 for templates). */
    static long[] groupWeights(ResolvedTree resolved, int p) {
        BandwidthTree tree = resolved.tree();
        int count = tree.childCount(p);
        long[] out = new long[count];
        boolean onlyGuarantees = tree.mode() == AllocationMode.WEIGHTED;
        for (int k = 0; k < count && onlyGuarantees; k++) {
            NodeSpec c = tree.node(tree.child(p, k));
            onlyGuarantees = c.isTemplate() || (c.weight().isEmpty() && c.guaranteed().isPresent()
                    && c.guaranteed().get().bps() > 0);
        }
        long sum = 0;
        for (int k = 0; k < count; k++) {
            int c = tree.child(p, k);
            if (tree.node(c).isTemplate()) {
                continue;
            }
            double w = memberWeight(resolved, c, onlyGuarantees);
            // The path (a string) only for the error: this runs over whole sibling groups.
            out[k] = w >= MIN_WEIGHT && w <= MAX_WEIGHT ? Math.round(w * WEIGHT_ONE) : weight(w, tree.path(c));
            sum += out[k];
            if (sum > MAX_WEIGHT_SUM) {
                throw new CompilerException((p < 0 ? tree.rootPath() : tree.path(p)) + ": the weights of its"
                        + " children sum to more than 2^38 in Q24 fixed point; scale them down");
            }
        }
        return out;
    }

    /** The weight (before Q24) of non-template node {@code c}, in a group that gives only guarantees or not. */
    private static double memberWeight(ResolvedTree resolved, int c, boolean onlyGuarantees) {
        return onlyGuarantees ? resolved.tree().node(c).guaranteed().get().bps() / BPS_PER_DERIVED_WEIGHT
                : resolved.weight(c);
    }

    /**
     * The Q24 weight of node {@code index} as {@link #groupWeights(ResolvedTree, int)} gives it,
     * without looking at its siblings, or -1 if that is not known: admission's summary of the
     * group ({@link ResolvedTree#group}) must show every member in range and a sum that cannot
     * reach {@link #MAX_WEIGHT_SUM}; then no member's weight depends on the others (otherwise the
     * caller computes the group, which reports what cannot be represented). Division by a
     * positive constant keeps the order, so the range of {@code g / 1 Mb/s} is that of {@code g}
     * divided; the sum gets a margin for the rounding of its terms.
     */
    static long memberWeight(ResolvedTree resolved, int index) {
        BandwidthTree tree = resolved.tree();
        SiblingGroup g = resolved.group(tree.parentIndex(index));
        if (g == null) {
            return -1;
        }
        boolean only = g.guaranteesOnly();
        double min = only ? g.minGiven() / BPS_PER_DERIVED_WEIGHT : g.minWeight();
        double max = only ? g.maxGiven() / BPS_PER_DERIVED_WEIGHT : g.maxWeight();
        double sum = only ? g.givenSum() / BPS_PER_DERIVED_WEIGHT : g.weightSum();
        if (g.members() > 0 && !(min >= MIN_WEIGHT && max <= MAX_WEIGHT
                && sum * WEIGHT_ONE * (1 + 1e-6) + g.members() < MAX_WEIGHT_SUM)) {
            return -1;
        }
        if (tree.node(index).isTemplate()) {
            return 0;
        }
        return Math.round(memberWeight(resolved, index, only) * WEIGHT_ONE);
    }
}
