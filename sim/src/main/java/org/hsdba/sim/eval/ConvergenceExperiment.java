package org.hsdba.sim.eval;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.Estimator;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.Phases;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.plot.AxisUnit;
import org.hsdba.sim.plot.Chart;
import org.hsdba.sim.plot.RateCharts;
import org.hsdba.sim.plot.Series;
import org.hsdba.sim.pofswitch.PofSwitchFactory;
import org.hsdba.sim.pofswitch.SwitchProcessor;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Convergence (algorithm section 6) at its stated rates: C = 100 Mb/s, four 100 Mb/s CBR sources
 * of 1024-byte frames, equal weights, eta = 1; source k starts at k * T and stops at (k + 4) * T
 * (T = 0.5 s), so every change adds or removes one flow. After each change, the packets until
 * every active flow's enforced rate stays within 5 % of its new allocation
 * ({@link ConvergenceTracker}). Repeated over seeds for a distribution, for three estimator
 * settings. The paper: HSDBA 25 packets, AHAB 37, HCSFQ 516.
 */
public final class ConvergenceExperiment implements Experiment {

    static final double TOLERANCE = 0.05;
    static final double TARGET_MEDIAN = 20;

    @Override
    public String id() {
        return "convergence";
    }

    @Override
    public String title() {
        return "Convergence";
    }

    /** An estimator and idle timeout to try. */
    static final class Variant {
        final String name;
        final Estimator estimator;
        final Duration idle;

        Variant(String name, Estimator estimator, Duration idle) {
            this.name = name;
            this.estimator = estimator;
            this.idle = idle;
        }

        String label() {
            return estimator.kind().jsonName() + " " + (estimator.kind() == Estimator.Kind.EWMA ? "K = " : "")
                    + Durations.format(estimator.period()) + ", idle timeout " + Durations.format(idle);
        }
    }

    /**
     * The settings tried, all stated: the one the phase experiments use at Gb/s rates, then shorter
     * estimators and the shortest idle timeout the switch has (1 ms) for 100 Mb/s flows, where one
     * 1024-byte frame comes every 82 µs.
     */
    static List<Variant> variants() {
        return List.of(
                new Variant("ewma-10ms", Estimator.ewma(Duration.ofMillis(10)), Duration.ofMillis(100)),
                new Variant("ewma-1ms", Estimator.ewma(Duration.ofMillis(1)), Duration.ofMillis(1)),
                new Variant("ewma-500us", Estimator.ewma(Duration.ofNanos(500_000)), Duration.ofMillis(1)),
                new Variant("window-1ms", Estimator.window(Duration.ofMillis(1)), Duration.ofMillis(1)));
    }

