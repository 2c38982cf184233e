package org.hsdba.pofswitch.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathComparison;
import org.hsdba.pofswitch.datapath.PacketOutcome;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.ProcessResult;

/**
 * Packets per second through the interpreter: the paper's binary-tree case (5 levels of fan-out
 * 2, 32 leaves, leaves 1-12 at 100 Mb/s and 13-32 at 500 Mb/s, 1024-byte packets, C = 10 Gb/s)
 * with the hand-written HSDBA program, and the same packets through a stock 5-table pipeline for
 * comparison. Also prints the measured leaf rates against the exact allocation, and the state
 * sizes. Writes everything to {@code target/bench/interpreter.txt}.
 *
 * <p>What is measured is a running switch: each engine's switch gets the traffic twice, the second
 * time shifted by the simulated duration, and only the second time is measured (its CPU time by
 * tenths printed too). The first time is a fresh switch in a fresh JVM, whose cost is mostly the
 * JIT compiling the path (a generated block starts interpreted), every entry's first hit going
 * through the interpreter, and the program's compilation: printed, not counted. The stock
 * pipeline is measured the same way (its second run).
 *
 * <p>Run from the repository root: {@code mvn -q -pl reference-switch -am compile && java -cp
 * reference-switch/target/classes:pof-codec/target/classes org.hsdba.pofswitch.bench.InterpreterBenchmark}
 */
public final class InterpreterBenchmark {
    private static final int PACKET = 1024;
    private static final long CAPACITY_BPS = 10_000_000_000L;
    private static final double ETA = 0.95;
    private static final long K_NANOS = 2_000_000;
    /** Simulated time, {@code hsdba.bench.seconds} (default 1; scripts/bench.sh --quick runs less). */
    private static final long DURATION = (long) (Double.parseDouble(System.getProperty("hsdba.bench.seconds", "1")) * 1e9);
    /**
     * Packets per {@link Datapath#processBatch} call on the fast path, {@code hsdba.bench.batch}
     * (default 32, what a real port's recvmmsg takes at most); 1 feeds them one at a time through
     * {@link Datapath#processInto}.
     */
    private static final int BATCH = Integer.getInteger("hsdba.bench.batch", 32);

