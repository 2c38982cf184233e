package org.hsdba.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hsdba.model.PortRef;

/**
 * Live state of one managed port: capacity, the sum of the guarantees of the port's children,
 * the measured total, and every node's state (pre-order, templates excluded). Rates are bits/s.
 */
public final class PortState {

    private final PortRef port;
    private final long timeMillis;
    private final long treeVersion;
    private final double capacityBps;
    private final double guaranteedSumBps;
    private final double measuredBps;
    private final List<NodeState> nodes;

    public PortState(PortRef port, long timeMillis, long treeVersion, double capacityBps, double guaranteedSumBps,
                     double measuredBps, List<NodeState> nodes) {
        this.port = Objects.requireNonNull(port, "port");
        this.timeMillis = timeMillis;
        this.treeVersion = treeVersion;
        this.capacityBps = capacityBps;
        this.guaranteedSumBps = guaranteedSumBps;
        this.measuredBps = measuredBps;
        this.nodes = List.copyOf(nodes);
    }

    public PortRef port() {
        return port;
    }

    /** Wall-clock ms of the reading; 0 if nothing was read yet. */
    public long timeMillis() {
        return timeMillis;
    }

    /** The tree version the state refers to. */
    public long treeVersion() {
        return treeVersion;
    }

    public double capacityBps() {
        return capacityBps;
    }

    /** Sum of the effective guaranteed rates of the port's children. */
    public double guaranteedSumBps() {
        return guaranteedSumBps;
    }

    /** Sum of the measured rates of the port's children. */
    public double measuredBps() {
        return measuredBps;
    }

    public List<NodeState> nodes() {
        return nodes;
    }

    public Optional<NodeState> node(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PortState)) {
            return false;
        }
        PortState s = (PortState) o;
        return s.port.equals(port) && s.timeMillis == timeMillis && s.treeVersion == treeVersion
                && Double.compare(s.capacityBps, capacityBps) == 0
                && Double.compare(s.guaranteedSumBps, guaranteedSumBps) == 0
                && Double.compare(s.measuredBps, measuredBps) == 0 && s.nodes.equals(nodes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, timeMillis, treeVersion, capacityBps, guaranteedSumBps, measuredBps, nodes);
    }

    @Override
    public String toString() {
        return "PortState{" + port + " v" + treeVersion + " at " + timeMillis + ", C " + capacityBps + ", sum g "
                + guaranteedSumBps + ", measured " + measuredBps + ", " + nodes.size() + " nodes}";
    }
}
