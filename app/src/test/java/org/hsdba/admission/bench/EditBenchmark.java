package org.hsdba.admission.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.IntFunction;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.InMemoryHsdbaStore;

/**
 * Benchmark (not a test): the cost of one admitted edit on trees of 10^3, 10^4 and 10^5 nodes
 * (subnets x hosts, weights only, like the REST benchmark), per edit kind and per layer: the
 * structural edit alone ({@code TreeEdit.applyTo}), the full admission check of the result
 * ({@code Admission.check}), the admitted edit checking the whole result ({@code Admission.apply}
 * of a tree) and incrementally ({@code Admission.apply} of a resolved tree), and the service's
 * edit ({@code HsdbaManager.edit} on an in-memory store, no switches). Prints the median and 90th
 * percentile over many edits and writes them to {@code target/bench/edit.txt}.
 *
 * <p>Run from the app module after {@code mvn -q -pl app -am test-compile}:
 * {@code mvn -q -pl app exec:java -Dexec.classpathScope=test -Dexec.mainClass=org.hsdba.admission.bench.EditBenchmark}
 * (optional arguments: at most this many edits per case, default 200; then the tree sizes, default
 * 1000 10000 100000).
 */
public final class EditBenchmark {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 1);
    private static final int[] SIZES = {1_000, 10_000, 100_000};

    private EditBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int maxEdits = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int[] sizes = args.length > 1 ? Arrays.stream(args).skip(1).mapToInt(Integer::parseInt).toArray() : SIZES;
        List<String> out = new ArrayList<>();
        out.add("# Edit benchmark: min(" + maxEdits + ", 3e6 / nodes) edits per case after as many warm-up edits;"
                + " median / p90 in ms;"
                + " JVM " + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors()
                + " CPUs visible");
        out.add("# trees: sqrt(n) subnets (IPv4 destination /20) of sqrt(n) hosts (IPv4 source /32) under the port,"
                + " weights only (weighted mode)");
        out.add("# applyTo: the structural edit; check(full): applyTo + Admission.check of the result;"
                + " apply(tree): Admission.apply(BandwidthTree, edit), the whole result checked;"
                + " apply(resolved): Admission.apply(ResolvedTree, edit), incremental, result admitted;"
                + " manager: HsdbaManager.edit (in-memory store, no switches)");
        out.add(String.format(Locale.ROOT, "%-8s %-22s %18s %18s %18s %18s %18s", "nodes", "edit", "applyTo",
                "check(full)", "apply(tree)", "apply(resolved)", "manager"));
        print(out);
        for (int n : sizes) {
            int edits = Math.min(maxEdits, 3_000_000 / n);
            int side = (int) Math.round(Math.sqrt(n));
            BandwidthTree tree = tree(side);
            ResolvedTree admitted = Admission.admit(tree);
            List<Case> cases = List.of(
                    new Case("update peak of a host", i -> TreeEdit.update(tree.get(host(side, i)).toBuilder()
                            .peak(Rate.ofBps(1_000_000_000L * (1 + i % 9))).build())),
                    new Case("add a host", i -> TreeEdit.add(hostNode(side, "x" + i, i % side, side + 1 + i / side))),
                    new Case("delete a host", i -> TreeEdit.deleteSubtree(host(side, i))),
                    new Case("move a host", i -> TreeEdit.move(host(side, i), "s" + ((i + 1) % side))));
            for (Case c : cases) {
                String line = String.format(Locale.ROOT, "%-8d %-22s %18s %18s %18s %18s %18s", tree.size(), c.name,
                        time(edits, i -> c.edit.apply(i).applyTo(tree)),
                        time(edits, checkOf(tree, c)),
                        time(edits, i -> Admission.apply(tree, c.edit.apply(i))),
                        time(edits, i -> Admission.apply(admitted, c.edit.apply(i))),
                        managerTime(tree, c, edits));
                out.add(line);
                print(List.of(line));
            }
        }
        Path file = Path.of("target", "bench", "edit.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, out);
        System.out.println("written to " + file.toAbsolutePath());
        System.exit(0);
    }

    private static void print(List<String> lines) {
        lines.forEach(System.out::println);
    }

    /** Full check of pre-built edited trees (the edit itself is not timed). */
    private static IntFunction<Object> checkOf(BandwidthTree tree, Case c) {
        return i -> Admission.check(c.edit.apply(i).applyTo(tree));
    }

    /** Median and p90 of {@code edits} calls, after as many warm-up calls. */
    private static String time(int edits, IntFunction<Object> op) {
        Object sink = null;
        for (int i = 0; i < edits; i++) {
            sink = op.apply(i);
        }
        long[] ns = new long[edits];
        for (int i = 0; i < edits; i++) {
            long t0 = System.nanoTime();
            sink = op.apply(i);
            ns[i] = System.nanoTime() - t0;
        }
        if (sink == null) {
            throw new IllegalStateException("no result");
        }
        return stats(ns);
    }

    /** The edits applied one after the other to a manager whose store starts with the tree. */
    private static String managerTime(BandwidthTree tree, Case c, int edits) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        ProgramCompiler none = (trees, sw, mode, parameters) -> {
            throw new IllegalStateException("no switch is connected in the benchmark");
        };
        InMemoryHsdbaStore store = new InMemoryHsdbaStore();
        HsdbaManager manager = new HsdbaManager(store, new NoSwitches(), none, scheduler, TimeSource.SYSTEM,
                Mastership.ALWAYS);
        manager.start();
        try {
            manager.putTree(tree, OptionalLong.empty());
            long[] ns = new long[edits];
            for (int k = 0; k < 2 * edits; k++) {
                TreeEdit e = c.edit.apply(k); // warm-up edits first, each edit touching another host
                long t0 = System.nanoTime();
                manager.edit(PORT, e, OptionalLong.empty());
                ns[k % edits] = System.nanoTime() - t0;
            }
            return stats(ns);
        } finally {
            manager.stop();
            scheduler.shutdownNow();
        }
    }

    private static String stats(long[] ns) {
        long[] sorted = ns.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%8.3f / %7.3f", sorted[sorted.length / 2] / 1e6,
                sorted[(int) Math.ceil(0.9 * sorted.length) - 1] / 1e6);
    }

    private static String host(int side, int i) {
        return "h" + (i % side) + "_" + (i / side % side);
    }

    /** {@code side} subnets (10/8 with 12 bits of subnet: /20) of {@code side} hosts each (by source), weight 1. */
    private static BandwidthTree tree(int side) {
        // Hosts match on another field than subnets (IPv4 source, destination): a host moved to another
        // subnet keeps a key that can match there (admission refuses a key outside its parent's).
        BandwidthTree.Builder b = BandwidthTree.builder(PORT).capacity(Rate.parse("100G"))
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 32)), LevelSpec.of("host", FieldSpec.of(208, 32))));
        for (int s = 0; s < side; s++) {
            b.addNode(NodeSpec.builder("s" + s).key(MatchKey.parse(ipv4(10 << 24 | s << 12) + "/20", null, 32))
                    .weight(1.0).build());
            for (int h = 0; h < side; h++) {
                b.addNode(hostNode(side, "h" + s + "_" + h, s, h));
            }
        }
        return b.build();
    }

    private static NodeSpec hostNode(int side, String id, int s, int h) {
        return NodeSpec.builder(id).parent("s" + s).key(MatchKey.parse(ipv4(10 << 24 | s << 12 | h), null, 32))
                .weight(1.0).build();
    }

    private static String ipv4(int a) {
        return (a >>> 24) + "." + (a >>> 16 & 255) + "." + (a >>> 8 & 255) + "." + (a & 255);
    }

    /** A named family of edits, the i-th one touching the i-th host. */
    private static final class Case {
        final String name;
        final IntFunction<TreeEdit> edit;

        Case(String name, IntFunction<TreeEdit> edit) {
            this.name = name;
            this.edit = edit;
        }
    }

    /** A POF adapter with nothing connected. */
    private static final class NoSwitches implements PofSwitchService {
        @Override
        public Collection<PofSwitch> switches() {
            return List.of();
        }

        @Override
        public Optional<PofSwitch> getSwitch(long deviceId) {
            return Optional.empty();
        }

        @Override
        public void addListener(PofSwitchListener listener) {
        }

        @Override
        public void removeListener(PofSwitchListener listener) {
        }
    }
}
