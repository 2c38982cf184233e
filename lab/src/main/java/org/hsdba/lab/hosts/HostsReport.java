package org.hsdba.lab.hosts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one {@code hsdba lab --hosts} run, per flow: its leaf's rate out of the egress
 * port (frame bytes, what the tree allocates) over the flow's seconds after
 * the warm-up seconds, the exact allocation over the same seconds, the error, the worst
 * single second, and what the receiving iperf3 measured (payload goodput). Immutable.
 */
public final class HostsReport {
    /** One flow's figures. */
    public static final class Row {
        final HostFlow flow;
        final int from;
        final int to;
        final double exactBps;
        final double egressBps;
        final double worstSecondBps;
        final double goodputBps;
        final String note;

        Row(HostFlow flow, int from, int to, double exactBps, double egressBps, double worstSecondBps, double goodputBps,
                String note) {
            this.flow = flow;
            this.from = from;
            this.to = to;
            this.exactBps = exactBps;
            this.egressBps = egressBps;
            this.worstSecondBps = worstSecondBps;
            this.goodputBps = goodputBps;
            this.note = note;
        }

        public HostFlow flow() {
            return flow;
        }

        public double exactBps() {
            return exactBps;
        }

        public double egressBps() {
            return egressBps;
        }

        /** Relative error of the egress rate against the exact allocation, in percent (NaN without a window). */
        public double errorPercent() {
            return to > from && exactBps > 0 ? 100 * (egressBps - exactBps) / exactBps : Double.NaN;
        }

        public String note() {
            return note;
        }
    }

    private final List<Row> rows;
    private final double utilisation;
    private final double egressTotalBps;
    private final String text;

    private HostsReport(List<Row> rows, double utilisation, double egressTotalBps, String text) {
        this.rows = List.copyOf(rows);
        this.utilisation = utilisation;
        this.egressTotalBps = egressTotalBps;
        this.text = text;
    }

