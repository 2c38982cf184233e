package org.hsdba.api;

/**
 * Traffic counted through a node (its subtree) or a port since this controller instance first
 * read it: bytes and packets that passed, and those dropped. Monotonic, for Prometheus counters;
 * they restart at zero only when the controller does (or the node is created anew). Immutable.
 */
public final class TrafficTotals {

    public static final TrafficTotals ZERO = new TrafficTotals(0, 0, 0, 0);

    private final long bytes;
    private final long packets;
    private final long droppedBytes;
    private final long droppedPackets;

    public TrafficTotals(long bytes, long packets, long droppedBytes, long droppedPackets) {
        if (bytes < 0 || packets < 0 || droppedBytes < 0 || droppedPackets < 0) {
            throw new IllegalArgumentException("traffic totals cannot be negative: " + bytes + " B, " + packets
                    + " packets, dropped " + droppedBytes + " B, " + droppedPackets + " packets");
        }
        this.bytes = bytes;
        this.packets = packets;
        this.droppedBytes = droppedBytes;
        this.droppedPackets = droppedPackets;
    }

    /** Bytes that passed. */
    public long bytes() {
        return bytes;
    }

    /** Packets that passed. */
    public long packets() {
        return packets;
    }

    public long droppedBytes() {
        return droppedBytes;
    }

    public long droppedPackets() {
        return droppedPackets;
    }

    /** The sum of the two, each counter saturating at {@link Long#MAX_VALUE} instead of wrapping. */
    public TrafficTotals plus(TrafficTotals o) {
        return new TrafficTotals(add(bytes, o.bytes), add(packets, o.packets), add(droppedBytes, o.droppedBytes),
                add(droppedPackets, o.droppedPackets));
    }

    private static long add(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TrafficTotals)) {
            return false;
        }
        TrafficTotals t = (TrafficTotals) o;
        return t.bytes == bytes && t.packets == packets && t.droppedBytes == droppedBytes
                && t.droppedPackets == droppedPackets;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bytes) * 31 * 31 * 31 + Long.hashCode(packets) * 31 * 31 + Long.hashCode(droppedBytes) * 31
                + Long.hashCode(droppedPackets);
    }

    @Override
    public String toString() {
        return bytes + " B / " + packets + " packets passed, " + droppedBytes + " B / " + droppedPackets + " dropped";
    }
}
