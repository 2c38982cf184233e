package org.hsdba.lab.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.DeviceStatus;
import org.hsdba.lab.runtime.Lab;
import org.hsdba.lab.runtime.LabOptions;
import org.hsdba.lab.traffic.LabScenario;

/**
 * {@code hsdba lab --hosts}: the lab (manager, adapter, REST and GUI) with one switch (the
 * reference switch on real ports, or a real POFSwitch process) between two network namespaces, iperf3 flows as the scenario's sources, and a
 * report of every flow's rate at the switch's egress against the exact allocation. Runs the
 * scenario once. {@link #close()} (also from the shutdown hook on Ctrl-C) kills the senders, stops
 * the switch and the lab and removes the namespaces.
 */
public final class HostsLab implements AutoCloseable {
    /** Default seconds at the start of each flow left out of its figures (TCP's slow start, the estimators' warm-up). */
    public static final int WARMUP_SECONDS = 2;

    private final HostPlan plan;
    private final LabOptions options;
    private final PrintStream out;
    private Lab lab;
    private HostNetwork net;
    private HostSwitch sw;
    private IperfFlows iperf;
    private DelayLine wayBack;
    private final int warmupSeconds;
    private final HostLinks links;
    private final Path pofSwitch;
    private boolean closed;

    public HostsLab(HostPlan plan, LabOptions options, PrintStream out) {
        this(plan, options, WARMUP_SECONDS, out);
    }

    /** @param warmupSeconds seconds at the start of each flow left out of the report */
    public HostsLab(HostPlan plan, LabOptions options, int warmupSeconds, PrintStream out) {
        this(plan, options, warmupSeconds, HostLinks.DIRECT, out);
    }

    /** @param links egress shaping ({@code --shape}) */
    public HostsLab(HostPlan plan, LabOptions options, int warmupSeconds, HostLinks links, PrintStream out) {
        this(plan, options, warmupSeconds, links, null, out);
    }

    /**
     * @param pofSwitch a real POFSwitch binary to put between the hosts ({@code --pofswitch}), stock or
     *                  patched with the extension; null for the reference switch in this JVM
     */
    public HostsLab(HostPlan plan, LabOptions options, int warmupSeconds, HostLinks links, Path pofSwitch, PrintStream out) {
        if (warmupSeconds < 0) {
            throw new IllegalArgumentException("--warmup must be >= 0 s, got " + warmupSeconds);
        }
        this.plan = plan;
        this.options = options;
        this.warmupSeconds = warmupSeconds;
        this.links = links;
        this.pofSwitch = pofSwitch;
        this.out = out;
    }

    /** Null if this machine can run host labs, else the reason. */
    public static String unavailable() {
        return Shell.missing();
    }

