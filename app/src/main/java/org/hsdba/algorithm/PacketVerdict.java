package org.hsdba.algorithm;

/**
 * What happened to one packet: forwarded or dropped, the node whose drop decision applied (the
 * deepest matched node, or with {@link DropRule#EVERY_LEVEL} the topmost level whose draw dropped it), and
 * that node's fair rate {@code f} and measured rate {@code R} (bytes/s) at the decision.
 */
public final class PacketVerdict {

    private final boolean forwarded;
    private final int decisionNode;
    private final double fairRate;
    private final double measuredRate;

    PacketVerdict(boolean forwarded, int decisionNode, double fairRate, double measuredRate) {
        this.forwarded = forwarded;
        this.decisionNode = decisionNode;
        this.fairRate = fairRate;
        this.measuredRate = measuredRate;
    }

    public boolean forwarded() {
        return forwarded;
    }

    /** The node whose decision applied; -1 if the packet matched no node (forwarded unenforced). */
    public int decisionNode() {
        return decisionNode;
    }

    public double fairRate() {
        return fairRate;
    }

    public double measuredRate() {
        return measuredRate;
    }

    /** The drop probability {@code max(0, 1 - f/R)} the decision used. */
    public double dropProbability() {
        return HsdbaKernel.dropProbability(fairRate, measuredRate);
    }

    @Override
    public String toString() {
        return (forwarded ? "forwarded" : "dropped") + " at node " + decisionNode + " (f " + fairRate + " B/s, R "
                + measuredRate + " B/s)";
    }
}
