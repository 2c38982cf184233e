package org.hsdba.admission;

import java.util.Arrays;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Ranges;

/**
 * What admission found about one sibling group (the non-template children of a parent), kept in
 * the {@link ResolvedTree} so that a consumer can answer questions about one member in O(1)
 * instead of walking the group again: whether the group gives only guaranteed rates, the ratio
 * {@code rho = g / w} it was resolved with, and the range and sum of its effective weights and of
 * its given guaranteed rates. A join under a parent of 10^4 users then costs the compiler one
 * entry, not the group. Immutable.
 */
public final class SiblingGroup {

    /** A parent without non-template children in weighted mode ("only guarantees" holds vacuously). */
    static final SiblingGroup EMPTY_WEIGHTED = new SiblingGroup(0, 0, true, Double.NaN, 0, 0, 0, 0, 0, 0);
    /** A parent without non-template children in guarantee+excess mode. */
    static final SiblingGroup EMPTY_EXCESS = new SiblingGroup(0, 0, false, Double.NaN, 0, 0, 0, 0, 0, 0);

    private final int members;
    private final int derived;
    private final boolean guaranteesOnly;
    private final double ratio;
    private final double minWeight;
    private final double maxWeight;
    private final double weightSum;
    private final double minGiven;
    private final double maxGiven;
    private final double givenSum;
    /*
     * What admission's weighted mode derives the group's ratio from, kept so that a node appended
     * to the group (a join) is resolved from them and itself, not from a walk over its siblings.
     * Sums are over the members in order, as a full resolution adds them.
     */
    /** The first member giving both a guaranteed rate and a valid weight (it fixes the ratio); null if none. */
    private final NodeSpec anchor;
    /** Some member gives a guaranteed rate and no valid weight. */
    private final boolean anyGuaranteeOnly;
    /** Some member gives no guaranteed rate. */
    private final boolean anyRest;
    /** Sum of the guaranteed rates of the members giving only one, in b/s. */
    private final double guaranteeOnlySum;
    /** Sum of the weights of the members without a guaranteed rate (1 where not given). */
    private final double restWeightSum;
    /**
     * The sum of the members' effective guarantees, in member order as the rule "children's
     * guarantees within the parent's" adds them, where some member's guarantee is not implied
     * (the rule binds only then); NaN in a group of implied guarantees, whose sum a join changes
     * for every member. A join to the group then checks the rule from this and its own guarantee.
     */
    private final double guaranteeSum;
    /**
     * The members' keys as numbers, value and mask of member {@code i} at {@code 2i, 2i + 1}, when
     * each has at most 64 bits (else null): whether a joining key overlaps a member is then a scan
     * of one array, not a read of every sibling's node and key. Only the first {@code members}
     * pairs are this group's; the array may be longer and shared with groups that extend it.
     */
    private final long[] keyBits;
    /** Who may extend {@link #keyBits} in place: the group whose members fill it (null without keys). */
    private final KeyBitsOwner keyOwner;

    private SiblingGroup(int members, int derived, boolean guaranteesOnly, double ratio, double minWeight, double maxWeight,
                         double weightSum, double minGiven, double maxGiven, double givenSum) {
        this(members, derived, guaranteesOnly, ratio, minWeight, maxWeight, weightSum, minGiven, maxGiven, givenSum, null,
                false, false, 0, 0, Double.NaN, null, null);
    }

    private SiblingGroup(int members, int derived, boolean guaranteesOnly, double ratio, double minWeight, double maxWeight,
                         double weightSum, double minGiven, double maxGiven, double givenSum, NodeSpec anchor,
                         boolean anyGuaranteeOnly, boolean anyRest, double guaranteeOnlySum, double restWeightSum,
                         double guaranteeSum, long[] keyBits, KeyBitsOwner keyOwner) {
        this.guaranteeSum = guaranteeSum;
        this.keyBits = keyBits;
        this.keyOwner = keyOwner;
        this.anchor = anchor;
        this.anyGuaranteeOnly = anyGuaranteeOnly;
        this.anyRest = anyRest;
        this.guaranteeOnlySum = guaranteeOnlySum;
        this.restWeightSum = restWeightSum;
        this.members = members;
        this.derived = derived;
        this.guaranteesOnly = guaranteesOnly;
        this.ratio = ratio;
        this.minWeight = minWeight;
        this.maxWeight = maxWeight;
        this.weightSum = weightSum;
        this.minGiven = minGiven;
        this.maxGiven = maxGiven;
        this.givenSum = givenSum;
    }

    static SiblingGroup empty(BandwidthTree tree) {
        return tree.mode() == AllocationMode.WEIGHTED ? EMPTY_WEIGHTED : EMPTY_EXCESS;
    }

    /** Gathers a group member by member, alongside the loop that resolves them (one walk over the group). */
    static final class Builder {
        private final boolean weighted;
        private boolean only;
        private int members;
        private int derived;
        private double minW = Double.POSITIVE_INFINITY;
        private double maxW = Double.NEGATIVE_INFINITY;
        private double sumW;
        private double minG = Double.POSITIVE_INFINITY;
        private double maxG = Double.NEGATIVE_INFINITY;
        private double sumG;
        private double sumEffective;
        /** Some member's guarantee is not implied. */
        private boolean anyGiven;
        private final Tally tally = new Tally();
        private long[] keys = new long[8];
        private KeyBitsOwner keyOwner = new KeyBitsOwner();

