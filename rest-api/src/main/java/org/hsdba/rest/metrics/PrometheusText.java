package org.hsdba.rest.metrics;

import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import org.hsdba.api.DeviceStatus;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
import org.hsdba.api.TrafficTotals;

/**
 * Renders the service's live figures in the Prometheus text exposition format 0.0.4 or OpenMetrics
 * 1.0: per node the gauges {@code hsdba_node_rate_bps}, {@code hsdba_node_drop_bps},
 * {@code hsdba_node_target_bps}, {@code hsdba_node_active} and the counters
 * {@code hsdba_node_bytes_total}, {@code hsdba_node_packets_total},
 * {@code hsdba_node_dropped_bytes_total}, {@code hsdba_node_dropped_packets_total} (so that
 * Prometheus computes rates and totals with {@code rate()} and {@code increase()}); per port
 * capacity, measured total, sum of guarantees and the same four counters; per device connection,
 * programming and join counters. A pure function of its inputs.
 */
public final class PrometheusText {

    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    /** The same figures in OpenMetrics 1.0 (what Prometheus asks for first). */
    public static final String OPENMETRICS_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private PrometheusText() {
    }

    public static String render(List<DeviceStatus> devices, List<PortState> ports) {
        return render(devices, ports, false);
    }

    /**
     * OpenMetrics 1.0: the same samples; a counter's family is named without {@code _total} (its
     * samples keep it), and the exposition ends with {@code # EOF}.
     */
    public static String renderOpenMetrics(List<DeviceStatus> devices, List<PortState> ports) {
        return render(devices, ports, true) + "# EOF\n";
    }

    private static String render(List<DeviceStatus> devices, List<PortState> ports, boolean openMetrics) {
        StringBuilder sb = new StringBuilder(256 + ports.stream().mapToInt(p -> p.nodes().size()).sum() * 320);
        nodeMetric(sb, ports, "hsdba_node_rate_bps", "Measured rate leaving the switch through the node, bits/s",
                NodeState::measuredBps);
        nodeMetric(sb, ports, "hsdba_node_drop_bps", "Rate dropped at the node, bits/s", NodeState::dropBps);
        nodeMetric(sb, ports, "hsdba_node_target_bps", "Exact max-min fair allocation for the measured demands, bits/s",
                NodeState::targetBps);
        nodeMetric(sb, ports, "hsdba_node_active", "1 if the node carries traffic (is in its parent's sums), else 0",
                n -> n.isActive() ? 1 : 0);
        nodeCounter(sb, ports, openMetrics, "hsdba_node_bytes", "Bytes that passed the switch through the node",
                TrafficTotals::bytes);
        nodeCounter(sb, ports, openMetrics, "hsdba_node_packets", "Packets that passed the switch through the node",
                TrafficTotals::packets);
        nodeCounter(sb, ports, openMetrics, "hsdba_node_dropped_bytes", "Bytes dropped at the node or below it",
                TrafficTotals::droppedBytes);
        nodeCounter(sb, ports, openMetrics, "hsdba_node_dropped_packets", "Packets dropped at the node or below it",
                TrafficTotals::droppedPackets);
        portMetric(sb, ports, "hsdba_port_capacity_bps", "Capacity of the managed port, bits/s", PortState::capacityBps);
        portMetric(sb, ports, "hsdba_port_rate_bps", "Measured total rate of the managed port, bits/s",
                PortState::measuredBps);
        portMetric(sb, ports, "hsdba_port_guaranteed_bps", "Sum of the guarantees of the port's children, bits/s",
                PortState::guaranteedSumBps);
        portCounter(sb, ports, openMetrics, "hsdba_port_bytes", "Bytes that passed the switch through the port's tree",
                TrafficTotals::bytes);
        portCounter(sb, ports, openMetrics, "hsdba_port_packets", "Packets that passed the switch through the port's tree",
                TrafficTotals::packets);
        portCounter(sb, ports, openMetrics, "hsdba_port_dropped_bytes", "Bytes the port's tree dropped",
                TrafficTotals::droppedBytes);
        portCounter(sb, ports, openMetrics, "hsdba_port_dropped_packets", "Packets the port's tree dropped",
                TrafficTotals::droppedPackets);
        header(sb, "hsdba_device_connected", "1 if the switch is connected", "gauge");
        devices.forEach(d -> sample(sb, "hsdba_device_connected", deviceLabels(d), d.isConnected() ? 1 : 0));
        header(sb, "hsdba_device_programmed", "1 if every tree of the device is installed and confirmed", "gauge");
        devices.forEach(d -> sample(sb, "hsdba_device_programmed", deviceLabels(d), d.isProgrammed() ? 1 : 0));
        header(sb, openMetrics ? "hsdba_joins" : "hsdba_joins_total",
                "Join packet-ins by outcome since the device was first seen", "counter");
        for (DeviceStatus d : devices) {
            String base = "device=\"" + escape(d.id()) + "\",result=";
            sample(sb, "hsdba_joins_total", base + "\"accepted\"", d.joins().accepted());
            sample(sb, "hsdba_joins_total", base + "\"refused\"", d.joins().refused());
            sample(sb, "hsdba_joins_total", base + "\"rate_limited\"", d.joins().rateLimited());
            sample(sb, "hsdba_joins_total", base + "\"ignored\"", d.joins().ignored());
        }
        return sb.toString();
    }

