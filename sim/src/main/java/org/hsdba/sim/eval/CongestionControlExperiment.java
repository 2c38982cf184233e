package org.hsdba.sim.eval;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;

import org.hsdba.algorithm.DropDraw;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.pofswitch.PofSwitchFactory;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.reference.ReferenceModelFactory;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.Aimd;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Congestion-control mix (ours; the paper uses only CBR): subnet "tcp" with four loss-responsive
 * senders ({@link Aimd}: +1 packet per RTT per RTT, halved on a loss, RTT 10 ms) and subnet "udp"
 * with two unresponsive 60 Mb/s CBR senders, equal weights, C = 100 Mb/s, eta = 0.95. With HSDBA
 * each subnet should get half of B and each sender its share within its subnet; FIFO and DWRR in
 * the same harness.
 */
public final class CongestionControlExperiment implements Experiment {

    /** Issue 14's bound for each group (the suite had 5 % before the issue set 3 %). */
    static final double TARGET = 0.03;
    static final double RTT = 0.010;

    @Override
    public String id() {
        return "congestion-control";
    }

    @Override
    public String title() {
        return "Congestion-control mix";
    }

    static BandwidthTree tree() {
        BandwidthTree.Builder b = BandwidthTree.builder(PaperTrees.PORT).capacity(Rate.ofMbps(100)).eta(0.95)
                .levels(List.of(LevelSpec.of("subnet", PaperTrees.IPV4_DST), LevelSpec.of("host", PaperTrees.IPV4_DST)));
        b.addNode(NodeSpec.builder("tcp").key(PaperTrees.key("10.1.0.0/16")).weight(1.0).build());
        for (int k = 1; k <= 4; k++) {
            b.addNode(NodeSpec.builder("t" + k).parent("tcp").key(PaperTrees.key("10.1.0." + k)).weight(1.0).build());
        }
        b.addNode(NodeSpec.builder("udp").key(PaperTrees.key("10.2.0.0/16")).weight(1.0).build());
        for (int k = 1; k <= 2; k++) {
            b.addNode(NodeSpec.builder("u" + k).parent("udp").key(PaperTrees.key("10.2.0." + k)).weight(1.0).build());
        }
        return b.build();
    }

    static Aimd.Params aimd() {
        double onePacketPerRtt = 8.0 * PaperTrees.PACKET_BYTES / RTT;
        return new Aimd.Params(RTT, onePacketPerRtt, 0.5, 1e6, onePacketPerRtt);
    }

