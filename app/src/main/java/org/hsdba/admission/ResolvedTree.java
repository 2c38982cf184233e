package org.hsdba.admission;

import org.hsdba.model.BandwidthTree;

/**
 * An admitted tree with every node's effective weight, guaranteed rate and peak rate, indexed
 * like {@link BandwidthTree#indexOf}. Obtained from {@link Admission#admit}.
 *
 * <p>Effective values: a weight or guarantee that was not given is derived (section 1): only
 * {@code g} given: {@code w} proportional to {@code g}; only {@code w} (or nothing, w = 1) given:
 * {@code g = w / sum(w of siblings) * g(parent)}, capped at the node's peak; in guarantee+excess
 * mode a missing {@code g} is 0 and a missing {@code w} is 1. Templates get their given values
 * (w = 1 and g = 0 when missing). Rates are bits/s as doubles; an unlimited peak is +infinity.
 *
 * <p>The values are found on demand from the node and the ratio its sibling group was resolved
 * with ({@link EffectiveRates}), not kept per node: an array indexed like the tree is copied
 * whole by every join (the indices after the joined node shift by one), and at 1000 joins/s those
 * copies were what the collector's concurrent work tracked.
 */
public final class ResolvedTree {

    private final BandwidthTree tree;
    private final boolean[] leaf;
    /** By parent index + 1 (0: the port). */
    private final SiblingGroup[] groups;

    ResolvedTree(BandwidthTree tree, boolean[] leaf, SiblingGroup[] groups) {
        this.tree = tree;
        this.leaf = leaf;
        this.groups = groups;
    }

    /** What admission found about the children of {@code parent} (-1: the port). */
    public SiblingGroup group(int parent) {
        return groups[parent + 1];
    }

    /** {@link BandwidthTree#isLeaf(int)}, precomputed. */
    public boolean isLeaf(int index) {
        return leaf[index];
    }

    public BandwidthTree tree() {
        return tree;
    }

    /** The same admitted tree with another version number (admission does not depend on it). */
    public ResolvedTree withVersion(long version) {
        return version == tree.version() ? this
                : new ResolvedTree(tree.withVersion(version), leaf, groups);
    }

    /** The same admitted tree with other version numbers ({@link BandwidthTree#withVersions}). */
    public ResolvedTree withVersions(long version, long operatorVersion, long generation) {
        BandwidthTree t = tree;
        return version == t.version() && operatorVersion == t.operatorVersion() && generation == t.generation() ? this
                : new ResolvedTree(t.withVersions(version, operatorVersion, generation), leaf, groups);
    }

    public int size() {
        return leaf.length;
    }

    public double weight(int index) {
        return EffectiveRates.weight(tree, index, ratioAbove(index));
    }

    public double guarantee(int index) {
        return EffectiveRates.guarantee(tree, index, ratioAbove(index));
    }

    /** The ratio the group of node {@code index} (its parent's children) was resolved with. */
    private double ratioAbove(int index) {
        return groups[tree.parentIndex(index) + 1].ratio();
    }

    /** Peak rate in bits/s, +infinity if unlimited. */
    public double peak(int index) {
        return EffectiveRates.peak(tree, index);
    }

    /** True if the guaranteed rate was derived rather than given. */
    public boolean guaranteeImplied(int index) {
        return EffectiveRates.guaranteeImplied(tree, index);
    }

    public double weight(String id) {
        return weight(index(id));
    }

    public double guarantee(String id) {
        return guarantee(index(id));
    }

    public double peak(String id) {
        return peak(index(id));
    }

    private int index(String id) {
        int i = tree.indexOf(id);
        if (i < 0) {
            throw new IllegalArgumentException("no node \"" + id + "\" under " + tree.rootPath());
        }
        return i;
    }

    @Override
    public String toString() {
        return "ResolvedTree{" + tree + "}";
    }
}
