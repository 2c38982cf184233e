package org.hsdba.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hsdba.model.PortRef;

/**
 * Live state of one managed port: capacity, the sum of the guarantees of the port's children,
 * the measured total, and every node's state (pre-order, templates excluded). Rates are bits/s.
 *
 * <p>Only the instance that programs the device (its ONOS master) reads its counters. Elsewhere
 * the state is {@link #isMasterElsewhere() marked}: the configured parts (capacity, guarantees,
 * effective limits) are right, the measured parts are not measurements and must not be shown as
 * zeros; ask the master instance.
 */
public final class PortState {

    private final PortRef port;
    private final long timeMillis;
    private final long treeVersion;
    private final double capacityBps;
    private final double guaranteedSumBps;
    private final double measuredBps;
    private final List<NodeState> nodes;
    private final boolean masterElsewhere;
    private final String warning;
    private final TrafficTotals totals;

    public PortState(PortRef port, long timeMillis, long treeVersion, double capacityBps, double guaranteedSumBps,
                     double measuredBps, List<NodeState> nodes) {
        this(port, timeMillis, treeVersion, capacityBps, guaranteedSumBps, measuredBps, nodes, false, null,
                TrafficTotals.ZERO);
    }

    private PortState(PortRef port, long timeMillis, long treeVersion, double capacityBps, double guaranteedSumBps,
                      double measuredBps, List<NodeState> nodes, boolean masterElsewhere, String warning,
                      TrafficTotals totals) {
        this.port = Objects.requireNonNull(port, "port");
        this.timeMillis = timeMillis;
        this.treeVersion = treeVersion;
        this.capacityBps = capacityBps;
        this.guaranteedSumBps = guaranteedSumBps;
        this.measuredBps = measuredBps;
        this.nodes = List.copyOf(nodes);
        this.masterElsewhere = masterElsewhere;
        this.warning = warning;
        this.totals = Objects.requireNonNull(totals, "totals");
    }

    /** This state with a warning about the port as a whole (e.g. the switch is not the bottleneck). */
    public PortState withWarning(String text) {
        return new PortState(port, timeMillis, treeVersion, capacityBps, guaranteedSumBps, measuredBps, nodes,
                masterElsewhere, text, totals);
    }

    /** This state with the port's traffic totals (the sums over its top-level nodes). */
    public PortState withTotals(TrafficTotals portTotals) {
        return new PortState(port, timeMillis, treeVersion, capacityBps, guaranteedSumBps, measuredBps, nodes,
                masterElsewhere, warning, portTotals);
    }

    /** What passed and was dropped through the port's tree since this instance first read it (Prometheus counters). */
    public TrafficTotals totals() {
        return totals;
    }

    /** A warning about the port as a whole, if any. */
    public java.util.Optional<String> warning() {
        return java.util.Optional.ofNullable(warning);
    }

    /** This state, marked as not measured here: another cluster instance is the device's master. */
    public PortState withMasterElsewhere() {
        return new PortState(port, timeMillis, treeVersion, capacityBps, guaranteedSumBps, measuredBps, nodes, true,
                warning, totals);
    }

    /**
     * True if another cluster instance programs the device and reads its counters: measured
     * rates, drops, S/U states, activity and targets here are not readings.
     */
    public boolean isMasterElsewhere() {
        return masterElsewhere;
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
                && Double.compare(s.measuredBps, measuredBps) == 0 && s.nodes.equals(nodes)
                && s.masterElsewhere == masterElsewhere && Objects.equals(s.warning, warning) && s.totals.equals(totals);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, timeMillis, treeVersion, capacityBps, guaranteedSumBps, measuredBps, nodes,
                masterElsewhere, warning, totals);
    }

    @Override
    public String toString() {
        return "PortState{" + port + " v" + treeVersion + " at " + timeMillis + ", C " + capacityBps + ", sum g "
                + guaranteedSumBps + ", measured " + (masterElsewhere ? "by the master elsewhere" : measuredBps) + ", "
                + nodes.size() + " nodes}";
    }
}