    @Override
    public ExperimentResult run(EvalContext ctx) throws IOException {
        long t0 = System.nanoTime();
        double step = 0.5;
        int seeds = ctx.quick() ? 2 : 10;
        BandwidthTree tree = PaperTrees.singleLevel(100e6, 1.0, 1, 1, 1, 1);
        List<String> leaves = List.of("h1", "h2", "h3", "h4");
        List<TrafficSource> sources = PaperTrees.staggered(leaves, 100e6, step, 4 * step);
        List<Callable<List<ConvergenceTracker.Result>>> tasks = new ArrayList<>();
        for (Variant v : variants()) {
            for (int seed = 1; seed <= seeds; seed++) {
                RuntimeParameters rt = RuntimeParameters.DEFAULTS.withEstimator(v.estimator).withIdleTimeout(v.idle);
                String name = v.name + "-seed" + seed;
                RunSpec spec = RunSpec.builder(name).title("convergence, " + v.label()).tree(TreeBinding.of(tree))
                        .sources(sources).mode(Mode.IN_SWITCH).runtime(rt).durationSeconds(7 * step).binSeconds(0.01)
                        .settleSeconds(0.1).seed(seed).build();
                boolean plot = seed == 1;
                tasks.add(() -> {
                    ConvergenceTracker[] tracker = new ConvergenceTracker[1];
                    RunResult r = ctx.run(id(), spec, new PofSwitchFactory(), processor -> {
                        SwitchProcessor sw = (SwitchProcessor) processor;
                        tracker[0] = new ConvergenceTracker(spec.binding().nodeTree(),
                                Phases.of(spec.sources(), spec.durationNs(), spec.binding().oracle()), sw,
                                id -> sw.programmedSwitch().installedIds().contains(id), TOLERANCE);
                        return tracker[0];
                    });
                    if (plot) {
                        ctx.ratePlot(id(), r, leaves, "convergence, " + v.label() + " (seed 1, 10 ms bins)",
                                "rates-" + v.name);
                    }
                    return tracker[0].results();
                });
            }
        }
        List<List<ConvergenceTracker.Result>> all = ctx.parallel(tasks);
        StringBuilder md = new StringBuilder();
        List<Check> checks = new ArrayList<>();
        md.append(Md.num("Setup: C = 100 Mb/s, eta = 1, four CBR sources of 100 Mb/s (1024-byte frames, gaps"
                + " jittered by ±5 %%), equal weights, one level; source k (0..3) active in [%.3g k, %.3g (k+4)) s,"
                + " so the six changes at %.3g, %.3g, ... s each add or remove one flow (2, 3, 4, 3, 2, 1 flows"
                + " after them). Stated rates, not scaled. %d seeds per setting.%n%n", step, step, step, 2 * step,
                seeds));
        md.append("Measure: after each change, every packet arriving at the switch is followed by a reading of"
                + " the switch's state (entry state words and the parent's fair-share registers) and, for every"
                + " active flow, of the rate its packets are held to: offered rate × min(1, f / R) of the node that"
                + " decides them. The count is the number of packets (all flows, at the switch's input) from the"
                + " change to the last one after which some flow is still more than 5 % off its new max-min"
                + " allocation; the per-flow count divides it by the flows active after the change (a 100 Mb/s flow"
                + " sends one 1024-byte frame every 82 µs). The paper does not say which count it reports (25"
                + " packets for HSDBA, 37 for AHAB, 516 for HCSFQ); we judge the per-flow one and show both.\n\n");
        Md.Table t = new Md.Table("estimator, idle timeout", "changes", "median per flow",
                "p25 / p75 / p90 / max per flow", "median per flow: starts / stops", "median all flows", "median time",
                "not converged", "median <= 20?");
        List<Series> cdf = new ArrayList<>();
        int vi = 0;
        for (Variant v : variants()) {
            List<ConvergenceTracker.Result> rs = new ArrayList<>();
            for (int s = 0; s < seeds; s++) {
                rs.addAll(all.get(vi * seeds + s));
            }
            double[] perFlow = rs.stream().mapToDouble(ConvergenceTracker.Result::packetsPerFlow).sorted().toArray();
            double[] total = rs.stream().mapToDouble(r -> r.packets).sorted().toArray();
            double[] secs = rs.stream().mapToDouble(r -> r.seconds).sorted().toArray();
            long failed = rs.stream().filter(r -> !r.converged).count();
            double median = quantile(perFlow, 0.5);
            double[] starts = rs.stream().filter(r -> r.flows > r.previousFlows)
                    .mapToDouble(ConvergenceTracker.Result::packetsPerFlow).sorted().toArray();
            double[] stops = rs.stream().filter(r -> r.flows < r.previousFlows)
                    .mapToDouble(ConvergenceTracker.Result::packetsPerFlow).sorted().toArray();
            boolean met = median <= TARGET_MEDIAN && failed == 0;
            t.row(v.label(), rs.size(), Md.num("%.1f", median), Md.num("%.1f / %.1f / %.1f / %.1f", quantile(perFlow, 0.25),
                    quantile(perFlow, 0.75), quantile(perFlow, 0.9), perFlow[perFlow.length - 1]),
                    Md.num("%.1f / %.1f", quantile(starts, 0.5), quantile(stops, 0.5)), Md.num("%.0f", quantile(total, 0.5)), Md.time(quantile(secs, 0.5)), failed, met ? "yes" : "no");
            checks.add(new Check(id(), "in-switch, " + v.label(), "median <= 20 packets (paper: 25)",
                    Md.num("median %.1f packets per flow (%.0f all flows, %s), %d of %d changes not converged", median,
                            quantile(total, 0.5), Md.time(quantile(secs, 0.5)), failed, rs.size()), met,
                    met ? "" : limit(v)));
            double[] xs = new double[perFlow.length];
            double[] ys = new double[perFlow.length];
            for (int i = 0; i < perFlow.length; i++) {
                xs[i] = perFlow[i];
                ys[i] = (i + 1.0) / perFlow.length;
            }
            cdf.add(new Series(v.label(), RateCharts.PALETTE.get(vi % RateCharts.PALETTE.size()), false, xs, ys, true));
            vi++;
        }
        md.append(t).append('\n');
        md.append("What bounds it: a flow that starts is unknown to the switch until its estimate is up (EWMA: about"
                + " 3 K from zero, the flow passing unhindered meanwhile; window: until its first window closes, and"
                + " that first window counts one packet too many, +8 % at 12 packets, so the second one is needed);"
                + " a flow that stops keeps its weight until its entry's idle timeout, whose granularity in the switch"
                + " is 1 ms, about 12 packets of a 100 Mb/s flow. HSDBA's fair share itself is exact after every"
                + " packet (no iteration), which is why it beats AHAB's and HCSFQ's figures once the estimator is"
                + " short enough for the rate.\n\n");
        md.append("Per change (all seeds), the distribution:\n\n");
        String cdfPlot = ctx.plot(id(), new Chart("convergence: packets per flow until every flow stays within 5 %",
                "packets per flow after the change", "changes converged", new AxisUnit("%", 0.01), cdf, null),
                "cdf");
        md.append(Md.image(cdfPlot, "CDF of packets to converge")).append('\n');
        for (Variant v : variants()) {
            md.append(Md.image(id() + "/rates-" + v.name + ".png", "rates, " + v.label())).append('\n');
        }
        return new ExperimentResult(id(), title(), md.toString(), checks, (System.nanoTime() - t0) / 1e9);
    }

    private static String limit(Variant v) {
        if (v.estimator.kind() == Estimator.Kind.EWMA) {
            return "a new flow's EWMA estimate starts from 0 and needs about 3 K to come within 5 % of its rate"
                    + " (the flow passes unhindered meanwhile); a stopped flow's weight stays until the idle timeout";
        }
        return "a new flow's rate is unknown until its first window closes; a stopped flow's weight stays until the"
                + " idle timeout";
    }

    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
