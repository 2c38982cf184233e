package org.hsdba.sim.eval;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.hsdba.sim.engine.PacketObserver;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.engine.ProgressReporter;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.plot.Chart;
import org.hsdba.sim.plot.Plots;
import org.hsdba.sim.plot.RateCharts;
import org.hsdba.sim.pofswitch.PofSwitchFactory;
import org.hsdba.sim.record.JsonWriter;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.run.ProcessorFactory;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.run.Runner;
import org.hsdba.sim.traffic.WallClock;

/**
 * What an experiment runs in: the report directory (plots and summaries go into
 * {@code <dir>/<experiment id>/}), the quick flag (shorter runs for the tests) and a log to
 * standard error whose lines carry the experiment's name, so parallel experiments stay readable.
 */
public final class EvalContext {

    private final Path dir;
    private final boolean quick;
    private final PrintStream log;
    private final int threads;
    private final java.time.Duration responsiveHold;
    private final String holdRuleName;
    private final java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> holdRule;
    private final AlgorithmRule algorithmRule;

    /** @param threads runs done at the same time (each run is single-threaded and seeded, so results do not depend on it) */
    public EvalContext(Path dir, boolean quick, PrintStream log, int threads) {
        this.dir = Objects.requireNonNull(dir, "report directory");
        this.quick = quick;
        this.log = Objects.requireNonNull(log, "log");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.responsiveHold = null;
        this.holdRuleName = "";
        this.holdRule = null;
        this.algorithmRule = null;
    }

    private EvalContext(EvalContext c, java.time.Duration responsiveHold, String holdRuleName,
                        java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> holdRule) {
        this(c, responsiveHold, holdRuleName, holdRule, c.algorithmRule);
    }

    private EvalContext(EvalContext c, java.time.Duration responsiveHold, String holdRuleName,
                        java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> holdRule,
                        AlgorithmRule algorithmRule) {
        this.dir = c.dir;
        this.quick = c.quick;
        this.log = c.log;
        this.threads = c.threads;
        this.responsiveHold = responsiveHold;
        this.holdRuleName = holdRuleName;
        this.holdRule = holdRule;
        this.algorithmRule = algorithmRule;
    }

    /** An algorithm option under evaluation: its name and the change. */
    private static final class AlgorithmRule {
        final String name;
        final java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> change;

        AlgorithmRule(String name, java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> change) {
            this.name = Objects.requireNonNull(name, "rule name");
            this.change = Objects.requireNonNull(change, "rule");
        }
    }

    /**
     * The same context with the algorithm options changed by {@code change} in every HSDBA run (the
     * compiled program and the kernel), an experiment's named variants included, as a changed
     * default would be, after the responsive hold (e.g. {@code --no-fall-restart}).
     */
    public EvalContext withAlgorithmRule(String name, java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> change) {
        return new EvalContext(this, responsiveHold, holdRuleName, holdRule, new AlgorithmRule(name, change));
    }

    /**
     * The same context with a kernel-only hold rule ({@code KernelOptions.holdClaim},
     * {@code holdGapFactor}) applied on top of the responsive hold (where a run has one): every run of the compiled
     * program that is neither a named variant, nor a joins run (the kernel has no controller), nor a
     * run with a packet observer (it reads the switch's state) runs
     * the reference kernel instead, with the same options plus {@code rule}, since the compiled
     * program does not implement the rule. {@code name} labels the runs.
     */
    public EvalContext withKernelHoldRule(String name, java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> rule) {
        return new EvalContext(this, responsiveHold, Objects.requireNonNull(name, "rule name"),
                Objects.requireNonNull(rule, "rule"));
    }

    /**
     * The same context with the responsive hold set to {@code h} (zero: off) in every in-switch run
     * of the compiled program and of the kernel, whatever its run-time parameters say, but an
     * experiment's named variants, which run as labelled. Without it the runs take their run-time
     * parameters' hold: 2 s ({@code RuntimeParameters.DEFAULTS}) unless an experiment sets another.
     */
    public EvalContext withResponsiveHold(java.time.Duration h) {
        Objects.requireNonNull(h, "responsive hold");
        if (h.isNegative()) {
            throw new IllegalArgumentException("the responsive hold must be zero (off) or positive, not " + h);
        }
        return new EvalContext(this, h, holdRuleName, holdRule);
    }

    /** The responsive hold set for the runs ({@link #withResponsiveHold}), empty: each run's own (2 s by default). */
    public java.util.Optional<java.time.Duration> responsiveHold() {
        return java.util.Optional.ofNullable(responsiveHold);
    }

    /**
     * The responsive hold an in-switch run with the run-time parameters {@code runtime}, on a factory
     * that is not a named variant, gets: the one set here ({@link #withResponsiveHold}), else theirs.
     */
    public java.time.Duration holdOf(org.hsdba.model.RuntimeParameters runtime) {
        return responsiveHold != null ? responsiveHold : runtime.responsiveHold();
    }

