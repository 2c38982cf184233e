package org.hsdba.admission;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;

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
 * <p>Peaks and whether a guarantee is implied are read from the nodes, not kept per node: an
 * array indexed like the tree is copied whole by every join, and these two are the node's own.
 */
public final class ResolvedTree {

    private final BandwidthTree tree;
    private final double[] weight;
    private final double[] guarantee;
    private final boolean[] leaf;
    /** By parent index + 1 (0: the port). */
    private final SiblingGroup[] groups;

    ResolvedTree(BandwidthTree tree, double[] weight, double[] guarantee, boolean[] leaf, SiblingGroup[] groups) {
        this.tree = tree;
        this.weight = weight;
        this.guarantee = guarantee;
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
                : new ResolvedTree(tree.withVersion(version), weight, guarantee, leaf, groups);
    }

    /** The same admitted tree with other version numbers ({@link BandwidthTree#withVersions}). */
    public ResolvedTree withVersions(long version, long operatorVersion, long generation) {
        BandwidthTree t = tree;
        return version == t.version() && operatorVersion == t.operatorVersion() && generation == t.generation() ? this
                : new ResolvedTree(t.withVersions(version, operatorVersion, generation), weight, guarantee, leaf,
                        groups);
    }

    public int size() {
        return weight.length;
    }

    public double weight(int index) {
        return weight[index];
    }

    public double guarantee(int index) {
        return guarantee[index];
    }

    /** Peak rate in bits/s, +infinity if unlimited. */
    public double peak(int index) {
        return peak(tree, index);
    }

    /** True if the guaranteed rate was derived rather than given. */
    public boolean guaranteeImplied(int index) {
        return guaranteeImplied(tree, index);
    }

    /** Node {@code index}'s peak rate in bits/s, +infinity if unlimited. */
    static double peak(BandwidthTree tree, int index) {
        return tree.node(index).peak().asDouble();
    }

    /**
     * Whether admission derives node {@code index}'s guarantee from its weight: in weighted mode, a
     * member (not a template) that gives no guaranteed rate.
     */
    static boolean guaranteeImplied(BandwidthTree tree, int index) {
        NodeSpec node = tree.node(index);
        return tree.mode() == AllocationMode.WEIGHTED && !node.isTemplate() && node.guaranteed().isEmpty();
    }

    public double weight(String id) {
        return weight[index(id)];
    }

    public double guarantee(String id) {
        return guarantee[index(id)];
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
