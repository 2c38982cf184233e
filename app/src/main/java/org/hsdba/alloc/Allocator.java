package org.hsdba.alloc;

import java.util.Map;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Rate;

/**
 * Exact hierarchical water-filling (algorithm section 2). Bottom-up, each node's effective
 * demand is {@code D = min(R, l)} for a leaf and {@code min(sum of children's D, l)} above. Top
 * down from {@code B = eta * C} at the port, each parent's children get
 * {@code x_i = min(D_i, w_i * alpha)} with {@code sum x_i = B} (or {@code D_i} if everything
 * fits), and {@code x_i} is the {@code B} of node i's children. In guarantee+excess mode
 * (section 5) it is {@code x_i = min(D_i, min(g_i, D_i) + w_i * alpha)}.
 *
 * <p>Pure and O(n log n) overall; demands are bits/s per leaf (non-template nodes without
 * non-template children); leaves not given have demand 0.
 */
public final class Allocator {

    private Allocator() {
    }

    /** Allocation for demands given by leaf id. */
    public static Allocation allocate(ResolvedTree tree, Map<String, Double> leafDemands) {
        BandwidthTree t = tree.tree();
        double[] demand = new double[t.size()];
        for (Map.Entry<String, Double> e : leafDemands.entrySet()) {
            int i = t.indexOf(e.getKey());
            if (i < 0) {
                throw new IllegalArgumentException("demand for unknown node \"" + e.getKey() + "\" under " + t.rootPath());
            }
            demand[i] = e.getValue() == null ? Double.NaN : e.getValue();
        }
        return allocate(tree, demand);
    }

    /**
     * Allocation for demands indexed like the tree's nodes ({@link BandwidthTree#indexOf}); entries
     * of non-leaves must be 0. The array is not modified.
     */
    public static Allocation allocate(ResolvedTree tree, double[] leafDemand) {
        BandwidthTree t = tree.tree();
        int n = t.size();
        if (leafDemand.length != n) {
            throw new IllegalArgumentException("demand array has " + leafDemand.length + " entries, the tree under "
                    + t.rootPath() + " has " + n + " nodes");
        }
        double[] raw = new double[n];
        double[] eff = new double[n];
        double[] rawSum = new double[n + 1];
        double[] effSum = new double[n + 1];
        // Bottom-up: pre-order reversed visits children before parents.
        for (int i = n - 1; i >= 0; i--) {
            if (t.node(i).isTemplate()) {
                continue;
            }
            double peak = tree.peak(i);
            if (tree.isLeaf(i)) {
                double r = leafDemand[i];
                if (!(r >= 0) || Double.isInfinite(r)) {
                    throw new IllegalArgumentException("demand " + r + " of " + t.path(i) + " must be finite and >= 0");
                }
                raw[i] = r;
                eff[i] = Math.min(r, peak);
            } else {
                if (leafDemand[i] != 0) {
                    throw new IllegalArgumentException(t.path(i) + " is not a leaf; demands are given for leaves only");
                }
                raw[i] = rawSum[i + 1];
                eff[i] = Math.min(effSum[i + 1], peak);
            }
            int p = t.parentIndex(i);
            rawSum[p + 1] += raw[i];
            effSum[p + 1] += eff[i];
        }
        double[] alloc = new double[n];
        double[] limit = new double[n];
        double[] alpha = new double[n + 1];
        Scratch s = new Scratch(maxChildren(t));
        boolean excess = t.mode() == AllocationMode.GUARANTEE_EXCESS;
        alpha[0] = fill(tree, -1, t.rootBandwidth(), eff, alloc, excess, s);
        for (int i = 0; i < n; i++) {
            int p = t.parentIndex(i);
            limit[i] = Math.min(tree.peak(i), p < 0 ? t.rootBandwidth() : limit[p]);
            if (!t.node(i).isTemplate() && t.childCount(i) > 0) {
                alpha[i + 1] = fill(tree, i, alloc[i], eff, alloc, excess, s);
            } else {
                alpha[i + 1] = Double.POSITIVE_INFINITY;
            }
        }
        return new Allocation(tree, raw, eff, alloc, limit, alpha);
    }

    /** Shares {@code budget} among the non-template children of {@code p}; returns alpha. */
    private static double fill(ResolvedTree tree, int p, double budget, double[] eff, double[] alloc, boolean excess,
                               Scratch s) {
        BandwidthTree t = tree.tree();
        int k = 0;
        for (int j = 0; j < t.childCount(p); j++) {
            int c = t.child(p, j);
            if (t.node(c).isTemplate()) {
                continue;
            }
            s.index[k] = c;
            s.d[k] = eff[c];
            s.c[k] = excess ? Math.min(tree.guarantee(c), eff[c]) : 0;
            s.w[k] = tree.weight(c);
            k++;
        }
        if (k == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double a = WaterFill.solve(k, s.d, s.c, s.w, budget, s.x, s.sort);
        for (int j = 0; j < k; j++) {
            alloc[s.index[j]] = s.x[j];
        }
        return a;
    }

    private static int maxChildren(BandwidthTree t) {
        int max = t.childCount(-1);
        for (int i = 0; i < t.size(); i++) {
            max = Math.max(max, t.childCount(i));
        }
        return max;
    }

    /** Per-call scratch arrays sized for the largest sibling group. */
    private static final class Scratch {
        final int[] index;
        final double[] d;
        final double[] c;
        final double[] w;
        final double[] x;
        final double[] sort;

        Scratch(int size) {
            index = new int[size];
            d = new double[size];
            c = new double[size];
            w = new double[size];
            x = new double[size];
            sort = new double[size];
        }
    }

    /** Readable one-line summary, for logs. */
    public static String summary(Allocation a) {
        return a.tree().rootPath() + ": demand " + Rate.format(a.totalDemand()) + ", allocated "
                + Rate.format(a.totalAllocation()) + " of " + Rate.format(a.rootBandwidth());
    }
}