    @Override
    public ExperimentResult run(EvalContext ctx) throws IOException {
        long t0 = System.nanoTime();
        double duration = ctx.quick() ? 8 : 30;
        double settle = 3;
        List<TrafficSource> sources = new ArrayList<>();
        for (int k = 1; k <= 4; k++) {
            // Staggered starts so the senders do not move in lock step.
            sources.add(new TrafficSource("tcp" + k, "t" + k, 100e6, PacketSizes.fixed(PaperTrees.PACKET_BYTES),
                    ArrivalProcess.aimd(aimd()), List.of(ActiveInterval.seconds(0.1 * (k - 1), duration))));
        }
        for (int k = 1; k <= 2; k++) {
            sources.add(PaperTrees.cbr("udp" + k, "u" + k, 60e6, 0, duration));
        }
        List<String> leaves = List.of("t1", "t2", "t3", "t4", "u1", "u2");
        List<Mode> modes = List.of(Mode.IN_SWITCH, Mode.FIFO, Mode.DWRR);
        List<Callable<RunSummary>> tasks = new ArrayList<>();
        List<String> plots = new ArrayList<>();
        BandwidthTree tree = tree();
        // The same in-switch run with the responsive hold off (it is on by default): a row, not a
        // target, showing what the hold buys.
        RunSpec offSpec = RunSpec.builder("in-switch-hold-off").title("congestion-control mix (in-switch, responsive"
                + " hold off)").tree(TreeBinding.of(tree)).sources(sources).mode(Mode.IN_SWITCH)
                .runtime(PaperPhasesExperiment.runtime().withResponsiveHold(Duration.ZERO)).durationSeconds(duration)
                .settleSeconds(settle).seed(1).build();
        tasks.add(() -> ctx.writeSummary(id(), ctx.run(id(), offSpec, new PofSwitchFactory().withAlgorithm(
                RuntimeParameters.holdLabel(Duration.ZERO), PofSwitchFactory.responsiveHold(Duration.ZERO))),
                offSpec.settleNs(), "in-switch-hold-off"));
        String inSwitchHold = RuntimeParameters.holdLabel(ctx.holdOf(PaperPhasesExperiment.runtime()));
        for (Mode m : modes) {
            RunSpec spec = RunSpec.builder(m.cliName()).title("congestion-control mix (" + m.cliName() + ")")
                    .tree(TreeBinding.of(tree)).sources(sources).mode(m).runtime(PaperPhasesExperiment.runtime())
                    .durationSeconds(duration).settleSeconds(settle).seed(1).build();
            plots.add(id() + "/" + m.cliName() + "-top.png");
            plots.add(id() + "/" + m.cliName() + ".png");
            tasks.add(() -> {
                RunResult r = ctx.run(id(), spec, m.needsSwitchProgram() ? new PofSwitchFactory() : null);
                ctx.ratePlot(id(), r, List.of("tcp", "udp"), "congestion-control mix, subnets: " + m.cliName(),
                        m.cliName() + "-top");
                ctx.ratePlot(id(), r, leaves, "congestion-control mix, senders: " + m.cliName(), m.cliName());
                return ctx.writeSummary(id(), r, spec.settleNs(), m.cliName());
            });
        }
        List<RunSummary> s = ctx.parallel(tasks);
        RunSummary off = s.get(0);
        s = s.subList(1, s.size());
        StringBuilder md = new StringBuilder();
        md.append(Md.num("Setup: C = 100 Mb/s, eta = 0.95 (B = 95 Mb/s); subnet `tcp` (10.1/16) with four AIMD senders"
                + " t1-t4 and subnet `udp` (10.2/16) with two 60 Mb/s CBR senders u1, u2; equal weights everywhere;"
                + " 1024-byte frames; %.3g s, judged after %.3g s. AIMD model: %s; a loss (switch drop or tail drop)"
                + " is learnt one RTT after the lost packet was sent, at most one cut per RTT; the senders start"
                + " 0.1 s apart; their demand for the oracle is the line rate (elastic). HSDBA: EWMA K = 10 ms, idle"
                + " timeout 100 ms, %s (the in-switch row; the row \"hold off\" turns it off). Oracle: each subnet"
                + " 47.5 Mb/s, each AIMD sender 11.9 Mb/s, each CBR sender 23.75 Mb/s.%n%n", duration, settle, aimd(),
                inSwitchHold));
        Md.Table t = new Md.Table("mode", "tcp subnet (oracle)", "udp subnet (oracle)", "AIMD senders t1..t4",
                "CBR senders u1, u2", Md.num("subnets within %.0f %%?", TARGET * 100));
        List<Check> checks = new ArrayList<>();
        for (int i = 0; i < modes.size(); i++) {
            RunSummary r = s.get(i);
            // The last phase: every sender active (the AIMD ones start 0.1 s apart).
            int last = r.result().phases().size() - 1;
            double tcp = r.stat(last, "tcp").measuredBps();
            double udp = r.stat(last, "udp").measuredBps();
            double fair = r.stat(last, "tcp").oracleBps();
            double errTcp = (tcp - fair) / fair;
            double errUdp = (udp - r.stat(last, "udp").oracleBps()) / r.stat(last, "udp").oracleBps();
            boolean met = Math.abs(errTcp) <= TARGET && Math.abs(errUdp) <= TARGET;
            StringBuilder senders = new StringBuilder();
            for (int k = 1; k <= 4; k++) {
                senders.append(k == 1 ? "" : ", ").append(Md.num("%.1f", r.stat(last, "t" + k).measuredBps() / 1e6));
            }
            t.row(modes.get(i) == Mode.IN_SWITCH ? "in-switch (" + inSwitchHold + ")" : modes.get(i).cliName(), Md.rate(tcp) + " (" + Md.rate(fair) + ")",
                    Md.rate(udp) + " (" + Md.rate(r.stat(last, "udp").oracleBps()) + ")", senders + " Mb/s",
                    Md.num("%.1f, %.1f Mb/s", r.stat(last, "u1").measuredBps() / 1e6, r.stat(last, "u2").measuredBps() / 1e6),
                    met ? "yes" : "no");
            if (modes.get(i) == Mode.IN_SWITCH) {
                checks.add(new Check(id(), "in-switch (" + inSwitchHold + "), 4 AIMD vs 2 unresponsive senders",
                        Md.num("each group within %.0f %% of its fair share", TARGET * 100), Md.num("tcp %s (%s), udp %s (%s)", Md.rate(tcp),
                        Md.signedPct(errTcp), Md.rate(udp), Md.signedPct(errUdp)), met, met ? ""
                        : "an AIMD sender halves on every loss and climbs back one packet per RTT: below its fair rate it"
                        + " is satisfied and its unused share goes to the other subnet; regular (stratified) losses cost"
                        + " it more than geometric ones (see the diagnosis and the hold's rows)"));
            } else if (modes.get(i) == Mode.FIFO) {
                checks.add(new Check(id(), "fifo baseline", "unfair without HSDBA", Md.num("tcp %s (%s of its share)",
                        Md.rate(tcp), Md.signedPct(errTcp)), Math.abs(errTcp) > TARGET, ""));
            }
        }
        int lastOff = off.result().phases().size() - 1;
        t.row("in-switch, responsive hold off (stratified draw)",
                Md.rate(off.stat(lastOff, "tcp").measuredBps()) + " (" + Md.signedPct(off.stat(lastOff, "tcp").relativeError()) + ")",
                Md.rate(off.stat(lastOff, "udp").measuredBps()) + " (" + Md.signedPct(off.stat(lastOff, "udp").relativeError()) + ")",
                heldSenders(off, lastOff) + " Mb/s", Md.num("%.1f, %.1f Mb/s", off.stat(lastOff, "u1").measuredBps() / 1e6,
                        off.stat(lastOff, "u2").measuredBps() / 1e6),
                Math.abs(off.stat(lastOff, "tcp").relativeError()) <= TARGET
                        && Math.abs(off.stat(lastOff, "udp").relativeError()) <= TARGET ? "yes" : "no");
        md.append(t).append('\n');
        md.append(diagnosis(ctx, tree, sources, leaves, duration, settle));
        for (String p : plots) {
            md.append(Md.image(p, p)).append('\n');
        }
        return new ExperimentResult(id(), title(), md.toString(), checks, (System.nanoTime() - t0) / 1e9);
    }