    private InterpreterBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (BATCH < 1 || BATCH > Datapath.MAX_BATCH) {
            throw new IllegalArgumentException("hsdba.bench.batch " + BATCH + " outside [1, " + Datapath.MAX_BATCH + "]");
        }
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        BinaryTreeSetup tree = new BinaryTreeSetup(5, 2, (long) (CAPACITY_BPS * ETA / 8), K_NANOS);
        double[] demand = new double[tree.leaves()];
        for (int i = 0; i < demand.length; i++) {
            demand[i] = (i < 12 ? 100e6 : 500e6) / 8;
        }
        CbrArrivals arrivals = new CbrArrivals(demand, PACKET, DURATION);
        byte[][] frames = new byte[tree.leaves()][];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = tree.frameFor(i, PACKET);
        }
        out.printf(Locale.ROOT, "HSDBA interpreter benchmark%n");
        out.printf(Locale.ROOT, "tree: 5 levels, fan-out 2, %d leaves, equal weights, unlimited peaks%n", tree.leaves());
        out.printf(Locale.ROOT, "C = %.1f Gb/s, eta = %.2f, K = %.1f ms, packets %d B, %.1f s simulated twice on each "
                + "switch (the second time measured), %d packets each, CBR sources starting at 0%n", CAPACITY_BPS / 1e9,
                ETA, K_NANOS / 1e6, PACKET, DURATION / 1e9, arrivals.count());
        out.printf(Locale.ROOT, "demands: leaves 1-12 100 Mb/s, leaves 13-32 500 Mb/s (offered %.1f Gb/s)%n",
                (12 * 100e6 + 20 * 500e6) / 1e9);
        out.printf(Locale.ROOT, "fast path fed %s%n%n", BATCH == 1 ? "one packet at a time (processInto)"
                : "in batches of " + BATCH + " packets (processBatch, as a real port's receive batch)");

        // Each engine runs one switch for two seconds of the same traffic (the second one shifted by
        // DURATION). The first second is a fresh switch's in a fresh JVM: the JIT compiling the path,
        // every entry's first hit, the program's compilation. It is printed but not the figure: a
        // running switch has paid it long ago. The second second is measured.
        Datapath interp = newSwitch(false);
        tree.install(interp, 2, 0);
        long[] interpHalfway = new long[tree.leaves()];
        Measured mi0 = run(interp, arrivals, frames, 0, null, false);
        Measured mi = run(interp, arrivals, frames, DURATION, interpHalfway, false);
        Datapath dp = newSwitch(true);
        tree.install(dp, 2, 0);
        long[] halfway = new long[tree.leaves()];
        Measured mf0 = run(dp, arrivals, frames, 0, null, true);
        Measured mf = run(dp, arrivals, frames, DURATION, halfway, true);
        out.printf(Locale.ROOT, "HSDBA program, interpreter: %,.0f packets/s (%.0f ns/packet), %,.0f packets per CPU "
                + "second, %.1f instructions/packet%n", mi.pps(), mi.nsPerPacket(), mi.ppsCpu(),
                mi.instructionsPerPacket());
        out.printf(Locale.ROOT, "HSDBA program, fast path:   %,.0f packets/s (%.0f ns/packet), %,.0f packets per CPU "
                + "second, %.1f instructions/packet, %.1f bytes allocated/packet, %.2fx the interpreter (CPU)%n",
                mf.pps(), mf.nsPerPacket(), mf.ppsCpu(), mf.instructionsPerPacket(), mf.bytesPerPacket(),
                mf.ppsCpu() / mi.ppsCpu());
        out.printf(Locale.ROOT, "  measured: the switch's second pass of the traffic; CPU ns per packet by tenth of it:"
                + " fast path %s, interpreter %s%n", mf.tenths(), mi.tenths());
        out.printf(Locale.ROOT, "  its first pass (a fresh switch in a fresh JVM: JIT warm-up, first hits; not in the "
                + "figures above): interpreter %,.0f, fast path %,.0f packets per CPU second, %.1f instructions/packet; "
                + "fast path by tenth %s%n", mi0.ppsCpu(), mf0.ppsCpu(), mf0.instructionsPerPacket(), mf0.tenths());
        HsdbaLevelProgram program = new HsdbaLevelProgram(11, 2);
        out.printf(Locale.ROOT, "  block length %d instructions per level (idle hook at %d); fast path compiled %d "
                + "operations, %d left to the interpreter; %d packets handed over to it part-way%n",
                program.instructions().size(), program.idlePc(), dp.fastPathCoverage()[0], dp.fastPathCoverage()[1],
                dp.fastPathHandOvers());
        // the measured runs double as a differential run: same packets, same state expected
        String difference = DatapathComparison.stateDifference(interp, dp);
        if (difference == null && (mi.instructions != mf.instructions || mi0.instructions != mf0.instructions)) {
            difference = "instructions " + mi0.instructions + " + " + mi.instructions + " vs " + mf0.instructions
                    + " + " + mf.instructions;
        }
        if (difference == null && !java.util.Arrays.equals(interpHalfway, halfway)) {
            difference = "leaf bytes at half time differ";
        }
        out.printf(Locale.ROOT, "  differential: %s after %d packets (registers, random stream, entry records, counters)%n",
                difference == null ? "interpreter and fast path identical" : "DIFFERENT: " + difference,
                2L * arrivals.count());

        Measured si = stockPipeline(tree, arrivals, frames, false);
        Measured sf = stockPipeline(tree, arrivals, frames, true);
        out.printf(Locale.ROOT, "stock 5-table GOTO_TABLE pipeline, interpreter: %,.0f packets/s (%.0f ns/packet), "
                + "%,.0f packets per CPU second%n", si.pps(), si.nsPerPacket(), si.ppsCpu());
        out.printf(Locale.ROOT, "stock 5-table GOTO_TABLE pipeline, fast path:   %,.0f packets/s (%.0f ns/packet), "
                + "%,.0f packets per CPU second, %.1f bytes allocated/packet, %.2fx the interpreter (CPU)%n%n",
                sf.pps(), sf.nsPerPacket(), sf.ppsCpu(), sf.bytesPerPacket(), sf.ppsCpu() / si.ppsCpu());

        out.printf(Locale.ROOT, "per-entry state: %d state words allocated = %d bytes (program uses %d words = "
                + "%d bits: R, t_last, S, counted R); plus switch-owned last_hit (8 B), active bit, passed/dropped "
                + "packets and bytes (32 B)%n", dp.config().stateWords(), dp.config().stateWords() * 8,
                HsdbaLevelProgram.STATE_WORDS_USED, HsdbaLevelProgram.STATE_WORDS_USED * 64);
        out.printf(Locale.ROOT, "per-node registers: %d words (5 used: alpha, S_rate, U_weight, B, W_all)%n%n",
                HsdbaLevelProgram.REGS_PER_NODE);

        double[] oracle = tree.oracle(demand);
        out.printf(Locale.ROOT, "leaf rates over [%.2f s, %.2f s] (Mb/s): measured vs exact max-min%n", 1.5 * DURATION / 1e9,
                2 * DURATION / 1e9);
        double sumErr = 0;
        List<HxEntryRecord> leaves = dp.entryRecords(BinaryTreeSetup.tableOf(4));
        double total = 0;
        for (int i = 0; i < tree.leaves(); i++) {
            double measured = (leaves.get(i).passedBytes() - halfway[i]) * 8 / (DURATION / 2e9) / 1e6;
            double exact = oracle[i] * 8 / 1e6;
            total += measured;
            sumErr += Math.abs(measured - exact) / exact;
            out.printf(Locale.ROOT, "  leaf %2d: %7.1f vs %7.1f%n", i + 1, measured, exact);
        }
        out.printf(Locale.ROOT, "mean relative deviation %.2f %%, total %.2f Gb/s of %.2f allocatable%n",
                100 * sumErr / tree.leaves(), total / 1e3, CAPACITY_BPS * ETA / 1e9);
        out.flush();
        System.out.print(text);
        // the module's target/ whether started from the repository root or from the module
        Path module = Files.isDirectory(Paths.get("reference-switch")) ? Paths.get("reference-switch") : Paths.get(".");
        Path file = args.length > 0 ? Paths.get(args[0]) : module.resolve("target/bench/interpreter.txt");
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("written to " + file.toAbsolutePath());
        if (difference != null) {
            throw new IllegalStateException("fast path and interpreter disagree: " + difference);
        }
    }

    private static Datapath newSwitch(boolean fastPath) {
        Datapath dp = new Datapath(DatapathConfig.builder().rngSeed(42).fastPath(fastPath).build());
        dp.enableAllPorts();
        return dp;
    }

    /** One measured run: wall time, instructions, bytes this thread allocated. */
    private static final class Measured {
        final long packets;
        final long nanos;
        final long instructions;
        final long allocated;
        final long cpuNanos;
        /** CPU ns per packet in each tenth of the run (empty where not recorded). */
        final double[] tenths;

        Measured(long packets, long nanos, long cpuNanos, long instructions, long allocated, double[] tenths) {
            this.packets = packets;
            this.nanos = nanos;
            this.cpuNanos = cpuNanos;
            this.instructions = instructions;
            this.allocated = allocated;
            this.tenths = tenths;
        }

        String tenths() {
            StringBuilder b = new StringBuilder();
            for (double t : tenths) {
                b.append(b.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.0f", t));
            }
            return b.length() == 0 ? "-" : b.toString();
        }

        double pps() {
            return packets / (nanos / 1e9);
        }

        /** Packets per second of this thread's CPU time: what a shared, loaded machine disturbs less. */
        double ppsCpu() {
            return packets / (cpuNanos / 1e9);
        }

        double nsPerPacket() {
            return (double) nanos / packets;
        }

        double instructionsPerPacket() {
            return (double) instructions / packets;
        }

        double bytesPerPacket() {
            return allocated < 0 ? Double.NaN : (double) allocated / packets;
        }
    }

    private static long cpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** Bytes allocated by this thread so far (-1 where the JVM cannot tell). */
    private static long allocatedBytes() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        if (mx instanceof com.sun.management.ThreadMXBean) {
            return ((com.sun.management.ThreadMXBean) mx).getThreadAllocatedBytes(Thread.currentThread().getId());
        }
        return -1;
    }

    /**
     * The HSDBA program on the arrivals, shifted by {@code shift} ns (a second second follows the
     * first on the same switch): the interpreter through {@link Datapath#process}, the fast path
     * through {@link Feeder} (batches, or {@link Datapath#processInto}) with reused outcomes. With
     * {@code halfway}, each leaf's passed bytes at half time are recorded into it (outside the CPU
     * times of the tenths and the allocation count).
     */
    private static Measured run(Datapath dp, CbrArrivals arrivals, byte[][] frames, long shift, long[] halfway,
            boolean fastPath) throws Exception {
        Feeder feeder = new Feeder(dp);
        int n = arrivals.count();
        double[] tenths = new double[n >= 10 ? 10 : 0];
        int tenth = 0;
        long instructions = 0;
        boolean taken = halfway == null;
        long harness = 0; // CPU time and bytes of the halfway snapshot: the harness's, not the datapath's
        long harnessAllocation = 0;
        long a0 = allocatedBytes();
        long c0 = cpuNanos();
        long t0 = System.nanoTime();
        long tenthStart = c0;
        for (int i = 0; i < n; i++) {
            long t = arrivals.time(i);
            if (!taken && t >= DURATION / 2) {
                instructions += feeder.flush(); // the packets before half time, then the snapshot
                long before = allocatedBytes();
                long cpuBefore = cpuNanos();
                List<HxEntryRecord> leaves = dp.entryRecords(BinaryTreeSetup.tableOf(4));
                for (int j = 0; j < leaves.size(); j++) {
                    halfway[j] = leaves.get(j).passedBytes();
                }
                taken = true;
                long snapshotCpu = cpuNanos() - cpuBefore;
                harness += snapshotCpu;
                tenthStart += snapshotCpu;
                harnessAllocation = allocatedBytes() - before;
            }
            if (fastPath) {
                instructions += feeder.add(frames[arrivals.source(i)], t + shift);
            } else {
                ProcessResult r = dp.process(frames[arrivals.source(i)], 1, t + shift);
                instructions += r.instructions();
            }
            if (tenth < tenths.length && i + 1 == (long) n * (tenth + 1) / 10) {
                instructions += feeder.flush();
                long now = cpuNanos();
                tenths[tenth] = (double) (now - tenthStart) / (n * (tenth + 1) / 10 - n * tenth / 10);
                tenthStart = now;
                tenth++;
            }
        }
        instructions += feeder.flush();
        long nanos = System.nanoTime() - t0;
        long cpu = cpuNanos() - c0 - harness;
        long allocated = a0 < 0 ? -1 : allocatedBytes() - a0 - harnessAllocation;
        return new Measured(n, nanos, cpu, instructions, allocated, tenths);
    }

    /**
     * Feeds the fast path on port 1: in batches of {@link #BATCH} through {@link Datapath#processBatch},
     * or one at a time. {@link #add} and {@link #flush} return the instructions of the packets they ran.
     */
    private static final class Feeder {
        final Datapath dp;
        final byte[][] frames = new byte[BATCH][];
        final int[] lengths = new int[BATCH];
        final long[] times = new long[BATCH];
        final PacketOutcome[] outs = new PacketOutcome[BATCH];
        int count;

        Feeder(Datapath dp) {
            this.dp = dp;
            for (int i = 0; i < BATCH; i++) {
                outs[i] = new PacketOutcome();
            }
        }

        long add(byte[] frame, long time) {
            if (BATCH == 1) {
                dp.processInto(frame, 1, time, outs[0]);
                return outs[0].instructions();
            }
            frames[count] = frame;
            lengths[count] = frame.length;
            times[count] = time;
            return ++count == BATCH ? flush() : 0;
        }

        long flush() {
            dp.processBatch(frames, lengths, count, 1, times, outs);
            long instructions = 0;
            for (int i = 0; i < count; i++) {
                instructions += outs[i].instructions();
            }
            count = 0;
            return instructions;
        }
    }

    private static Measured stockPipeline(BinaryTreeSetup tree, CbrArrivals arrivals, byte[][] frames,
            boolean fastPath) throws Exception {
        Datapath dp = newSwitch(fastPath);
        for (int level = 0; level < 5; level++) {
            int type = level == 0 ? 0 : 2;
            int tid = level == 0 ? 0 : level - 1;
            Match key = Match.of(0, (14 + level) * 8, 8);
            dp.tableMod(TableMod.builder().xid(level).command(0).table(type, tid).size(1000).keyLengthBits(8)
                    .name("stock" + level).match(key).build());
            for (int i = 0; i < tree.nodes(level); i++) {
                Instruction next = level < 4 ? GotoTable.of(BinaryTreeSetup.tableOf(level + 1), 0)
                        : ApplyActions.of(OutputAction.toPort(2));
                dp.flowMod(FlowMod.builder().xid(100 + i).command(0).table(type, tid).index(i).priority(1)
                        .counterId(0).match(MatchX.exact(key, i)).instruction(next).build());
            }
        }
        Feeder feeder = new Feeder(dp);
        for (int rep = 0; rep < 2; rep++) {
            long a0 = allocatedBytes();
            long c0 = cpuNanos();
            long t0 = System.nanoTime();
            for (int i = 0; i < arrivals.count(); i++) {
                if (fastPath) {
                    feeder.add(frames[arrivals.source(i)], arrivals.time(i));
                } else {
                    dp.process(frames[arrivals.source(i)], 1, arrivals.time(i));
                }
            }
            feeder.flush();
            long nanos = System.nanoTime() - t0;
            if (rep == 1) {
                return new Measured(arrivals.count(), nanos, cpuNanos() - c0, 0,
                        a0 < 0 ? -1 : allocatedBytes() - a0, new double[0]);
            }
        }
        throw new IllegalStateException("unreachable");
    }
}
