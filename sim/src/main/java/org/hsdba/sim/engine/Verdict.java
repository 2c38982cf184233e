package org.hsdba.sim.engine;

import java.util.Objects;

/**
 * A processor's decision on one packet: forwarded to an output port, or dropped; with the id of
 * the tree node that decided it (the deepest matched node) when the processor knows it. Immutable.
 */
public final class Verdict {

    private static final Verdict DROPPED_UNKNOWN = new Verdict(-1, null, "dropped");

    private final int outPort;
    private final String nodeId;
    private final String reason;

    private Verdict(int outPort, String nodeId, String reason) {
        this.outPort = outPort;
        this.nodeId = nodeId;
        this.reason = reason;
    }

    /** Forwarded to {@code port} (>= 0); {@code nodeId} may be null. */
    public static Verdict forward(int port, String nodeId) {
        if (port < 0) {
            throw new IllegalArgumentException("output port must be >= 0, got " + port);
        }
        return new Verdict(port, nodeId, null);
    }

    /** Dropped by the decision of {@code nodeId} (may be null) for {@code reason}. */
    public static Verdict drop(String nodeId, String reason) {
        return new Verdict(-1, nodeId, Objects.requireNonNull(reason, "drop reason"));
    }

    /** Dropped, node and reason unknown. */
    public static Verdict drop() {
        return DROPPED_UNKNOWN;
    }

    public boolean forwarded() {
        return outPort >= 0;
    }

    /** The output port; -1 if dropped. */
    public int outPort() {
        return outPort;
    }

    /** The deciding node's id, or null if not known. */
    public String nodeId() {
        return nodeId;
    }

    /** Why it was dropped; null if forwarded. */
    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Verdict)) {
            return false;
        }
        Verdict v = (Verdict) o;
        return outPort == v.outPort && Objects.equals(nodeId, v.nodeId) && Objects.equals(reason, v.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(outPort, nodeId, reason);
    }

    @Override
    public String toString() {
        return forwarded() ? "forward(" + outPort + (nodeId == null ? "" : ", " + nodeId) + ")"
                : "drop(" + (nodeId == null ? "" : nodeId + ", ") + reason + ")";
    }
}
