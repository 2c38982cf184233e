package org.hsdba.sim.eval;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.sim.assisted.PolledControllerFactory;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.Aimd;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Controller-assisted mode with loss-responsive senders (issue 20): the stock program on the
 * reference datapath, the controller polling every 1 s and applying its MODIFYs 100 ms after
 * each reading ({@link PolledControllerFactory}). Tree: C = 20 Mb/s, eta = 0.95, A:B = 1:2,
 * A1:A2 = 1:1, B1:B2 = 1:2. Runs: four AIMD senders (one per leaf, RTT 10 ms), and A1, A2 AIMD
 * with B1, B2 as 10 Mb/s CBR. Targets: total within 5 % of eta x C, each sender within 10 % of
 * its share.
 */
public final class AssistedTcpExperiment implements Experiment {

    static final double SENDER_TARGET = 0.10;
    static final double TOTAL_TARGET = 0.05;
    static final double RTT = 0.010;
    static final long PERIOD_NS = 1_000_000_000L;
    static final long LATENCY_NS = 100_000_000L;

    @Override
    public String id() {
        return "assisted-tcp";
    }

    @Override
    public String title() {
        return "Controller-assisted mode with AIMD senders";
    }

    static BandwidthTree tree() {
        BandwidthTree.Builder b = BandwidthTree.builder(PaperTrees.PORT).capacity(Rate.ofMbps(20)).eta(0.95)
                .levels(List.of(LevelSpec.of("subnet", PaperTrees.IPV4_DST), LevelSpec.of("host", PaperTrees.IPV4_DST)));
        b.addNode(NodeSpec.builder("A").key(PaperTrees.key("10.1.0.0/16")).weight(1.0).build());
        b.addNode(NodeSpec.builder("B").key(PaperTrees.key("10.2.0.0/16")).weight(2.0).build());
        b.addNode(NodeSpec.builder("A1").parent("A").key(PaperTrees.key("10.1.0.1")).weight(1.0).build());
        b.addNode(NodeSpec.builder("A2").parent("A").key(PaperTrees.key("10.1.0.2")).weight(1.0).build());
        b.addNode(NodeSpec.builder("B1").parent("B").key(PaperTrees.key("10.2.0.1")).weight(1.0).build());
        b.addNode(NodeSpec.builder("B2").parent("B").key(PaperTrees.key("10.2.0.2")).weight(2.0).build());
        return b.build();
    }

    static Aimd.Params aimd() {
        double onePacketPerRtt = 8.0 * PaperTrees.PACKET_BYTES / RTT;
        return new Aimd.Params(RTT, onePacketPerRtt, 0.5, 1e6, onePacketPerRtt);
    }

    @Override
    public ExperimentResult run(EvalContext ctx) throws IOException {
        long t0 = System.nanoTime();
        double duration = ctx.quick() ? 20 : 60;
        double settle = 10;
        List<String> leaves = List.of("A1", "A2", "B1", "B2");
        List<String> runs = List.of("tcp", "tcp-udp");
        List<Callable<RunSummary>> tasks = new ArrayList<>();
        BandwidthTree tree = tree();
        for (String run : runs) {
            List<TrafficSource> sources = new ArrayList<>();
            for (int k = 0; k < leaves.size(); k++) {
                String leaf = leaves.get(k);
                if (run.equals("tcp") || k < 2) {
                    sources.add(new TrafficSource("s-" + leaf, leaf, 100e6, PacketSizes.fixed(PaperTrees.PACKET_BYTES),
                            ArrivalProcess.aimd(aimd()), List.of(ActiveInterval.seconds(0.1 * k, duration))));
                } else {
                    sources.add(PaperTrees.cbr("s-" + leaf, leaf, 10e6, 0, duration));
                }
            }
            RunSpec spec = RunSpec.builder(run).title("controller-assisted, " + run).tree(TreeBinding.of(tree))
                    .sources(sources).mode(Mode.CONTROLLER_ASSISTED).runtime(PaperPhasesExperiment.runtime())
                    .durationSeconds(duration).settleSeconds(settle).seed(1).build();
            tasks.add(() -> {
                RunResult r = ctx.run(id(), spec, new PolledControllerFactory(PERIOD_NS, LATENCY_NS));
                ctx.ratePlot(id(), r, leaves, "controller-assisted, " + run, run);
                return ctx.writeSummary(id(), r, spec.settleNs(), run);
            });
        }
        List<RunSummary> s = ctx.parallel(tasks);
        StringBuilder md = new StringBuilder();
        md.append(Md.num("Setup: C = 20 Mb/s, eta = 0.95, A:B = 1:2, A1:A2 = 1:1, B1:B2 = 1:2 (issue 20's tree);"
                + " the stock controller-assisted program on the reference datapath (extension off), the controller"
                + " polling every %.0f ms and its MODIFYs applied %.0f ms after each reading; AIMD model %s, senders"
                + " starting 0.1 s apart, IPv4 identification incremented per packet per sender; 1024-byte frames;"
                + " %.3g s, judged after %.3g s. Run `tcp`: one AIMD sender per leaf; run `tcp-udp`: A1, A2 AIMD, B1,"
                + " B2 10 Mb/s CBR.%n%n", PERIOD_NS / 1e6, LATENCY_NS / 1e6, aimd(), duration, settle));
        Md.Table t = new Md.Table("run", "total (eta x C)", "A1", "A2", "B1", "B2", "met?");
        List<Check> checks = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunSummary r = s.get(i);
            int last = r.result().phases().size() - 1;
            double total = 0;
            double worst = 0;
            List<String> cells = new ArrayList<>();
            for (String leaf : leaves) {
                double got = r.stat(last, leaf).measuredBps();
                double want = r.stat(last, leaf).oracleBps();
                total += got;
                worst = Math.max(worst, Math.abs(got - want) / want);
                cells.add(Md.num("%.2f (%.2f) Mb/s", got / 1e6, want / 1e6));
            }
            double eta = 0.95 * 20e6;
            double totalErr = (total - eta) / eta;
            boolean met = worst <= SENDER_TARGET && Math.abs(totalErr) <= TOTAL_TARGET;
            t.row(runs.get(i), Md.num("%.2f Mb/s (%s)", total / 1e6, Md.signedPct(totalErr)), cells.get(0),
                    cells.get(1), cells.get(2), cells.get(3), met ? "yes" : "no");
            checks.add(new Check(id(), "controller-assisted, " + runs.get(i),
                    "each sender within 10 % of its share, total within 5 % of eta x C",
                    Md.num("worst sender %.1f %%, total %s", 100 * worst, Md.signedPct(totalErr)), met, met ? ""
                    : "the loop acts once per polling period while an AIMD sender reacts every RTT; see"
                    + " docs/controller-assisted-mode.md"));
        }
        md.append(t).append('\n');
        for (String run : runs) {
            md.append(Md.image(id() + "/" + run + ".png", id() + "/" + run + ".png")).append('\n');
        }
        return new ExperimentResult(id(), title(), md.toString(), checks, (System.nanoTime() - t0) / 1e9);
    }
}
