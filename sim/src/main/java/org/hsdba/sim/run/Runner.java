package org.hsdba.sim.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.hsdba.model.Estimator;
import org.hsdba.sim.baseline.DwrrLink;
import org.hsdba.sim.baseline.ForwardAll;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.NodeStateProbe;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.PacketObserver;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.ProgressReporter;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.link.FifoLink;
import org.hsdba.sim.link.LinkModel;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.plot.Plots;
import org.hsdba.sim.plot.RateCharts;
import org.hsdba.sim.record.RunFiles;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.FieldWrite;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Runs a {@link RunSpec}: picks the processor and link model for its mode (baselines here,
 * switch modes from the {@link ProcessorFactory}), runs the simulation with the exact allocator
 * as oracle, and optionally writes the recorded files and the rate plots. Every parameter the
 * run used is stated in the outputs.
 */
public final class Runner {

    /** At most this many leaves go into one chart, so it stays readable. */
    public static final int MAX_CHART_SERIES = 10;

    private Runner() {
    }

    /** Runs and returns the measurements. {@code factory} may be null for the baseline modes. */
    public static RunResult run(RunSpec spec, ProcessorFactory factory, ProgressReporter progress) {
        return run(spec, factory, progress, null);
    }

    /**
     * As {@link #run(RunSpec, ProcessorFactory, ProgressReporter)}, with a packet observer made for
     * the run's processor (e.g. one that reads the switch's state after every packet); null: none.
     */
    public static RunResult run(RunSpec spec, ProcessorFactory factory, ProgressReporter progress,
                                Function<PacketProcessor, PacketObserver> observer) {
        TreeBinding binding = spec.binding();
        NodeTree tree = binding.nodeTree();
        PacketProcessor processor;
        LinkModel link;
        String processorName;
        String linkName;
        if (spec.mode() == Mode.FIFO || spec.mode() == Mode.DWRR) {
            processor = new ForwardAll(spec.outPort());
            processorName = "forward-all (no per-flow control)";
        } else {
            if (factory == null || !factory.supports(spec.mode())) {
                throw new IllegalArgumentException("run " + spec.name() + ": mode " + spec.mode().cliName()
                        + " needs a switch program" + (factory == null ? ", and no processor factory was given"
                        : ", which " + factory.name() + " does not provide"));
            }
            processor = factory.create(binding, spec.mode(), spec.runtime(), spec.inPort(), spec.seed());
            processorName = factory.name();
        }
        if (spec.mode() == Mode.DWRR) {
            link = DwrrLink.forLeaves(tree, binding.capacityBps(), spec.bufferBytes(), spec.dwrrQuantumBytes());
            linkName = "dwrr (one queue per leaf, shared buffer, per-queue limit buffer/leaves)";
        } else {
            link = new FifoLink(binding.capacityBps(), spec.bufferBytes());
            linkName = "fifo tail-drop";
        }
        List<List<FieldWrite>> fields = new ArrayList<>();
        for (TrafficSource s : spec.sources()) {
            fields.add(binding.fieldsFor(s.leafId()));
        }
        Simulation.Builder b = Simulation.builder().sources(spec.sources()).fields(fields).tree(tree)
                .processor(processor).link(link).oracle(binding.oracle()).seed(spec.seed())
                .durationNs(spec.durationNs()).binNs(spec.binNs()).inPort(spec.inPort()).outPort(spec.outPort())
                .progress(progress);
        if (processor instanceof NodeStateProbe) {
            b.stateProbe((NodeStateProbe) processor);
        }
        if (observer != null) {
            b.observer(observer.apply(processor));
        }
        describe(b, spec, processorName, linkName);
        return b.build().run();
    }

