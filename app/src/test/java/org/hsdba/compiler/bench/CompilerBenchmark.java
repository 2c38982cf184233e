package org.hsdba.compiler.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.compiler.CompiledDelta;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchCompiler;
import org.hsdba.compiler.SwitchDelta;
import org.hsdba.compiler.SwitchProgram;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchDelta;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.message.PofMessage;

/**
 * Benchmark (not a test): compile time and message count of the in-switch program for trees of
 * 10^3, 10^4 and 10^5 nodes, plus one-node deltas on each, printed and written to
 * target/bench/compiler.txt. Median thread CPU time of several runs after a warm-up; compile
 * includes admission (the compiler admits its input). Encoding to wire bytes is timed apart.
 *
 * <p>Run from the app module after {@code mvn -pl app -am test-compile}:
 * {@code java -cp target/classes:target/test-classes:<pof-codec and jackson jars>
 * org.hsdba.compiler.bench.CompilerBenchmark [runs [nodes...]]}
 */
public final class CompilerBenchmark {

    private static final int[] SIZES = {1_000, 10_000, 100_000};
    private static final int USERS_PER_GROUP = 99;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** Room for 10^5 nodes: the reference switch's tables and register file are smaller (6000 entries, 65536 words). */
    private static final SwitchCapabilities CAPS = SwitchCapabilities.reference().withTableSize(1 << 20)
            .withHx(SwitchCapabilities.Hx.REFERENCE.withRegisterWords(1 << 24));
    private static final CompilerOptions OPTS = CompilerOptions.builder()
            .algorithm(KernelOptions.builder().idleTimeout(Duration.ofSeconds(10)).build()).build();

    private CompilerBenchmark() {
    }

    /** Two levels: n / 100 groups (16-bit key) of 99 users (32-bit key), weights 1..3. */
    static BandwidthTree tree(int n) {
        int groups = n / (USERS_PER_GROUP + 1);
        List<NodeSpec> nodes = new ArrayList<>(n);
        for (int g = 0; g < groups; g++) {
            String gid = "g" + g;
            nodes.add(NodeSpec.builder(gid).key(MatchKey.exact(16, new byte[] {(byte) (g >> 8), (byte) g})).weight(1.0)
                    .build());
            for (int u = 0; u < USERS_PER_GROUP; u++) {
                nodes.add(NodeSpec.builder(gid + "u" + u).parent(gid).key(MatchKey.exact(32,
                        new byte[] {(byte) (g >> 8), (byte) g, 0, (byte) u})).weight(1.0 + u % 3).build());
            }
        }
        return BandwidthTree.builder(PortRef.of("pof:0000000000000001", 1)).capacity(Rate.ofGbps(100)).eta(0.95)
                .levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .nodes(nodes).build();
    }

    private interface Work {
        Object run();
    }

