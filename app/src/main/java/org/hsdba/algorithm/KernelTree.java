package org.hsdba.algorithm;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;

/**
 * The static per-node parameters the algorithm needs, in the data plane's units (bytes/s), taken
 * from an admitted tree. Node indices are those of {@link BandwidthTree#indexOf}; templates keep
 * their index but are not installed (no packet ever matches them). Register slots of parents are
 * {@code node index + 1}, slot 0 being the port. Immutable.
 */
public final class KernelTree {

    /** The parent slot of the port itself. */
    public static final int ROOT_SLOT = 0;

    private final BandwidthTree tree;
    private final boolean guaranteeExcess;
    private final double rootBandwidth;
    private final double[] weight;
    private final double[] guarantee;
    private final double[] peak;
    private final int[][] path;

    private KernelTree(ResolvedTree resolved) {
        this.tree = resolved.tree();
        int n = tree.size();
        this.guaranteeExcess = tree.mode() == AllocationMode.GUARANTEE_EXCESS;
        this.rootBandwidth = tree.rootBandwidth() / 8;
        this.weight = new double[n];
        this.guarantee = new double[n];
        this.peak = new double[n];
        this.path = new int[n][];
        for (int i = 0; i < n; i++) {
            weight[i] = resolved.weight(i);
            guarantee[i] = resolved.guarantee(i) / 8;
            peak[i] = resolved.peak(i) / 8;
            int d = tree.depth(i);
            int[] p = new int[d];
            for (int v = i, k = d - 1; v >= 0; v = tree.parentIndex(v), k--) {
                p[k] = v;
            }
            path[i] = p;
        }
    }

    /** The kernel view of an admitted tree (see {@code Admission.admit}). */
    public static KernelTree of(ResolvedTree resolved) {
        return new KernelTree(resolved);
    }

    public BandwidthTree tree() {
        return tree;
    }

    public int size() {
        return weight.length;
    }

    public boolean guaranteeExcess() {
        return guaranteeExcess;
    }

    /** {@code eta * C} in bytes/s: the port's allocatable bandwidth. */
    public double rootBandwidth() {
        return rootBandwidth;
    }

    public double weight(int node) {
        return weight[node];
    }

    /** Guaranteed rate in bytes/s. */
    public double guarantee(int node) {
        return guarantee[node];
    }

    /** Peak rate in bytes/s, +infinity if unlimited. */
    public double peak(int node) {
        return peak[node];
    }

    /** Parent node index, -1 for children of the port. */
    public int parent(int node) {
        return tree.parentIndex(node);
    }

    /** Register slot of a node as a parent (index + 1); {@link #ROOT_SLOT} for -1. */
    public static int slotOf(int node) {
        return node + 1;
    }

    /** 1 for children of the port. */
    public int depth(int node) {
        return tree.depth(node);
    }

    /** The node's ancestors and itself, top-down (a shared array: do not modify). */
    int[] pathOf(int node) {
        return path[node];
    }

    /** Ancestors and the node itself, top-down. */
    public List<Integer> path(int node) {
        List<Integer> out = new ArrayList<>(path[node].length);
        for (int v : path[node]) {
            out.add(v);
        }
        return out;
    }

    public boolean installed(int node) {
        return !tree.node(node).isTemplate();
    }

    /**
     * The deepest installed node whose key, and the keys of all its ancestors, match the frame
     * (each level's field read from the frame); -1 if no child of the port matches. This is what
     * the level tables of the switch program find.
     */
    public int deepestMatch(byte[] frame) {
        int at = -1;
        for (int level = 0; level < tree.levels().size(); level++) {
            int offset = tree.levels().get(level).field().offsetBits();
            int next = -1;
            for (int k = 0; k < tree.childCount(at) && next < 0; k++) {
                int c = tree.child(at, k);
                NodeSpec node = tree.node(c);
                if (!node.isTemplate() && node.key().matches(frame, offset)) {
                    next = c;
                }
            }
            if (next < 0) {
                return at;
            }
            at = next;
        }
        return at;
    }

    @Override
    public String toString() {
        return "KernelTree{" + tree + "}";
    }
}