    /** Runs the tasks, up to {@code threads} at a time, and returns their results in order. */
    public <T> List<T> parallel(List<Callable<T>> tasks) throws IOException {
        if (threads == 1 || tasks.size() <= 1) {
            List<T> out = new ArrayList<>();
            for (Callable<T> t : tasks) {
                out.add(call(t));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks.size()));
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> t : tasks) {
                futures.add(pool.submit(t));
            }
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    throw rethrow(e.getCause());
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> T call(Callable<T> t) throws IOException {
        try {
            return t.call();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private static IOException rethrow(Throwable cause) {
        if (cause instanceof IOException) {
            return (IOException) cause;
        }
        if (cause instanceof RuntimeException) {
            throw (RuntimeException) cause;
        }
        if (cause instanceof Error) {
            throw (Error) cause;
        }
        return new IOException(cause);
    }

    /** The report's directory (README.md lives here). */
    public Path dir() {
        return dir;
    }

    /** Quick mode: shorter runs (tests); the figures are noisier and say so. */
    public boolean quick() {
        return quick;
    }

    /** The directory of one experiment's files, created. */
    public Path dirOf(String experimentId) throws IOException {
        Path d = dir.resolve(experimentId);
        Files.createDirectories(d);
        return d;
    }

    /** One progress line, prefixed with {@code [who]}. */
    public void log(String who, String message) {
        synchronized (log) {
            log.println("[" + who + "] " + message);
            log.flush();
        }
    }

    /** A progress reporter for one run, every 10 s of wall time, lines prefixed with {@code [who]}. */
    public ProgressReporter progress(String who) {
        return new ProgressReporter(new PrintStream(new Prefixed(who), true, StandardCharsets.UTF_8), 10.0,
                WallClock.system());
    }

    /** Runs {@code spec}, logging its start and wall time. */
    public RunResult run(String experimentId, RunSpec spec, ProcessorFactory factory) {
        return run(experimentId, spec, factory, null);
    }

    /** Runs {@code spec} with a packet observer made for its processor (null: none). */
    public RunResult run(String experimentId, RunSpec spec, ProcessorFactory factory,
                         Function<PacketProcessor, PacketObserver> observer) {
        String who = experimentId + "/" + spec.name();
        // An experiment's named variants (its diagnosis, its own "hold off" row) are comparisons it
        // labels itself: they run as labelled.
        boolean variant = factory instanceof PofSwitchFactory ? ((PofSwitchFactory) factory).isVariant()
                : factory instanceof org.hsdba.sim.reference.ReferenceModelFactory
                && ((org.hsdba.sim.reference.ReferenceModelFactory) factory).isVariant();
        boolean program = factory instanceof PofSwitchFactory
                || factory instanceof org.hsdba.sim.reference.ReferenceModelFactory;
        if (responsiveHold != null && program && !variant) {
            // Both engines take the hold from the run-time parameters, as the switch's program does.
            spec = spec.toBuilder().runtime(spec.runtime().withResponsiveHold(responsiveHold)).build();
        }
        if (holdRule != null && program && !variant) {
            // A run with an observer reads the switch's own state: it stays on the switch.
            if (observer == null && factory instanceof PofSwitchFactory) {
                factory = ((PofSwitchFactory) factory).asKernel().<ProcessorFactory>map(k -> k).orElse(factory);
            }
            if (factory instanceof org.hsdba.sim.reference.ReferenceModelFactory) {
                java.util.function.UnaryOperator<org.hsdba.algorithm.KernelOptions> rule = holdRule;
                factory = ((org.hsdba.sim.reference.ReferenceModelFactory) factory).andThen(holdRuleName,
                        o -> o.responsiveHold().isZero() ? o : rule.apply(o));
            }
        }
        if (algorithmRule != null && factory instanceof PofSwitchFactory) {
            factory = ((PofSwitchFactory) factory).andThen(algorithmRule.name, algorithmRule.change);
        } else if (algorithmRule != null && factory instanceof org.hsdba.sim.reference.ReferenceModelFactory) {
            factory = ((org.hsdba.sim.reference.ReferenceModelFactory) factory).andThen(algorithmRule.name, algorithmRule.change);
        }
        long t0 = System.nanoTime();
        RunResult r = Runner.run(spec, factory, progress(who), observer);
        log(who, String.format(Locale.ROOT, "%d packets, %.1f s simulated, %.1f s wall", r.packets(),
                spec.durationNs() / 1e9, (System.nanoTime() - t0) / 1e9));
        return r;
    }

    /** Writes the run's summary ({@code <name>-summary.json}) into the experiment's directory. */
    public RunSummary writeSummary(String experimentId, RunResult r, long settleNs, String name) throws IOException {
        RunSummary s = RunSummary.of(r, settleNs);
        try (OutputStream o = Files.newOutputStream(dirOf(experimentId).resolve(name + "-summary.json"))) {
            JsonWriter.writeSummary(s, o);
        }
        return s;
    }

    /** Writes a chart as PNG and SVG into the experiment's directory; returns the PNG's path relative to the report. */
    public String plot(String experimentId, Chart chart, String name) throws IOException {
        Plots.writeBoth(chart, dirOf(experimentId), name);
        return experimentId + "/" + name + ".png";
    }

    /** Rate-over-time chart of {@code nodes} (measured solid, oracle dashed); returns its relative PNG path. */
    public String ratePlot(String experimentId, RunResult r, List<String> nodes, String title, String name)
            throws IOException {
        return plot(experimentId, RateCharts.of(r, nodes, title), name);
    }

    /** Prefixes every line written to it and hands it to the shared log in one piece. */
    private final class Prefixed extends OutputStream {
        private final String who;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        Prefixed(String who) {
            this.who = who;
        }

        @Override
        public void write(int b) {
            if (b == '\n') {
                log(who, line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }
    }
}