    private static void nodeMetric(StringBuilder sb, List<PortState> ports, String name, String help,
                                   ToDoubleFunction<NodeState> value) {
        header(sb, name, help, "gauge");
        for (PortState p : ports) {
            String portLabels = portLabels(p);
            for (NodeState n : p.nodes()) {
                sample(sb, name, portLabels + ",node=\"" + escape(n.id()) + "\"", value.applyAsDouble(n));
            }
        }
    }

    /**
     * A counter family: {@code family_total} samples; the family is named with {@code _total} in
     * the 0.0.4 text format and without it in OpenMetrics. Counted since this instance first read
     * the node (see {@link TrafficTotals}).
     */
    private static void nodeCounter(StringBuilder sb, List<PortState> ports, boolean openMetrics, String family,
                                    String help, ToLongFunction<TrafficTotals> value) {
        String sample = family + "_total";
        header(sb, openMetrics ? family : sample, help + " since this instance first read it", "counter");
        for (PortState p : ports) {
            String portLabels = portLabels(p);
            for (NodeState n : p.nodes()) {
                sample(sb, sample, portLabels + ",node=\"" + escape(n.id()) + "\"", value.applyAsLong(n.totals()));
            }
        }
    }

    private static void portCounter(StringBuilder sb, List<PortState> ports, boolean openMetrics, String family,
                                    String help, ToLongFunction<TrafficTotals> value) {
        String sample = family + "_total";
        header(sb, openMetrics ? family : sample, help + " since this instance first read it", "counter");
        ports.forEach(p -> sample(sb, sample, portLabels(p), value.applyAsLong(p.totals())));
    }

    private static void portMetric(StringBuilder sb, List<PortState> ports, String name, String help,
                                   ToDoubleFunction<PortState> value) {
        header(sb, name, help, "gauge");
        ports.forEach(p -> sample(sb, name, portLabels(p), value.applyAsDouble(p)));
    }

    private static String portLabels(PortState p) {
        return "device=\"" + escape(p.port().deviceId()) + "\",port=\"" + p.port().port() + "\"";
    }

    private static String deviceLabels(DeviceStatus d) {
        return "device=\"" + escape(d.id()) + "\"";
    }

    private static void header(StringBuilder sb, String name, String help, String type) {
        sb.append("# HELP ").append(name).append(' ').append(help).append('\n');
        sb.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder sb, String name, String labels, double value) {
        sb.append(name).append('{').append(labels).append("} ").append(number(value)).append('\n');
    }

    /** Counters are whole numbers: written exactly (a double would round above 2^53). */
    private static void sample(StringBuilder sb, String name, String labels, long value) {
        sb.append(name).append('{').append(labels).append("} ").append(value).append('\n');
    }

    /** Whole numbers without a fraction; Prometheus spells the non-finite values +Inf, -Inf and NaN. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /** Label values escape backslash, double quote and line feed. */
    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
