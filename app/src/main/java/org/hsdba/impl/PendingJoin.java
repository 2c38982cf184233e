package org.hsdba.impl;

import org.hsdba.impl.program.NodeRef;

/** A node added by a join whose entry is not confirmed by the switch yet. */
final class PendingJoin {

    final NodeRef node;
    /** Controller monotonic time when the PACKET_IN arrived. */
    final long arrivalNanos;

    PendingJoin(NodeRef node, long arrivalNanos) {
        this.node = node;
        this.arrivalNanos = arrivalNanos;
    }
}
