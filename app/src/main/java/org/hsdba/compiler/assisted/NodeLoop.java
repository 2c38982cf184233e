package org.hsdba.compiler.assisted;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the controller-assisted loop remembers of one node between polls: its last counter
 * readings, the threshold and salt installed, the drop probability it integrates, and the rates
 * of the last period. Immutable.
 */
public final class NodeLoop {

    /** A node just installed: counters unread, threshold 0, nothing measured. */
    static final NodeLoop FRESH = new NodeLoop(-1, -1, -1, 0, 0, 0, Response.UNKNOWN, 0, 0, 0, 0,
            new double[0], 0, 1);

    final long bytes;
    final long packets;
    final long dropped;
    final int threshold;
    final int salt;
    /** The drop probability being integrated (the threshold is its rounding). */
    final double p;
    /** How the sender reacted to p over the last periods (gain and class of the next step). */
    final Response response;
    final double offeredBps;
    final double passedBps;
    final double droppedBps;
    /** Bytes dropped since the node was installed (estimated from drop packets at the mean frame size). */
    final double droppedBytes;
    /** Offered rates of the last periods, oldest first (the demand window). */
    final double[] window;
    /** The allocation of the last poll, bits/s (what the threshold aims the passed rate at). */
    final double allocatedBps;
    /** Multiplier of a responsive sender's step: grows while its error is stuck ({@link ControllerAssistedLoop#boost}). */
    final double boost;

    NodeLoop(long bytes, long packets, long dropped, int threshold, int salt, double p, Response response,
             double offeredBps, double passedBps, double droppedBps, double droppedBytes, double[] window,
             double allocatedBps, double boost) {
        this.bytes = bytes;
        this.packets = packets;
        this.dropped = dropped;
        this.threshold = threshold;
        this.salt = salt;
        this.p = p;
        this.response = response;
        this.offeredBps = offeredBps;
        this.passedBps = passedBps;
        this.droppedBps = droppedBps;
        this.droppedBytes = droppedBytes;
        this.window = window.clone();
        this.allocatedBps = allocatedBps;
        this.boost = boost;
    }

    /** The same node with the threshold and salt installed now (counters and control state kept). */
    NodeLoop installed(int newThreshold, int newSalt) {
        return new NodeLoop(bytes, packets, dropped, newThreshold, newSalt, p, response, offeredBps, passedBps,
                droppedBps, droppedBytes, window, allocatedBps, boost);
    }

    public int threshold() {
        return threshold;
    }

    public int salt() {
        return salt;
    }

    /** The drop probability the loop integrates. */
    public double dropProbability() {
        return p;
    }

    /** Offered rate of the last period, bits/s (passed plus dropped). */
    public double offeredBps() {
        return offeredBps;
    }

    /** Rate forwarded during the last period, bits/s. */
    public double passedBps() {
        return passedBps;
    }

    /** Rate dropped during the last period, bits/s. */
    public double droppedBps() {
        return droppedBps;
    }

    /** The allocation the last poll aimed this node's passed rate at, bits/s (0 before the second reading). */
    public double allocatedBps() {
        return allocatedBps;
    }

    /** Bytes the entry counted since it was installed (offered); -1 before the first reading. */
    public long offeredBytes() {
        return bytes;
    }

    /** Packets the entry counted since it was installed (offered); -1 before the first reading. */
    public long offeredPackets() {
        return packets;
    }

    /** Packets the node's drop counter counted since it was installed; -1 before the first reading. */
    public long droppedPackets() {
        return dropped;
    }

    /** Bytes dropped since the node was installed (drop packets at the period's mean frame size, summed). */
    public double droppedBytes() {
        return droppedBytes;
    }

    /** The demand estimate: the highest offered rate over the window. */
    public double demandBps() {
        double d = 0;
        for (double w : window) {
            d = Math.max(d, w);
        }
        return d;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NodeLoop)) {
            return false;
        }
        NodeLoop n = (NodeLoop) o;
        return n.bytes == bytes && n.packets == packets && n.dropped == dropped && n.threshold == threshold
                && n.salt == salt && Double.compare(n.p, p) == 0 && n.response.equals(response) && Double.compare(n.offeredBps, offeredBps) == 0
                && Double.compare(n.passedBps, passedBps) == 0 && Double.compare(n.droppedBps, droppedBps) == 0
                && Arrays.equals(n.window, window) && Double.compare(n.allocatedBps, allocatedBps) == 0
                && Double.compare(n.boost, boost) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(bytes, packets, dropped, threshold, salt, p, offeredBps, passedBps, droppedBps);
    }

    @Override
    public String toString() {
        return String.format("{thr %d, p %.4f, offered %.0f, passed %.0f, dropped %.0f, x %.0f}", threshold, p,
                offeredBps, passedBps, droppedBps, allocatedBps);
    }
}
