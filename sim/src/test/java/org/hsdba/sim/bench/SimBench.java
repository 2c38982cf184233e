package org.hsdba.sim.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.pofswitch.PofSwitchFactory;
import org.hsdba.sim.reference.ReferenceModelFactory;
import org.hsdba.sim.run.ProcessorFactory;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.run.Runner;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * Benchmark (not a test): harness throughput in packets per wall-clock second at the paper's
 * scale, six 3 Gb/s CBR sources of 1024-byte frames into one 10 Gb/s port (the 50-60 s phase of
 * the single-level figure), for each mode; the switch modes on the Java reference kernel and on
 * the compiled program in the reference POF datapath. Prints the figures and writes
 * {@code target/bench/sim.txt}. Surefire skips it (the name does not end in Test); run it with
 * {@code mvn -q -pl sim -am test -Dtest=SimBench -Dsurefire.failIfNoSpecifiedTests=false
 * [-Dsim.bench.seconds=2]}, or call {@link #main} with the seconds as argument.
 */
public final class SimBench {

    /** Entry point for surefire when named explicitly; asserts nothing. */
    @org.junit.Test
    public void run() throws IOException {
        main(new String[] {System.getProperty("sim.bench.seconds", "2")});
    }

    public static void main(String[] args) throws IOException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
        BandwidthTree.Builder t = BandwidthTree.builder(PortRef.of("pof:0000000000000001", 2))
                .capacity(Rate.ofGbps(10)).eta(1.0).levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32))));
        List<TrafficSource> sources = new ArrayList<>();
        for (int k = 1; k <= 6; k++) {
            t.addNode(NodeSpec.builder("u" + k).key(MatchKey.exact(32, new byte[] {10, 0, 0, (byte) k})).weight(1.0)
                    .build());
            sources.add(new TrafficSource("s" + k, "u" + k, 3e9, PacketSizes.fixed(1024), ArrivalProcess.cbr(),
                    List.of(ActiveInterval.seconds(0, seconds))));
        }
        TreeBinding binding = TreeBinding.of(t.build());
        RuntimeParameters runtime = RuntimeParameters.DEFAULTS.withIdleTimeout(Duration.ofMillis(100));
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "sim throughput: 6 x 3 Gb/s CBR, 1024 B frames, C = 10 Gb/s, eta = 1,"
                + " %.1f s simulated, EWMA K = %s, idle timeout 100 ms, buffer 10 ms, bins 100 ms; java %s%n",
                seconds, runtime.estimator().forCapacity(10e9).period(), System.getProperty("java.version")));
        out.append(String.format(Locale.ROOT, "%-12s %-8s %12s %10s %12s %10s %14s %14s%n", "mode", "engine", "packets",
                "wall s", "Mpkt/s", "cpu s", "Mpkt/cpu-s", "leaf mean|err|"));
        Object[][] runs = {{Mode.FIFO, null}, {Mode.DWRR, null}, {Mode.IN_SWITCH, new ReferenceModelFactory()},
            {Mode.LITERAL, new ReferenceModelFactory()}, {Mode.IN_SWITCH, new PofSwitchFactory().interpreted()},
            {Mode.IN_SWITCH, new PofSwitchFactory()}};
        for (Object[] run : runs) {
            Mode mode = (Mode) run[0];
            ProcessorFactory factory = (ProcessorFactory) run[1];
            // switch-i: the reference datapath's interpreter alone; switch: its compiled fast path (the default)
            String engine = factory == null ? "-" : factory instanceof PofSwitchFactory
                    ? (factory.name().contains("interpreter only") ? "switch-i" : "switch") : "kernel";
            RunSpec spec = RunSpec.builder("bench").tree(binding).sources(sources).mode(mode).runtime(runtime)
                    .durationSeconds(seconds).settleSeconds(Math.min(0.5, seconds / 4)).build();
            // One warm-up run on a tenth of the time, then the measured run.
            Runner.run(RunSpec.builder("warm").tree(binding).sources(sources).mode(mode).runtime(runtime)
                    .durationSeconds(seconds / 10).build(), factory, null);
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            long cpuStart = mx.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            RunResult r = Runner.run(spec, factory, null);
            double wall = (System.nanoTime() - start) / 1e9;
            double cpu = (mx.getCurrentThreadCpuTime() - cpuStart) / 1e9; // the run is single-threaded
            RunSummary s = RunSummary.of(r, spec.settleNs());
            out.append(String.format(Locale.ROOT, "%-12s %-8s %12d %10.2f %12.3f %10.2f %14.3f %13.2f%%%n",
                    mode.cliName(), engine, r.packets(), wall, r.packets() / wall / 1e6, cpu, r.packets() / cpu / 1e6,
                    100 * s.meanAbsLeafError(0)));
        }
        System.out.print(out);
        Path file = Path.of("target", "bench", "sim.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, out.toString().getBytes(StandardCharsets.UTF_8));
    }
}