        Builder(BandwidthTree tree) {
            this.weighted = tree.mode() == AllocationMode.WEIGHTED;
            this.only = weighted;
        }

        /** Goes on from {@code group} (which has members) as if its members had been added to this builder. */
        Builder(BandwidthTree tree, SiblingGroup group) {
            this(tree);
            if (group.members == 0) {
                throw new IllegalArgumentException("an empty group does not keep what its builder had");
            }
            members = group.members;
            derived = group.derived;
            only = group.guaranteesOnly;
            minW = group.minWeight;
            maxW = group.maxWeight;
            sumW = group.weightSum;
            minG = group.minGiven;
            maxG = group.maxGiven;
            sumG = group.givenSum;
            anyGiven = !Double.isNaN(group.guaranteeSum);
            sumEffective = anyGiven ? group.guaranteeSum : 0;
            tally.anchor = group.anchor;
            tally.anyGuaranteeOnly = group.anyGuaranteeOnly;
            tally.anyRest = group.anyRest;
            tally.guaranteeOnlySum = group.guaranteeOnlySum;
            tally.restWeightSum = group.restWeightSum;
            keys = group.keyBits;
            keyOwner = group.keyOwner;
        }

        /**
         * A non-template member with its effective weight and guarantee, and whether that
         * guarantee is implied by the weight.
         */
        void add(NodeSpec node, double w, double guarantee, boolean implied) {
            addKey(node.key());
            members++;
            sumEffective += guarantee;
            anyGiven |= !implied;
            tally.add(node);
            // NaN (an underivable weight) must not look in range: it makes the range NaN.
            minW = Double.isNaN(w) || Double.isNaN(minW) ? Double.NaN : Math.min(minW, w);
            maxW = Double.isNaN(w) || Double.isNaN(maxW) ? Double.NaN : Math.max(maxW, w);
            sumW += w;
            if (Kind.of(node) == Kind.GUARANTEE_ONLY) {
                derived++;
            }
            only = only && node.weight().isEmpty() && node.guaranteed().isPresent() && node.guaranteed().get().bps() > 0;
            if (only) {
                double g = node.guaranteed().get().bps();
                minG = Math.min(minG, g);
                maxG = Math.max(maxG, g);
                sumG += g;
            }
        }

        /**
         * The key as member {@code members} (not yet counted): appended in place if the array's
         * pairs are exactly the members so far and no other group has extended it, else to a copy.
         */
        private void addKey(MatchKey key) {
            if (keys == null) {
                return;
            }
            if (key == null || key.lengthBits() > Long.SIZE) {
                keys = null;
                keyOwner = null;
                return;
            }
            synchronized (keyOwner) {
                if (keyOwner.filled == members && 2 * members + 2 <= keys.length) {
                    keys[2 * members] = key.packedValue();
                    keys[2 * members + 1] = key.packedMask();
                    keyOwner.filled++;
                    return;
                }
            }
            long[] copy = Arrays.copyOf(keys, Math.max(8, 2 * (2 * members + 2)));
            copy[2 * members] = key.packedValue();
            copy[2 * members + 1] = key.packedMask();
            keys = copy;
            keyOwner = new KeyBitsOwner();
            keyOwner.filled = members + 1;
        }

        /** The group, resolved with {@code ratio} (weighted mode; NaN in guarantee+excess mode). */
        SiblingGroup build(double ratio) {
            if (members == 0) {
                return weighted ? EMPTY_WEIGHTED : EMPTY_EXCESS;
            }
            return new SiblingGroup(members, derived, only, ratio, minW, maxW, sumW, only ? minG : Double.NaN,
                    only ? maxG : Double.NaN, only ? sumG : Double.NaN, tally.anchor, tally.anyGuaranteeOnly, tally.anyRest,
                    tally.guaranteeOnlySum, tally.restWeightSum, anyGiven ? sumEffective : Double.NaN, keys, keyOwner);
        }
    }

    /** What a member gives, as weighted mode's resolution of the group's ratio sorts it. */
    enum Kind {
        /** A guaranteed rate and a valid weight: the first such member fixes the ratio. */
        BOTH,
        /** A guaranteed rate and no valid weight: its weight is derived from the ratio. */
        GUARANTEE_ONLY,
        /** No guaranteed rate: its weight (1 if none is given) implies its guarantee. */
        REST;

        static Kind of(NodeSpec node) {
            if (node.guaranteed().isEmpty()) {
                return REST;
            }
            return givesValidWeight(node) ? BOTH : GUARANTEE_ONLY;
        }

        static boolean givesValidWeight(NodeSpec node) {
            return node.weight().isPresent() && Ranges.isRepresentableWeight(node.weight().getAsDouble());
        }

        /** A {@link #REST} member's weight: its own, or 1. */
        static double restWeight(NodeSpec node) {
            return givesValidWeight(node) ? node.weight().getAsDouble() : 1.0;
        }
    }

