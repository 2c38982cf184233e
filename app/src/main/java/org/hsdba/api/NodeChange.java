package org.hsdba.api;

import java.util.Objects;

/**
 * How an edit changes one node's effective figures (bits/s): its guarantee (set, or implied by
 * its weight), its target (the exact allocation under the preview's demands) and its effective
 * limit (the lowest peak on its path, +Infinity for none). NaN on a side where the node does not
 * exist (added or removed by the edit). Immutable.
 */
public final class NodeChange {

    private final String id;
    private final double guaranteedBefore;
    private final double guaranteedAfter;
    private final double targetBefore;
    private final double targetAfter;
    private final double limitBefore;
    private final double limitAfter;

    public NodeChange(String id, double guaranteedBefore, double guaranteedAfter, double targetBefore,
                      double targetAfter, double limitBefore, double limitAfter) {
        this.id = Objects.requireNonNull(id, "id");
        this.guaranteedBefore = guaranteedBefore;
        this.guaranteedAfter = guaranteedAfter;
        this.targetBefore = targetBefore;
        this.targetAfter = targetAfter;
        this.limitBefore = limitBefore;
        this.limitAfter = limitAfter;
    }

    public String id() {
        return id;
    }

    public double guaranteedBefore() {
        return guaranteedBefore;
    }

    public double guaranteedAfter() {
        return guaranteedAfter;
    }

    public double targetBefore() {
        return targetBefore;
    }

    public double targetAfter() {
        return targetAfter;
    }

    public double limitBefore() {
        return limitBefore;
    }

    public double limitAfter() {
        return limitAfter;
    }

    @Override
    public String toString() {
        return id + ": g " + guaranteedBefore + " -> " + guaranteedAfter + ", target " + targetBefore + " -> "
                + targetAfter + ", limit " + limitBefore + " -> " + limitAfter;
    }
}
