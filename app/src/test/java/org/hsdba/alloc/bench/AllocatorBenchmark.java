package org.hsdba.alloc.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;

/**
 * Benchmark (not a test): times the exact allocator on trees of 10^3 .. 10^6 nodes and prints
 * the median of several runs, plus admission time, to stdout and target/bench/allocator.txt.
 *
 * <p>Run from the app module after {@code mvn -pl app -am test-compile}:
 * {@code java -cp target/classes:target/test-classes:<jackson jars> org.hsdba.alloc.bench.AllocatorBenchmark [runs [nodes...]]}
 */
public final class AllocatorBenchmark {

    private static final int[] SIZES = {1_000, 10_000, 100_000, 1_000_000};
    private static final int LEVELS = 3;
    private static final long SEED = 42;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private AllocatorBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 11;
        // further arguments: the tree sizes (scripts/bench.sh --quick runs small ones)
        int[] sizes = args.length > 1 ? java.util.Arrays.stream(args).skip(1).mapToInt(Integer::parseInt).toArray() : SIZES;
        List<String> lines = new ArrayList<>();
        lines.add("# Exact allocator benchmark: median of " + runs + " timed runs after 5 warm-up runs, one thread");
        lines.add("# Trees: " + LEVELS + " levels, uniform fan-out ceil(n^(1/3)), weights 1..4, every 4th node has a peak rate;");
        lines.add("# demands: each leaf active with probability 1/2, uniform in [0, 2 * C / leaves), C = 10 Gb/s, eta 0.95; seed " + SEED);
        lines.add("# JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs visible");
        lines.add("# alloc_*: Allocator.allocate wall time (median, min) and thread CPU time (median; robust on a shared"
                + " machine); admit: Admission.admit wall time");
        lines.add(String.format(Locale.ROOT, "%10s %10s %14s %14s %14s %14s", "nodes", "leaves", "alloc_ms_med", "alloc_ms_min",
                "alloc_cpu_med", "admit_ms_med"));
        print(lines);
        for (int n : sizes) {
            BandwidthTree tree = build(n, new SplittableRandom(SEED));
            double[] admitMs = new double[Math.max(3, runs / 3)];
            ResolvedTree resolved = null;
            for (int r = 0; r < admitMs.length; r++) {
                long t0 = System.nanoTime();
                resolved = Admission.admit(tree);
                admitMs[r] = (System.nanoTime() - t0) / 1e6;
            }
            double[] demand = demands(tree, new SplittableRandom(SEED + 1));
            double checksum = 0;
            for (int w = 0; w < 5; w++) {
                checksum += Allocator.allocate(resolved, demand).totalAllocation();
            }
            double[] ms = new double[runs];
            double[] cpuMs = new double[runs];
            for (int r = 0; r < runs; r++) {
                long c0 = CPU.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                Allocation a = Allocator.allocate(resolved, demand);
                ms[r] = (System.nanoTime() - t0) / 1e6;
                cpuMs[r] = (CPU.getCurrentThreadCpuTime() - c0) / 1e6;
                checksum += a.totalAllocation();
            }
            int leaves = 0;
            for (int i = 0; i < tree.size(); i++) {
                leaves += tree.isLeaf(i) ? 1 : 0;
            }
            String line = String.format(Locale.ROOT, "%10d %10d %14.3f %14.3f %14.3f %14.3f", tree.size(), leaves, median(ms),
                    Arrays.stream(ms).min().getAsDouble(), median(cpuMs), median(admitMs));
            lines.add(line);
            System.out.println(line + (checksum > 0 ? "" : " (no allocation?)"));
        }
        Path out = Paths.get("target", "bench", "allocator.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines, StandardCharsets.UTF_8);
        System.out.println("# written to " + out.toAbsolutePath());
    }

    private static void print(List<String> lines) {
        lines.forEach(System.out::println);
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** A tree of exactly n nodes, breadth-first with uniform fan-out, keys by sibling index. */
    static BandwidthTree build(int n, SplittableRandom rnd) {
        int fanOut = (int) Math.ceil(Math.cbrt(n));
        List<LevelSpec> levels = new ArrayList<>();
        for (int d = 0; d < LEVELS; d++) {
            // one 32-bit field per level: a child's key then always lies inside its parent's
            levels.add(LevelSpec.of("level" + (d + 1), FieldSpec.of(176 + 32 * d, 32)));
        }
        BandwidthTree.Builder b = BandwidthTree.builder(PortRef.of("pof:bench", 1)).capacity(Rate.parse("10G"))
                .eta(0.95).levels(levels);
        List<String> frontier = new ArrayList<>();
        frontier.add(null);
        int count = 0;
        for (int depth = 1; depth <= LEVELS && count < n; depth++) {
            List<String> next = new ArrayList<>();
            for (String parent : frontier) {
                for (int k = 0; k < fanOut && count < n; k++) {
                    String id = "n" + count++;
                    NodeSpec.Builder node = NodeSpec.builder(id).parent(parent)
                            .key(MatchKey.exact(32, new byte[] {(byte) (k >>> 24), (byte) (k >>> 16), (byte) (k >>> 8), (byte) k}))
                            .weight(1.0 + rnd.nextInt(4));
                    if (count % 4 == 0) {
                        node.peak(Rate.ofBps(1_000_000 + (long) (rnd.nextDouble() * 5e9)));
                    }
                    b.addNode(node.build());
                    next.add(id);
                }
            }
            frontier = next;
        }
        return b.build();
    }

    private static double[] demands(BandwidthTree t, SplittableRandom rnd) {
        int leaves = 0;
        for (int i = 0; i < t.size(); i++) {
            leaves += t.isLeaf(i) ? 1 : 0;
        }
        double[] d = new double[t.size()];
        for (int i = 0; i < t.size(); i++) {
            if (t.isLeaf(i) && rnd.nextBoolean()) {
                d[i] = rnd.nextDouble() * 2 * 10e9 / leaves;
            }
        }
        return d;
    }
}
