package org.hsdba.alloc;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;

/**
 * The exact allocation of one tree for one set of leaf demands (see {@link Allocator}). All
 * figures are bits/s; templates have zero everywhere except their effective limit. Indices are
 * the tree's ({@link BandwidthTree#indexOf}).
 */
public final class Allocation {

    private final ResolvedTree resolved;
    private final double[] demand;
    private final double[] effectiveDemand;
    private final double[] allocation;
    private final double[] effectiveLimit;
    /** alpha per parent, slot 0 for the port, slot i + 1 for node i; +inf where uncongested. */
    private final double[] fairShare;

    Allocation(ResolvedTree resolved, double[] demand, double[] effectiveDemand, double[] allocation,
               double[] effectiveLimit, double[] fairShare) {
        this.resolved = resolved;
        this.demand = demand;
        this.effectiveDemand = effectiveDemand;
        this.allocation = allocation;
        this.effectiveLimit = effectiveLimit;
        this.fairShare = fairShare;
    }

    public ResolvedTree resolved() {
        return resolved;
    }

    public BandwidthTree tree() {
        return resolved.tree();
    }

    /** eta * C, what the port's children share. */
    public double rootBandwidth() {
        return resolved.tree().rootBandwidth();
    }

    /** Sum of the port's children's allocations. */
    public double totalAllocation() {
        double sum = 0;
        BandwidthTree t = tree();
        for (int k = 0; k < t.childCount(-1); k++) {
            sum += allocation[t.child(-1, k)];
        }
        return sum;
    }

    /** Sum of all leaf demands. */
    public double totalDemand() {
        double sum = 0;
        BandwidthTree t = tree();
        for (int k = 0; k < t.childCount(-1); k++) {
            sum += demand[t.child(-1, k)];
        }
        return sum;
    }

    public double demand(int index) {
        return demand[index];
    }

    public double effectiveDemand(int index) {
        return effectiveDemand[index];
    }

    public double allocation(int index) {
        return allocation[index];
    }

    public double effectiveLimit(int index) {
        return effectiveLimit[index];
    }

    /** The fair share per unit of weight alpha among the children of node {@code index} (-1 for the port); +inf if they are all satisfied. */
    public double fairShare(int index) {
        return fairShare[index + 1];
    }

    public double demand(String id) {
        return demand[index(id)];
    }

    public double effectiveDemand(String id) {
        return effectiveDemand[index(id)];
    }

    public double allocation(String id) {
        return allocation[index(id)];
    }

    public double effectiveLimit(String id) {
        return effectiveLimit[index(id)];
    }

    /** The fair share among the children of node {@code parentId} (null for the port). */
    public double fairShare(String parentId) {
        return fairShare[parentId == null ? 0 : index(parentId) + 1];
    }

    public NodeAllocation get(String id) {
        return get(index(id));
    }

    public NodeAllocation get(int index) {
        return new NodeAllocation(tree().node(index).id(), demand[index], effectiveDemand[index], allocation[index],
                effectiveLimit[index]);
    }

    /** Every node's figures, in tree order. */
    public List<NodeAllocation> nodes() {
        List<NodeAllocation> out = new ArrayList<>(demand.length);
        for (int i = 0; i < demand.length; i++) {
            out.add(get(i));
        }
        return out;
    }

    private int index(String id) {
        int i = tree().indexOf(id);
        if (i < 0) {
            throw new IllegalArgumentException("no node \"" + id + "\" under " + tree().rootPath());
        }
        return i;
    }
}