    /**
     * Builds everything, plays the flows, returns the report (also written to DIR/hosts-report.txt).
     * {@code stop} ends the run early (Ctrl-C): the report then covers what ran.
     */
    public synchronized HostsReport run(LabScenario scenario, BooleanSupplier stop) throws IOException, InterruptedException {
        List<String> stale = HostNetwork.removeStale();
        if (!stale.isEmpty()) {
            out.println("hsdba lab: removed network namespaces a lab that died had left: " + String.join(", ", stale));
        }
        lab = Lab.start(options, scenario, out);
        int egress = (int) plan.tree().port().port();
        net = HostNetwork.create(plan, egress, links);
        out.println("hsdba lab: hosts in network namespaces " + net.senderNamespace() + " (port 1, " + net.switchInInterface()
                + ") and " + net.receiverNamespace() + " (port " + egress + ", " + net.switchOutInterface() + "); leaves are "
                + (plan.leavesAreDestinations() ? "receivers" : "senders") + "; " + links);
        if (net.delayedWayBack()) {
            Map<Integer, Long> delays = new java.util.HashMap<>();
            plan.flows().forEach(f -> delays.put(f.port(), f.addedRtt().toNanos()));
            wayBack = DelayLine.start(net.wayBackIn(), net.wayBackOut(), delays, m -> out.println("hsdba lab: " + m));
            out.println("hsdba lab: round-trip times added on the way back (" + net.wayBackIn() + " -> " + net.wayBackOut()
                    + "): " + HostsReport.rttSummary(plan));
        }
        long dpid = Long.parseUnsignedLong(plan.tree().port().deviceId().substring(4), 16);
        EgressMeter meter = new EgressMeter(egress, plan.tree().levels().get(0).field().offsetBits(),
                (int) Math.ceil(plan.duration()) + 10);
        sw = pofSwitch == null
                ? ReferenceHostSwitch.start(options, net, egress, dpid, lab.pofPort(), meter, m -> out.println("hsdba lab: " + m))
                : PofSwitchHost.start(pofSwitch, net, egress, dpid, lab.pofPort(), meter, options.dataDir().resolve("pofswitch"));
        out.println("hsdba lab: switch: " + sw.description());
        String deviceId = plan.tree().port().deviceId();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!lab.service().device(deviceId).map(DeviceStatus::isProgrammed).orElse(false)) {
            String failed = sw.failure();
            if (failed != null) {
                throw new IOException(failed);
            }
            if (System.nanoTime() > deadline || stop.getAsBoolean()) {
                throw new IOException("the switch was not programmed within 30 s (see " + options.dataDir().resolve("lab.log") + ")");
            }
            Thread.sleep(50);
        }
        boolean stock = lab.service().device(deviceId).map(d -> d.mode() != DeviceMode.IN_SWITCH).orElse(options.stockSwitches());
        out.println("hsdba lab ready: " + lab.uiUri() + "  user " + options.user() + "  password " + options.password());
        iperf = new IperfFlows(plan, net, options.dataDir().resolve("hosts"));
        iperf.startServers();
        out.println("hsdba lab: " + plan.flows().size() + " iperf3 flow(s) for " + plan.duration() + " s; switch "
                + (stock ? "stock (controller-assisted)" : "in-switch"));
        long t0 = System.nanoTime();
        meter.start();
        List<HostFlow> pending = new ArrayList<>(plan.flows());
        pending.sort((a, b) -> Double.compare(a.start(), b.start()));
        int nextStatus = 5;
        while (!stop.getAsBoolean()) {
            double t = (System.nanoTime() - t0) / 1e9;
            while (!pending.isEmpty() && pending.get(0).start() <= t) {
                HostFlow f = pending.remove(0);
                iperf.startClient(f, f.end() - f.start());
            }
            if (t >= plan.duration() + 1) {
                break;
            }
            String failed = sw.failure();
            if (failed != null) {
                throw new IOException(failed + " at " + Math.round(t) + " s into the run");
            }
            if (t >= nextStatus) {
                out.println("  t=" + nextStatus + " s  " + sw.stats());
                nextStatus += 5;
            }
            Thread.sleep(20);
        }
        iperf.awaitClients(stop.getAsBoolean() ? 0 : 5000);
        double ran = (System.nanoTime() - t0) / 1e9;
        HostsReport report = HostsReport.of(plan, meter, iperf, Math.min(ran, plan.duration()), warmupSeconds, stock,
                sw.stats() + (wayBack != null ? "; " + wayBack.stats() : ""));
        Path file = options.dataDir().resolve("hosts-report.txt");
        Files.write(file, report.text().getBytes(StandardCharsets.UTF_8));
        Files.write(options.dataDir().resolve("hosts-seconds.csv"),
                HostsReport.secondsCsv(plan, meter, (int) Math.ceil(ran)).getBytes(StandardCharsets.UTF_8));
        out.print(report.text());
        out.println("hsdba lab: report written to " + file + " (per second: hosts-seconds.csv); iperf3 output in " + options.dataDir().resolve("hosts"));
        return report;
    }

    /** Kills the senders, stops switch and lab, removes the namespaces. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (iperf != null) {
            iperf.close();
        }
        if (sw != null) {
            sw.close();
        }
        if (wayBack != null) {
            wayBack.close();
        }
        if (net != null) {
            net.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    /** Exact allocation by leaf averaged over whole seconds [from, to). */
    static Map<String, Double> exactOver(HostPlan plan, int from, int to) {
        Map<String, Double> sum = new LinkedHashMap<>();
        for (int s = from; s < to; s++) {
            plan.exactAt(s + 0.5).forEach((k, v) -> sum.merge(k, v, Double::sum));
        }
        sum.replaceAll((k, v) -> v / Math.max(1, to - from));
        return sum;
    }
}