    private static String heldSenders(RunSummary r, int phase) {
        StringBuilder out = new StringBuilder();
        for (int k = 1; k <= 4; k++) {
            out.append(k == 1 ? "" : ", ").append(Md.num("%.1f", r.stat(phase, "t" + k).measuredBps() / 1e6));
        }
        return out.toString();
    }

    /** The responsive hold the diagnosis compares with none: the default. */
    static final Duration HOLD = org.hsdba.model.RuntimeParameters.DEFAULT_RESPONSIVE_HOLD;

    /**
     * The diagnosis (issue 14): the in-switch run's algorithm on the reference kernel, traced, without
     * the hold with the stratified draw and with independent draws, and with the responsive hold (the
     * default: the summed hold, stratified draw).
     */
    private String diagnosis(EvalContext ctx, BandwidthTree tree, List<TrafficSource> sources, List<String> leaves,
                             double duration, double settle) throws IOException {
        List<String> names = List.of("kernel, hold off, stratified draw", "kernel, hold off, independent draws",
                "kernel, " + RuntimeParameters.holdLabel(HOLD) + " (the default: summed, stratified draw)");
        UnaryOperator<KernelOptions> off = PofSwitchFactory.responsiveHold(Duration.ZERO);
        List<UnaryOperator<KernelOptions>> tweaks = List.of(off,
                o -> off.apply(o).toBuilder().dropDraw(DropDraw.INDEPENDENT).build(),
                PofSwitchFactory.responsiveHold(HOLD));
        List<String> files = List.of("kernel", "kernel-independent", "kernel-hold");
        Md.Table t = new Md.Table("variant", "tcp subnet", "udp subnet", "AIMD loss", "AIMD satisfied (% of time)",
                "AIMD packets per loss (mean, cv)", "AIMD mean f / share");
        for (int v = 0; v < names.size(); v++) {
            RunSpec spec = RunSpec.builder(files.get(v)).title("congestion-control mix (" + names.get(v) + ")")
                    .tree(TreeBinding.of(tree)).sources(sources).mode(Mode.IN_SWITCH)
                    // the run-time hold as the variant sets it, so that the run's record says the same
                    .runtime(PaperPhasesExperiment.runtime().withResponsiveHold(v == 2 ? HOLD : Duration.ZERO))
                    .durationSeconds(duration).settleSeconds(settle).seed(1).build();
            FlowTrace trace = new FlowTrace(tree, leaves, spec.settleNs());
            UnaryOperator<KernelOptions> tweak = tweaks.get(v);
            RunResult r = ctx.run(id(), spec, new ReferenceModelFactory()
                    .withAlgorithm(names.get(v), tweak), trace.observer());
            RunSummary s = ctx.writeSummary(id(), r, spec.settleNs(), files.get(v));
            int last = r.phases().size() - 1;
            double loss = 0;
            double sat = 0;
            double gap = 0;
            double cv = 0;
            double fair = 0;
            for (int k = 0; k < 4; k++) {
                loss += trace.lossFraction(k) / 4;
                sat += trace.satisfiedFraction(k) / 4;
                gap += trace.meanDropGap(k) / 4;
                cv += trace.dropGapCv(k) / 4;
                fair += trace.meanFairBps(k) / s.stat(last, leaves.get(k)).oracleBps() / 4;
            }
            t.row(names.get(v), Md.signedPct(s.stat(last, "tcp").relativeError()),
                    Md.signedPct(s.stat(last, "udp").relativeError()), Md.pct(loss), Md.num("%.1f", 100 * sat),
                    Md.num("%.1f, %.2f", gap, cv), Md.num("%.3f", fair));
        }
        return Md.num("**Diagnosis** (the same run on the reference kernel, traced every 10 ms; AIMD columns averaged"
                + " over t1-t4): an AIMD sender is dropped as its rate crosses its fair rate f and halves; in the"
                + " trough it is *satisfied* and max-min passes the unused part of the `tcp` subnet's share to"
                + " `udp`, whose CBR senders take it. The drop draw changes how regular the losses are: an AIMD"
                + " sender's rate grows with the square root of the packets between its losses, so for the same mean"
                + " gap, irregular (geometric) gaps give it more than regular ones (Jensen), which is what the"
                + " stratified draw costs it. The responsive hold (`KernelOptions.responsiveHold`, the summed hold"
                + " as compiled, `--responsive-hold`) keeps a node dropped within the hold at a claim of min(f, R) as"
                + " of its drop, counts that claim in its ancestors' demands, and lets it pass from a bank what its"
                + " trough left unused.%n%n") + t + "\n";
    }
}