    private static void describe(Simulation.Builder b, RunSpec spec, String processorName, String linkName) {
        TreeBinding binding = spec.binding();
        Estimator est = spec.runtime().estimator().forCapacity(binding.capacityBps());
        b.parameter("run", spec.name());
        if (spec.description() != null) {
            b.parameter("description", spec.description());
        }
        b                .parameter("mode", spec.mode().cliName())
                .parameter("processor", processorName)
                .parameter("output_link", linkName)
                .parameter("capacity_bps", Math.round(binding.capacityBps()))
                .parameter("eta", binding.tree().eta())
                .parameter("buffer_bytes", spec.bufferBytes())
                .parameter("seed", spec.seed())
                .parameter("in_port", spec.inPort())
                .parameter("out_port", spec.outPort());
        if (spec.mode() == Mode.DWRR) {
            b.parameter("dwrr_quantum_bytes", spec.dwrrQuantumBytes());
        }
        if (spec.mode().needsSwitchProgram()) {
            b.parameter("estimator", est.kind().jsonName())
                    .parameter("estimator_period_s", est.period().toNanos() / 1e9)
                    .parameter("estimator_period_rule", spec.runtime().estimator().derived()
                            ? "derived from C: " + Estimator.AUTO_MTU_FRAMES + " MTU frames at C, clamped to 1 ms .. 1 s"
                            : "set")
                    .parameter("idle_timeout_s", spec.runtime().idleTimeout().toNanos() / 1e9);
        }
        if (spec.mode() == Mode.IN_SWITCH) {
            // the run-time parameters' hold (literal runs without one); a named variant of the processor may set its own
            b.parameter("responsive_hold_s", spec.runtime().responsiveHold().toNanos() / 1e9);
        }
        b.parameter("frame_bytes", "Ethernet frame without FCS; rates count frame bytes only");
        for (TrafficSource s : spec.sources()) {
            b.parameter("source " + s.id(), describe(s));
        }
    }

    static String describe(TrafficSource s) {
        StringBuilder sb = new StringBuilder();
        sb.append("leaf ").append(s.leafId()).append(", ")
                .append(String.format(Locale.ROOT, "%.6g", s.rateBps())).append(" b/s ")
                .append(s.process()).append(", ").append(s.sizes()).append(", active");
        for (ActiveInterval i : s.intervals()) {
            sb.append(' ').append(i);
        }
        return sb.toString();
    }

    /** Runs, then writes the four record files and the rate plots into {@code dir}. */
    public static Outcome runAndWrite(RunSpec spec, ProcessorFactory factory, Path dir, ProgressReporter progress)
            throws IOException {
        RunResult r = run(spec, factory, progress);
        RunSummary summary = RunFiles.write(r, spec.settleNs(), dir, spec.name(), spec.title());
        List<Path> plots = new ArrayList<>();
        NodeTree tree = r.tree();
        List<String> leaves = new ArrayList<>();
        List<String> top = new ArrayList<>();
        for (int n = 1; n < tree.size(); n++) {
            if (tree.isLeaf(n) && leaves.size() < MAX_CHART_SERIES) {
                leaves.add(tree.id(n));
            }
            if (tree.parent(n) == 0 && !tree.isLeaf(n) && top.size() < MAX_CHART_SERIES - 1) {
                top.add(tree.id(n));
            }
        }
        String what = spec.title() + " (" + spec.mode().cliName() + ")";
        if (!leaves.isEmpty()) {
            Plots.writeBoth(RateCharts.of(r, leaves, what + ": leaves"), dir, spec.name() + "-leaves");
            plots.add(dir.resolve(spec.name() + "-leaves.png"));
        }
        if (!top.isEmpty()) {
            top.add(tree.id(0));
            Plots.writeBoth(RateCharts.of(r, top, what + ": first level"), dir, spec.name() + "-top");
            plots.add(dir.resolve(spec.name() + "-top.png"));
        }
        return new Outcome(r, summary, plots);
    }

    /** A finished run with its summary and the PNG plots written (each has an SVG twin). */
    public static final class Outcome {
        private final RunResult result;
        private final RunSummary summary;
        private final List<Path> plots;

        Outcome(RunResult result, RunSummary summary, List<Path> plots) {
            this.result = result;
            this.summary = summary;
            this.plots = List.copyOf(plots);
        }

        public RunResult result() {
            return result;
        }

        public RunSummary summary() {
            return summary;
        }

        public List<Path> plots() {
            return plots;
        }
    }
}