    private static double medianMs(int runs, Work w) {
        w.run();
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = CPU.getCurrentThreadCpuTime();
            w.run();
            ms[i] = (CPU.getCurrentThreadCpuTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[runs / 2];
    }

    /** {@code count} copies of {@link #tree} on ports 1.., picked by destination MAC 02:00:00:00:00:{port}. */
    static List<BandwidthTree> trees(int n, int count) {
        List<BandwidthTree> out = new ArrayList<>();
        BandwidthTree t = tree(n);
        for (int port = 1; port <= count; port++) {
            out.add(BandwidthTree.builder(PortRef.of(t.port().deviceId(), port)).capacity(t.capacity()).eta(t.eta())
                    .levels(t.levels()).nodes(t.nodes()).selector(PortSelector.of(FieldSpec.of(0, 48),
                            MatchKey.exact(48, new byte[] {2, 0, 0, 0, 0, (byte) port}))).build());
        }
        return out;
    }

    /** Three trees on one switch (the reference switch's 8 MM tables hold the dispatch table and 3 x 2 levels). */
    private static void sharedSwitch(int runs, int[] sizes, StringBuilder out) {
        SwitchCapabilities stock = CAPS.withoutHx().withCounterCount(1 << 20);
        out.append("\nseveral trees per switch: 3 trees of n nodes on ports 1..3 picked by destination MAC;"
                + " edit-1: one user added to the tree of port 2\n");
        out.append(String.format(Locale.ROOT, "%8s %12s %9s %12s %12s %12s %14s %12s %12s%n", "n/tree", "compile ms",
                "messages", "edit-1 msgs", "edit-1 ms", "scoped ms", "assisted ms", "join msgs", "join ms"));
        for (int n : java.util.Arrays.stream(sizes).filter(n -> n <= 10_000).toArray()) {
            List<BandwidthTree> trees = trees(n, 3);
            SwitchDelta install = SwitchCompiler.compile(trees, CAPS, OPTS);
            double compileMs = medianMs(runs, () -> SwitchCompiler.compile(trees, CAPS, OPTS));
            AppliedEdit applied = TreeEdit.add(NodeSpec.builder("extra").parent("g0")
                    .key(MatchKey.exact(32, new byte[] {0, 0, 1, 0})).weight(1.0).build()).apply(trees.get(1));
            BandwidthTree edited = applied.after();
            List<BandwidthTree> after = List.of(trees.get(0), edited, trees.get(2));
            SwitchDelta edit = SwitchCompiler.diff(install.program(), after, CAPS, OPTS);
            double editMs = medianMs(runs, () -> SwitchCompiler.diff(install.program(), after, CAPS, OPTS));
            SwitchProgram installed = install.program();
            List<ResolvedTree> resolvedAfter = List.of(installed.resolved(1).orElseThrow(), Admission.admit(edited),
                    installed.resolved(3).orElseThrow());
            Map<Long, AppliedEdit> edits = Map.of(2L, applied);
            double scopedMs = medianMs(runs, () -> SwitchCompiler.diffResolved(installed, resolvedAfter, edits, CAPS,
                    OPTS));
            AssistedSwitchDelta assisted = AssistedSwitchCompiler.compile(trees, stock, OPTS);
            double assistedMs = medianMs(runs, () -> AssistedSwitchCompiler.compile(trees, stock, OPTS));
            AssistedSwitchDelta join = AssistedSwitchCompiler.diff(assisted.program(), after, stock, OPTS);
            double joinMs = medianMs(runs, () -> AssistedSwitchCompiler.diff(assisted.program(), after, stock, OPTS));
            out.append(String.format(Locale.ROOT, "%8d %12.1f %9d %12d %12.1f %12.2f %14.1f %12d %12.1f%n",
                    trees.get(0).size(), compileMs, install.messages().size(), edit.messages().size(), editMs, scopedMs,
                    assistedMs,
                    join.messages().size(), joinMs));
        }
        out.append("assisted ms: the controller-assisted program of the 3 trees; join: its incremental delta for"
                + " the same added user (the loop's thresholds and counters of every other entry go on).\n");
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        // further arguments: the tree sizes (scripts/bench.sh --quick runs small ones)
        int[] sizes = args.length > 1 ? java.util.Arrays.stream(args).skip(1).mapToInt(Integer::parseInt).toArray() : SIZES;
        PofCodec codec = ExtCodec.extendedCodec();
        StringBuilder out = new StringBuilder();
        out.append("HSDBA compiler benchmark: in-switch program (HX extension), median thread CPU time of ").append(runs)
                .append(" runs after one warm-up\n");
        out.append("tree: 2 levels, groups of 99 users, C 100 Gb/s, eta 0.95; caps: ").append(CAPS).append('\n');
        out.append("options: ").append(OPTS).append("\n\n");
        out.append(String.format(Locale.ROOT, "%8s %12s %9s %11s %9s %9s %12s %12s %12s %12s %12s%n", "nodes",
                "compile ms", "messages", "FLOW_MODs", "other", "MB wire", "encode ms", "add-1 msgs", "add-1 ms",
                "scoped ms", "admit ms"));
        for (int n : sizes) {
            BandwidthTree t = tree(n);
            CompiledProgram p = HsdbaCompiler.compile(t, CAPS, OPTS);
            double compileMs = medianMs(runs, () -> HsdbaCompiler.compile(t, CAPS, OPTS));
            long[] bytes = {0};
            double encodeMs = medianMs(runs, () -> {
                bytes[0] = 0;
                for (PofMessage m : p.messages()) {
                    bytes[0] += codec.encode(m).length;
                }
                return bytes[0];
            });
            int flowMods = p.countsByType().getOrDefault("FLOW_MOD", 0);
            TreeEdit add = TreeEdit.add(NodeSpec.builder("extra").parent("g0")
                    .key(MatchKey.exact(32, new byte[] {0, 0, 1, 0})).weight(1.0).build());
            AppliedEdit applied = add.apply(t);
            BandwidthTree t2 = applied.after();
            CompiledDelta d = HsdbaCompiler.diff(t, t2, p.slots(), CAPS, OPTS);
            double diffMs = medianMs(runs, () -> HsdbaCompiler.diff(t, t2, p.slots(), CAPS, OPTS));
            ResolvedTree r = Admission.admit(t);
            ResolvedTree r2 = Admission.admit(t2);
            CompiledDelta scoped = HsdbaCompiler.diff(r, r2, applied, p.slots(), CAPS, OPTS);
            if (!scoped.messages().equals(d.messages())) {
                throw new IllegalStateException("the edit-scoped diff differs from the full one at " + n + " nodes");
            }
            double scopedMs = medianMs(runs, () -> HsdbaCompiler.diff(r, r2, applied, p.slots(), CAPS, OPTS));
            double admitMs = medianMs(runs, () -> Admission.apply(r, add));
            out.append(String.format(Locale.ROOT, "%8d %12.1f %9d %11d %9d %9.1f %12.1f %12d %12.1f %12.2f %12.2f%n",
                    t.size(), compileMs, p.messages().size(), flowMods, p.messages().size() - flowMods, bytes[0] / 1e6,
                    encodeMs, d.messages().size(), diffMs, scopedMs, admitMs));
            System.out.print(out.substring(out.lastIndexOf("\n", out.length() - 2) + 1));
        }
        out.append("\nadd-1: the delta for adding one user under an existing group (message count and diff time,"
                + " which includes admitting both trees). scoped: the same delta from the admitted trees and the"
                + " applied edit (HsdbaCompiler.diff(ResolvedTree, ResolvedTree, AppliedEdit, ...)), what a manager"
                + " keeping the admitted tree pays; admit: the incremental admission of the edit"
                + " (Admission.apply(ResolvedTree, TreeEdit), tree edit included) it pays before.\n");
        sharedSwitch(runs, sizes, out);
        System.out.println();
        System.out.print(out);
        Path file = Paths.get("target", "bench", "compiler.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, out.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("written to " + file.toAbsolutePath());
    }
}
