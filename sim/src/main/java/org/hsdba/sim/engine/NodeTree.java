package org.hsdba.sim.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of the bandwidth tree as the harness needs it for accounting: node ids, parents,
 * weights (for weighted baselines), one root (the port). Node indices follow the order given,
 * which must list parents before children; that order is also the row order of every report.
 * Immutable.
 */
public final class NodeTree {

    private final List<String> ids;
    private final int[] parent;
    private final double[] weight;
    private final boolean[] leaf;
    private final Map<String, Integer> index;

    private NodeTree(List<String> ids, int[] parent, double[] weight) {
        this.ids = Collections.unmodifiableList(new ArrayList<>(ids));
        this.parent = parent;
        this.weight = weight;
        this.leaf = new boolean[ids.size()];
        java.util.Arrays.fill(leaf, true);
        for (int p : parent) {
            if (p >= 0) {
                leaf[p] = false;
            }
        }
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            idx.put(ids.get(i), i);
        }
        this.index = idx;
    }

    /** Starts a tree whose root (the port) is {@code rootId}. */
    public static Builder builder(String rootId) {
        return new Builder(rootId);
    }

    /** Adds nodes parent-first. */
    public static final class Builder {
        private final Map<String, Integer> seen = new LinkedHashMap<>();
        private final List<Integer> parents = new ArrayList<>();
        private final List<Double> weights = new ArrayList<>();

        private Builder(String rootId) {
            seen.put(rootId, 0);
            parents.add(-1);
            weights.add(1.0);
        }

        /** Adds {@code id} under {@code parentId} (added before) with {@code weight} > 0. */
        public Builder add(String id, String parentId, double weight) {
            if (seen.containsKey(id)) {
                throw new IllegalArgumentException("node tree: duplicate node id \"" + id + "\"");
            }
            Integer p = seen.get(parentId);
            if (p == null) {
                throw new IllegalArgumentException("node tree: parent \"" + parentId + "\" of \"" + id
                        + "\" is not defined before it");
            }
            if (!(weight > 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("node tree: weight of \"" + id + "\" must be > 0, got "
                        + weight);
            }
            seen.put(id, seen.size());
            parents.add(p);
            weights.add(weight);
            return this;
        }

        public NodeTree build() {
            int[] parent = new int[parents.size()];
            double[] weight = new double[weights.size()];
            for (int i = 0; i < parent.length; i++) {
                parent[i] = parents.get(i);
                weight[i] = weights.get(i);
            }
            return new NodeTree(new ArrayList<>(seen.keySet()), parent, weight);
        }
    }

    public int size() {
        return ids.size();
    }

    public String id(int node) {
        return ids.get(node);
    }

    /** All ids, root first, parents before children. */
    public List<String> ids() {
        return ids;
    }

    /** Index of {@code id}; -1 if absent. */
    public int indexOf(String id) {
        Integer i = index.get(id);
        return i == null ? -1 : i;
    }

    /** Index of {@code id}, or a located error naming {@code what} refers to it. */
    public int require(String id, String what) {
        int i = indexOf(id);
        if (i < 0) {
            throw new IllegalArgumentException(what + ": node \"" + id + "\" is not in the tree (nodes: "
                    + ids + ")");
        }
        return i;
    }

    /** Parent index; -1 for the root. */
    public int parent(int node) {
        return parent[node];
    }

    public double weight(int node) {
        return weight[node];
    }

    public boolean isLeaf(int node) {
        return leaf[node];
    }

    /** Depth: root 0, its children 1, ... */
    public int depth(int node) {
        int d = 0;
        for (int n = parent[node]; n >= 0; n = parent[n]) {
            d++;
        }
        return d;
    }

    /** True if {@code ancestor} is {@code node} or above it. */
    public boolean isAncestorOrSelf(int ancestor, int node) {
        for (int n = node; n >= 0; n = parent[n]) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds every node's value into its parent's, bottom-up, in place: per-node direct counts
     * become subtree totals.
     */
    public void accumulateUp(long[] values) {
        for (int i = values.length - 1; i > 0; i--) {
            values[parent[i]] += values[i];
        }
    }

    /** As {@link #accumulateUp(long[])} for doubles. */
    public void accumulateUp(double[] values) {
        for (int i = values.length - 1; i > 0; i--) {
            values[parent[i]] += values[i];
        }
    }
}
