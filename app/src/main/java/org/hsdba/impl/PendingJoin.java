package org.hsdba.impl;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/** A node added by a join whose entry is not confirmed by the switch yet. */
final class PendingJoin {

    final NodeRef node;
    /** Controller monotonic time when the PACKET_IN arrived. */
    final long arrivalNanos;
    /** Set by whoever emits the NODE_JOINED: the confirmation's own thread or, if it did not, the lane. */
    private final AtomicBoolean announced = new AtomicBoolean();

    PendingJoin(NodeRef node, long arrivalNanos) {
        this.node = node;
        this.arrivalNanos = arrivalNanos;
    }

    /** The trees of {@code program} by port, for {@link #installedIn}. */
    static Map<PortRef, BandwidthTree> treesByPort(DeviceProgram program) {
        Map<PortRef, BandwidthTree> trees = new HashMap<>();
        program.trees().forEach(t -> trees.put(t.port(), t));
        return trees;
    }

    /** Whether this join's node is in one of {@code trees} (a program's trees by port). */
    boolean installedIn(Map<PortRef, BandwidthTree> trees) {
        BandwidthTree t = trees.get(node.port());
        return t != null && t.contains(node.nodeId());
    }

    /** True exactly once: the caller emits this join's NODE_JOINED. */
    boolean announce() {
        return announced.compareAndSet(false, true);
    }

    /**
     * The NODE_JOINED text: confirmed {@code nanos} after the PACKET_IN, in ms with two decimals.
     * Built by hand: String.format (a Formatter and the locale's symbols per call) was 8 % of the
     * device lane's CPU in a join run (JFR, 100 joins/s).
     */
    static String joinedMessage(long nanos) {
        long hundredths = Math.max(0, (nanos + 5_000) / 10_000);
        long fraction = hundredths % 100;
        return "joined by packet-in; entry confirmed " + hundredths / 100 + (fraction < 10 ? ".0" : ".") + fraction
                + " ms after the PACKET_IN";
    }
}