    /**
     * What weighted mode derives a group's ratio from, summed member by member in order: the
     * one definition both a full resolution and a join's (from the kept group) use.
     */
    static final class Tally {
        /** The first member giving both a guaranteed rate and a valid weight; null if none. */
        NodeSpec anchor;
        boolean anyGuaranteeOnly;
        boolean anyRest;
        /** Sum of the guaranteed rates of the {@link Kind#GUARANTEE_ONLY} members, in b/s. */
        double guaranteeOnlySum;
        /** Sum of the {@link Kind#REST} members' weights. */
        double restWeightSum;

        void add(NodeSpec node) {
            switch (Kind.of(node)) {
                case BOTH:
                    if (anchor == null) {
                        anchor = node;
                    }
                    break;
                case GUARANTEE_ONLY:
                    anyGuaranteeOnly = true;
                    guaranteeOnlySum += node.guaranteed().get().asDouble();
                    break;
                default:
                    anyRest = true;
                    restWeightSum += Kind.restWeight(node);
            }
        }
    }

    /** How many key pairs of a shared {@link #keyBits} array are taken; the lock of extending it. */
    static final class KeyBitsOwner {
        private int filled;
    }

    /**
     * True if {@code key} overlaps a member's key, false if it overlaps none; null if the group
     * does not keep its keys as numbers or the key has more than 64 bits (compare the keys).
     */
    Boolean overlapsMember(MatchKey key) {
        if (keyBits == null || key == null || key.lengthBits() > Long.SIZE) {
            return null;
        }
        long v = key.packedValue();
        long m = key.packedMask();
        long[] bits = keyBits;
        for (int i = 0, end = 2 * members; i < end; i += 2) {
            if (((v ^ bits[i]) & m & bits[i + 1]) == 0) {
                return Boolean.TRUE;
            }
        }
        return Boolean.FALSE;
    }

    /** See {@link #anchor}. */
    NodeSpec anchor() {
        return anchor;
    }

    boolean anyGuaranteeOnly() {
        return anyGuaranteeOnly;
    }

    double restWeightSum() {
        return restWeightSum;
    }

    /** Non-template children. */
    public int members() {
        return members;
    }

    /**
     * Members that give a guaranteed rate but no (valid) weight: in weighted mode their weight is
     * derived from the group's {@link #ratio()}, the other members' weights are their own.
     */
    public int derivedWeights() {
        return derived;
    }

    /**
     * Weighted mode and every member gives a positive guaranteed rate and no weight (true for a
     * group without members in weighted mode, false in guarantee+excess mode).
     */
    public boolean guaranteesOnly() {
        return guaranteesOnly;
    }

    /**
     * The weighted-mode {@code rho = g / w} the group was resolved with (the members' derived
     * weights and implied guarantees follow from it and their own specs); NaN in
     * guarantee+excess mode or without members.
     */
    public double ratio() {
        return ratio;
    }

    /** The smallest effective weight of a member (NaN if one is not a number). */
    public double minWeight() {
        return minWeight;
    }

    /** The largest effective weight of a member (NaN if one is not a number). */
    public double maxWeight() {
        return maxWeight;
    }

    public double weightSum() {
        return weightSum;
    }

    /** With {@link #guaranteesOnly()}: the smallest given guaranteed rate in b/s; NaN otherwise. */
    public double minGiven() {
        return minGiven;
    }

    /** With {@link #guaranteesOnly()}: the largest given guaranteed rate in b/s; NaN otherwise. */
    public double maxGiven() {
        return maxGiven;
    }

    /** With {@link #guaranteesOnly()}: the sum of the given guaranteed rates in b/s; NaN otherwise. */
    public double givenSum() {
        return givenSum;
    }

    /**
     * The members' effective guarantees summed in member order, in b/s, where some member's is
     * not implied; NaN where all are (or the group is empty).
     */
    double guaranteeSum() {
        return guaranteeSum;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SiblingGroup)) {
            return false;
        }
        SiblingGroup g = (SiblingGroup) o;
        return members == g.members && derived == g.derived && guaranteesOnly == g.guaranteesOnly && same(ratio, g.ratio)
                && same(minWeight, g.minWeight) && same(maxWeight, g.maxWeight) && same(weightSum, g.weightSum)
                && same(minGiven, g.minGiven) && same(maxGiven, g.maxGiven) && same(givenSum, g.givenSum)
                && java.util.Objects.equals(anchor, g.anchor) && anyGuaranteeOnly == g.anyGuaranteeOnly
                && anyRest == g.anyRest && same(guaranteeOnlySum, g.guaranteeOnlySum)
                && same(restWeightSum, g.restWeightSum) && same(guaranteeSum, g.guaranteeSum);
    }

    private static boolean same(double a, double b) {
        return Double.compare(a, b) == 0;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(members, guaranteesOnly, ratio, weightSum, givenSum);
    }

    @Override
    public String toString() {
        return "SiblingGroup{" + members + " members" + (guaranteesOnly ? ", guarantees only" : "") + ", rho " + ratio
                + "}";
    }
}
