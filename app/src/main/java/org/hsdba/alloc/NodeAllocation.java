package org.hsdba.alloc;

import org.hsdba.model.Rate;

/**
 * One node's figures in an {@link Allocation}, bits/s: raw demand (sum of the leaves' demands
 * below it), effective demand (capped by peak rates on the way up), allocation, and effective
 * limit (the smallest cap among the node, its ancestors and eta * C: the most it could ever get).
 */
public final class NodeAllocation {

    private final String id;
    private final double demand;
    private final double effectiveDemand;
    private final double allocation;
    private final double effectiveLimit;

    NodeAllocation(String id, double demand, double effectiveDemand, double allocation, double effectiveLimit) {
        this.id = id;
        this.demand = demand;
        this.effectiveDemand = effectiveDemand;
        this.allocation = allocation;
        this.effectiveLimit = effectiveLimit;
    }

    public String id() {
        return id;
    }

    public double demand() {
        return demand;
    }

    public double effectiveDemand() {
        return effectiveDemand;
    }

    public double allocation() {
        return allocation;
    }

    public double effectiveLimit() {
        return effectiveLimit;
    }

    @Override
    public String toString() {
        return id + ": demand " + Rate.format(demand) + ", effective " + Rate.format(effectiveDemand) + ", allocation "
                + Rate.format(allocation) + ", limit " + Rate.format(effectiveLimit);
    }
}