    static HostsReport of(HostPlan plan, EgressMeter meter, IperfFlows iperf, double ranSeconds, int warmup, boolean stock,
            String portStats) {
        List<Row> rows = new ArrayList<>();
        int end = (int) Math.floor(ranSeconds);
        for (HostFlow f : plan.flows()) {
            int from = (int) Math.ceil(f.start()) + warmup;
            int to = Math.min(end, (int) Math.floor(f.end()));
            int addr = EgressMeter.address(f.leafAddress());
            double sum = 0;
            double worst = Double.POSITIVE_INFINITY;
            for (int s = from; s < to; s++) {
                double bps = meter.bytes(addr, s) * 8.0;
                sum += bps;
                worst = Math.min(worst, bps);
            }
            double egress = to > from ? sum / (to - from) : Double.NaN;
            double exact = to > from ? HostsLab.exactOver(plan, from, to).get(f.leafId()) : Double.NaN;
            double[] got = iperf.receivedPerSecond(f);
            double gp = 0;
            int n = 0;
            for (int i = warmup; i < got.length && i < to - (int) Math.ceil(f.start()); i++) {
                gp += got[i];
                n++;
            }
            List<String> notes = new ArrayList<>();
            String err = iperf.clientError(f);
            if (err != null) {
                notes.add("sender: " + err);
            }
            if (!f.tcp() && !Double.isNaN(iperf.udpLossPercent(f))) {
                notes.add(String.format(Locale.ROOT, "loss %.1f %%", iperf.udpLossPercent(f)));
            }
            if (f.tcp() && iperf.retransmits(f) >= 0) {
                notes.add("retransmits " + iperf.retransmits(f));
            }
            if (!Double.isNaN(iperf.meanRttMs(f))) {
                notes.add(String.format(Locale.ROOT, "RTT %.2f ms", iperf.meanRttMs(f)));
            }
            String cc = iperf.congestionControl(f);
            if (cc != null && !cc.equals(plan.congestionControl())) {
                notes.add("congestion control " + cc + ", not " + plan.congestionControl());
            }
            rows.add(new Row(f, from, to, exact, egress, to > from ? worst : Double.NaN, n > 0 ? gp / n : Double.NaN,
                    String.join(", ", notes)));
        }
        int from = warmup + (int) Math.ceil(plan.flows().stream().mapToDouble(HostFlow::start).min().orElse(0));
        double total = 0;
        for (int s = from; s < end; s++) {
            for (java.net.InetAddress a : plan.leafAddresses()) {
                total += meter.bytes(EgressMeter.address(a), s) * 8.0;
            }
        }
        double totalBps = end > from ? total / (end - from) : Double.NaN;
        double exactTotal = 0;
        if (end > from) {
            for (double v : HostsLab.exactOver(plan, from, end).values()) {
                exactTotal += v;
            }
        }
        double util = totalBps / plan.tree().rootBandwidth();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "hosts report: tree %s, capacity %s, eta %s (allocatable %.3f Mb/s), %s mode, "
                + "%.1f s run, first %d s of each flow left out%n", plan.tree().port(), plan.tree().capacity(),
                plan.tree().eta(), plan.tree().rootBandwidth() / 1e6, stock ? "stock (controller-assisted)" : "in-switch",
                ranSeconds, warmup));
        b.append("  TCP congestion control ").append(plan.congestionControl()).append("; added round-trip time: ")
                .append(rttSummary(plan)).append(System.lineSeparator());
        b.append(String.format(Locale.ROOT, "  %-8s %-10s %-4s %-9s %10s %10s %8s %12s %10s  %s%n", "source", "leaf", "prot",
                "seconds", "exact", "at switch", "error", "worst 1 s", "iperf3", "notes"));
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "  %-8s %-10s %-4s %-9s %10s %10s %7s%% %11s%% %10s  %s%n", r.flow.sourceId(),
                    r.flow.leafId(), r.flow.protocol(), r.from + "-" + r.to, mbps(r.exactBps), mbps(r.egressBps),
                    num(r.errorPercent()), num(100 * r.worstSecondBps / r.exactBps), mbps(r.goodputBps), r.note));
        }
        b.append(String.format(Locale.ROOT, "  total at the switch %s Mb/s over seconds %d-%d (exact %s): utilisation %s %% of "
                + "the allocatable bandwidth%n", mbps(totalBps), from, end, mbps(exactTotal), num(100 * util)));
        b.append("  rates in Mb/s of Ethernet frames without FCS (the tree's unit); iperf3 = payload goodput at the receiver")
                .append(System.lineSeparator());
        b.append("  switch ports: ").append(portStats).append(System.lineSeparator());
        return new HostsReport(rows, util, totalBps, b.toString());
    }

    /** "none", one duration for every flow, or each flow's. */
    static String rttSummary(HostPlan plan) {
        java.util.Set<java.time.Duration> distinct = new java.util.LinkedHashSet<>();
        plan.flows().forEach(f -> distinct.add(f.addedRtt()));
        if (distinct.size() == 1) {
            java.time.Duration d = distinct.iterator().next();
            return d.isZero() ? "none (the namespaces' own, tens of microseconds)" : org.hsdba.model.Durations.format(d) + " on every flow";
        }
        List<String> each = new ArrayList<>();
        plan.flows().forEach(f -> each.add(f.sourceId() + " " + org.hsdba.model.Durations.format(f.addedRtt())));
        return String.join(", ", each) + " (a delay on the way back)";
    }

    private static String mbps(double bps) {
        return Double.isNaN(bps) ? "-" : String.format(Locale.ROOT, "%.3f", bps / 1e6);
    }

    private static String num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    public List<Row> rows() {
        return rows;
    }

    /** Total egress over the allocatable bandwidth (capacity x eta), after the warm-up. */
    public double utilisation() {
        return utilisation;
    }

    public double egressTotalBps() {
        return egressTotalBps;
    }

    /** The largest |error| of any flow, percent. */
    public double maxAbsErrorPercent() {
        return rows.stream().mapToDouble(r -> Math.abs(r.errorPercent())).max().orElse(Double.NaN);
    }

    public String text() {
        return text;
    }

    /** Per-second egress rate of every leaf address (Mb/s), one line per second: {@code second,leaf1,leaf2,...}. */
    static String secondsCsv(HostPlan plan, EgressMeter meter, int seconds) {
        StringBuilder b = new StringBuilder("second");
        List<java.net.InetAddress> leaves = plan.leafAddresses();
        for (java.net.InetAddress a : leaves) {
            b.append(',').append(plan.flows().stream().filter(f -> f.leafAddress().equals(a)).findFirst().orElseThrow().leafId());
        }
        b.append(System.lineSeparator());
        for (int s = 0; s < seconds; s++) {
            b.append(s);
            for (java.net.InetAddress a : leaves) {
                b.append(',').append(String.format(Locale.ROOT, "%.3f", meter.bytes(EgressMeter.address(a), s) * 8e-6));
            }
            b.append(System.lineSeparator());
        }
        return b.toString();
    }
}
