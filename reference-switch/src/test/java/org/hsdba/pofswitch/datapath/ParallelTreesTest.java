package org.hsdba.pofswitch.datapath;

import static org.hsdba.pof.ext.HxOperand.imm;
import static org.hsdba.pof.ext.HxOperand.meta;
import static org.hsdba.pof.ext.HxOperand.reg;
import static org.hsdba.pof.ext.HxOperand.state;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.bench.BlockAssembler;
import org.junit.Test;

/**
 * Packets of different trees run on several threads at once ({@link Datapath}, {@link Domains}):
 * N trees, each with its own level table, blocks and registers, behind a dispatch table.
 *
 * <ul>
 * <li>One thread per tree: every packet's verdict and every tree's state (registers, entry
 * records, stock counters, outstanding joins, the random stream's position) equal a run of the same
 * frames on one thread.
 * <li>Two threads per tree: the tree's read-modify-write of its registers loses nothing (its
 * domain lets one packet in at a time): counts and the every-third-packet drop rule add up.
 * <li>Meanwhile a control thread rewrites a register pair in one HX_REGISTER_MOD and adds and
 * deletes a dispatch entry (the program is recompiled while packets run); a probe tree drops any
 * packet that sees the pair unequal: none may.
 * <li>The same with the packets fed in batches ({@link Datapath#processBatch}, which keeps a
 * tree's domain from one packet to the next), and two threads each feeding every tree's packets
 * in mixed batches (each lane then moves between domains held by the other).
 * </ul>
 */
public class ParallelTreesTest {
    private static final int TREES = 4;
    private static final int LEAVES = 3;
    /** A leaf index with no entry: its packets ask to join. */
    private static final int UNKNOWN_LEAF = 7;
    private static final int PACKETS_PER_TREE = 20_000;
    private static final int PROBE_KEY = 100;
    private static final int PROBE_BASE = 0;
    private static final int LEAF_DROP = 7;
    private static final int TORN_DROP = 9;
    private static final Match TREE_KEY = Match.of(0, 112, 8);
    private static final Match LEAF_KEY = Match.of(0, 120, 8);

    private static int base(int tree) {
        return 64 * (tree + 1);
    }

    private static int outPort(int tree) {
        return tree + 1;
    }

    private static int probePort() {
        return TREES + 1;
    }

    private static int leafTable(Datapath dp, int tree) {
        return dp.config().tableIds().globalId(2, tree);
    }

    private static Datapath build() throws Exception {
        List<PortConfig> ports = new ArrayList<>();
        for (int p = 1; p <= TREES + 2; p++) {
            ports.add(PortConfig.standard(p));
        }
        Datapath dp = new Datapath(DatapathConfig.builder().extensionEnabled(true).rngSeed(11).ports(ports).build());
        dp.enableAllPorts();
        long xid = 1;
        dp.tableMod(TableMod.builder().xid(xid++).command(0).table(0, 0).size(64).keyLengthBits(8).name("dispatch")
                .match(TREE_KEY).build());
        for (int k = 0; k < TREES; k++) {
            dp.tableMod(TableMod.builder().xid(xid++).command(0).table(2, k).size(64).keyLengthBits(8).name("leaves" + k)
                    .match(LEAF_KEY).build());
            install(dp, xid++, 2 * k, portBlock(leafTable(dp, k)));
            install(dp, xid++, 2 * k + 1, leafBlock(outPort(k)));
            dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(0, 0).index(k).priority(1)
                    .match(MatchX.exact(TREE_KEY, k)).instruction(new HxCallBlock(2 * k, 0, HxCallBlock.words(base(k))))
                    .build());
            for (int leaf = 0; leaf < LEAVES; leaf++) {
                dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(2, k).index(leaf).priority(1).counterId(k + 1)
                        .match(MatchX.exact(LEAF_KEY, leaf))
                        .instruction(new HxCallBlock(2 * k + 1, 0, HxCallBlock.words(base(k)))).build());
            }
        }
        install(dp, xid++, 2 * TREES, probeBlock());
        dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(0, 0).index(TREES).priority(1)
                .match(MatchX.exact(TREE_KEY, PROBE_KEY))
                .instruction(new HxCallBlock(2 * TREES, 0, HxCallBlock.words(PROBE_BASE))).build());
        return dp;
    }

    /** The tree's entry: counts the packet (register and state), draws from the random stream, looks up its leaf (joining on a miss). */
    private static List<Instruction> portBlock(int leafTable) {
        return new BlockAssembler().add(
                HxAlu.of(HxAluOp.ADD, reg(0, 0), reg(0, 0), imm(1)),
                HxAlu.of(HxAluOp.ADD, state(0), state(0), meta(0, 16)),
                HxAlu.mov(meta(416, 64), HxOperand.rand()),
                new HxLookup(leafTable, true, 0, 0x80, 50),
                ApplyActions.of(DropAction.of(1))).build();
    }

    /** A leaf: counts the tree's leaf packets in a register, drops every third, forwards the rest. */
    private static List<Instruction> leafBlock(int port) {
        return new BlockAssembler()
                .add(HxAlu.of(HxAluOp.ADD, reg(1, 0), reg(1, 0), imm(1)),
                        HxAlu.of(HxAluOp.MOD, meta(416, 64), reg(1, 0), imm(3)))
                .branch(HxBranchCond.EQ, meta(416, 64), imm(0), "drop")
                .add(HxAlu.of(HxAluOp.ADD, state(0), state(0), imm(1)), ApplyActions.of(OutputAction.toPort(port)),
                        HxReturn.INSTANCE)
                .label("drop").add(ApplyActions.of(DropAction.of(LEAF_DROP))).build();
    }

    /** Drops a packet that sees the two probe registers unequal (half of one control write). */
    private static List<Instruction> probeBlock() {
        return new BlockAssembler().branch(HxBranchCond.NE, reg(0, 0), reg(1, 0), "torn")
                .add(ApplyActions.of(OutputAction.toPort(probePort())), HxReturn.INSTANCE)
                .label("torn").add(ApplyActions.of(DropAction.of(TORN_DROP))).build();
    }

    private static void install(Datapath dp, long xid, int id, List<Instruction> block) throws Exception {
        List<RawInstruction> raw = new ArrayList<>();
        for (Instruction i : block) {
            raw.add(ExtCodec.compact(i));
        }
        dp.blockMod(HxBlockMod.add(xid, id, HxTypes.NONE_16, true, raw));
    }

    private static byte[] frame(int tree, int leaf, int size) {
        byte[] f = new byte[size];
        f[0] = 0x02;
        f[12] = (byte) 0x88;
        f[13] = (byte) 0xB5;
        f[14] = (byte) tree;
        f[15] = (byte) leaf;
        return f;
    }

    /** Packet {@code i} of a tree: leaves in turn, every 50th to the unknown leaf, sizes varying. */
    private static byte[] packet(int tree, int i) {
        int leaf = i % 50 == 49 ? UNKNOWN_LEAF : i % LEAVES;
        return frame(tree, leaf, 64 + (i * 37 + tree * 11) % 1400);
    }

    private static long time(int tree, int i) {
        return 1_000_000L + i * 10_000L + tree;
    }

    /** What a packet did, without the xids of its messages (those are switch-wide, in arrival order). */
    private static String verdict(PacketOutcome o) {
        StringBuilder s = new StringBuilder().append(o.endReason()).append('/').append(o.dropReasonCode()).append('/');
        for (int i = 0; i < o.outputCount(); i++) {
            s.append(o.outputPort(i)).append(':').append(o.outputLength(i)).append(',');
        }
        s.append('/').append(o.upward().size()).append('/').append(o.hxPathLength());
        return s.toString();
    }

    /** Batch sizes a batched feed cycles through: single packets, odd sizes, the largest. */
    private static final int[] BATCH_SIZES = {1, 7, 32, Datapath.MAX_BATCH, 3};

    @Test(timeout = 300_000)
    public void treesOnTheirOwnThreadsGiveTheSequentialVerdictsAndState() throws Exception {
        treesOnTheirOwnThreads(false);
    }

    @Test(timeout = 300_000)
    public void treesOnTheirOwnThreadsInBatchesGiveTheSequentialVerdictsAndState() throws Exception {
        treesOnTheirOwnThreads(true);
    }

    private void treesOnTheirOwnThreads(boolean batched) throws Exception {
        Datapath seq = build();
        List<List<String>> expected = new ArrayList<>();
        for (int k = 0; k < TREES; k++) {
            expected.add(new ArrayList<>());
        }
        PacketOutcome out = new PacketOutcome();
        for (int i = 0; i < PACKETS_PER_TREE; i++) {
            for (int k = 0; k < TREES; k++) {
                seq.processInto(packet(k, i), 1 + (k + 1) % TREES, time(k, i), out);
                expected.get(k).add(verdict(out));
            }
        }
        assertEquals("trees never share a domain", TREES + 1, build().concurrencyDomains());

        Datapath par = build();
        List<List<String>> actual = new ArrayList<>();
        for (int k = 0; k < TREES; k++) {
            actual.add(new ArrayList<>());
        }
        ControlLoad control = new ControlLoad(par);
        List<Thread> threads = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(TREES + 2);
        for (int k = 0; k < TREES; k++) {
            int tree = k;
            threads.add(thread(failure, () -> {
                start.await();
                Feed feed = new Feed(par, 1 + (tree + 1) % TREES, batched, o -> actual.get(tree).add(verdict(o)));
                for (int i = 0; i < PACKETS_PER_TREE; i++) {
                    feed.add(packet(tree, i), time(tree, i));
                }
                feed.flush();
            }));
        }
        threads.add(thread(failure, () -> {
            start.await();
            control.run(threads.subList(0, TREES));
        }));
        Thread probe = thread(failure, () -> {
            start.await();
            control.probe(threads.subList(0, TREES), batched);
        });
        threads.forEach(Thread::start);
        probe.start();
        for (Thread t : threads) {
            t.join();
        }
        probe.join();
        assertNull("a thread failed: " + failure.get(), failure.get());

        for (int k = 0; k < TREES; k++) {
            for (int i = 0; i < PACKETS_PER_TREE; i++) {
                assertEquals("tree " + k + " packet " + i, expected.get(k).get(i), actual.get(k).get(i));
            }
            assertTreeState(seq, par, k);
        }
        assertEquals("random draws: one per tree packet", seq.hx().rngState(), par.hx().rngState());
        assertEquals("stock counters", counters(seq), counters(par));
        assertEquals("outstanding joins", seq.hx().pendingJoins, par.hx().pendingJoins);
        control.assertNoTornView();
    }

    @Test(timeout = 300_000)
    public void twoThreadsOnOneTreeLoseNoUpdate() throws Exception {
        Datapath dp = build();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong[] forwarded = new AtomicLong[TREES];
        AtomicLong[] leafDrops = new AtomicLong[TREES];
        List<Thread> threads = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(2 * TREES);
        for (int k = 0; k < TREES; k++) {
            forwarded[k] = new AtomicLong();
            leafDrops[k] = new AtomicLong();
            for (int half = 0; half < 2; half++) {
                int tree = k;
                int first = half;
                threads.add(thread(failure, () -> {
                    start.await();
                    PacketOutcome o = new PacketOutcome();
                    for (int i = first; i < PACKETS_PER_TREE; i += 2) {
                        dp.processInto(packet(tree, i), 1 + first, time(tree, i), o);
                        if (o.forwarded()) {
                            forwarded[tree].incrementAndGet();
                        } else if (o.dropReasonCode() == LEAF_DROP) {
                            leafDrops[tree].incrementAndGet();
                        }
                    }
                }));
            }
        }
        runAll(threads, failure);
        assertEveryTreeCounted(dp, forwarded, leafDrops);
    }

    /**
     * Two threads, each feeding half of every tree's packets in mixed batches: a lane keeps a tree's
     * domain between packets and gives it up for the next tree's, which the other lane may hold
     * (a lane holding one domain while waiting for another would deadlock here). Nothing is lost.
     */
    @Test(timeout = 300_000)
    public void twoThreadsFeedingEveryTreeInBatchesLoseNoUpdate() throws Exception {
        Datapath dp = build();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong[] forwarded = new AtomicLong[TREES];
        AtomicLong[] leafDrops = new AtomicLong[TREES];
        for (int k = 0; k < TREES; k++) {
            forwarded[k] = new AtomicLong();
            leafDrops[k] = new AtomicLong();
        }
        List<Thread> threads = new ArrayList<>();
        CyclicBarrier start = new CyclicBarrier(2);
        for (int half = 0; half < 2; half++) {
            int first = half;
            threads.add(thread(failure, () -> {
                start.await();
                int[] treeOf = new int[Datapath.MAX_BATCH];
                int[] next = {0};
                Feed feed = new Feed(dp, 1 + first, true, o -> {
                    int tree = treeOf[next[0]++ % Datapath.MAX_BATCH];
                    if (o.forwarded()) {
                        forwarded[tree].incrementAndGet();
                    } else if (o.dropReasonCode() == LEAF_DROP) {
                        leafDrops[tree].incrementAndGet();
                    }
                });
                int fed = 0;
                for (int i = first; i < PACKETS_PER_TREE; i += 2) {
                    // this thread's half of every tree, trees alternating with runs of 1-3 packets of one tree
                    for (int k = 0; k < TREES; k++) {
                        int tree = (k + i / 2) % TREES;
                        treeOf[fed++ % Datapath.MAX_BATCH] = tree;
                        feed.add(packet(tree, i), time(tree, i));
                    }
                }
                feed.flush();
            }));
        }
        runAll(threads, failure);
        assertEveryTreeCounted(dp, forwarded, leafDrops);
    }

    @Test
    public void aBatchOfTheWrongSizeIsRefusedBeforeAnyPacketRuns() throws Exception {
        Datapath dp = build();
        int n = Datapath.MAX_BATCH + 1;
        byte[][] frames = new byte[n][];
        PacketOutcome[] outs = new PacketOutcome[n];
        for (int i = 0; i < n; i++) {
            frames[i] = packet(0, i);
            outs[i] = new PacketOutcome();
        }
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            lengths[i] = frames[i].length;
        }
        try {
            dp.processBatch(frames, lengths, n, 1, new long[n], outs);
            org.junit.Assert.fail("a batch above MAX_BATCH was run");
        } catch (IllegalArgumentException expected) {
            org.junit.Assert.assertTrue(expected.getMessage(), expected.getMessage().contains("batch of " + n));
        }
        lengths[2] = frames[2].length + 1;
        try {
            dp.processBatch(frames, lengths, 3, 1, new long[3], outs);
            org.junit.Assert.fail("a length beyond its buffer was accepted");
        } catch (IllegalArgumentException expected) {
            org.junit.Assert.assertTrue(expected.getMessage(), expected.getMessage().contains("batch packet 2"));
        }
        assertEquals("no packet ran", 0, dp.register(base(0)));
    }

    /**
     * One thread's packets on one port: one at a time ({@link Datapath#processInto}), or in batches
     * ({@link Datapath#processBatch}) of the sizes {@link #BATCH_SIZES} in turn. Each outcome goes
     * to {@code sink} in packet order.
     */
    private static final class Feed {
        private final Datapath dp;
        private final int inPort;
        private final boolean batched;
        private final Consumer<PacketOutcome> sink;
        private final byte[][] frames = new byte[Datapath.MAX_BATCH][];
        private final int[] lengths = new int[Datapath.MAX_BATCH];
        private final long[] times = new long[Datapath.MAX_BATCH];
        private final PacketOutcome[] outs = new PacketOutcome[Datapath.MAX_BATCH];
        private int count;
        private int batches;

        Feed(Datapath dp, int inPort, boolean batched, Consumer<PacketOutcome> sink) {
            this.dp = dp;
            this.inPort = inPort;
            this.batched = batched;
            this.sink = sink;
            for (int i = 0; i < outs.length; i++) {
                outs[i] = new PacketOutcome();
            }
        }

        void add(byte[] frame, long time) {
            if (!batched) {
                dp.processInto(frame, inPort, time, outs[0]);
                sink.accept(outs[0]);
                return;
            }
            frames[count] = frame;
            lengths[count] = frame.length;
            times[count] = time;
            if (++count == BATCH_SIZES[batches % BATCH_SIZES.length]) {
                flush();
            }
        }

        void flush() {
            dp.processBatch(frames, lengths, count, inPort, times, outs);
            for (int i = 0; i < count; i++) {
                sink.accept(outs[i]);
            }
            count = 0;
            batches++;
        }
    }

    /** Starts the feeding threads and waits for them; none may have failed. */
    private static void runAll(List<Thread> threads, AtomicReference<Throwable> failure) throws InterruptedException {
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertNull("a thread failed: " + failure.get(), failure.get());
    }

    /** Every tree saw all its packets exactly once: its registers, its drops, its forwards, its stock counter. */
    private static void assertEveryTreeCounted(Datapath dp, AtomicLong[] forwarded, AtomicLong[] leafDrops) {
        long unknown = PACKETS_PER_TREE / 50;
        long leafPackets = PACKETS_PER_TREE - unknown;
        for (int k = 0; k < TREES; k++) {
            assertEquals("tree " + k + " packets counted", PACKETS_PER_TREE, dp.register(base(k)));
            assertEquals("tree " + k + " leaf packets counted", leafPackets, dp.register(base(k) + 1));
            assertEquals("tree " + k + " every third leaf packet dropped", leafPackets / 3, leafDrops[k].get());
            assertEquals("tree " + k + " forwarded", leafPackets - leafPackets / 3, forwarded[k].get());
            assertEquals("tree " + k + " stock counter", leafPackets, dp.counters().get((long) k + 1)[0]);
        }
    }

    private static void assertTreeState(Datapath seq, Datapath par, int k) {
        for (int w = base(k); w < base(k) + 64; w++) {
            assertEquals("tree " + k + " register " + w, seq.register(w), par.register(w));
        }
        assertEquals("tree " + k + " dispatch entry", seq.entryRecord(0, k), par.entryRecord(0, k));
        assertEquals("tree " + k + " leaves", seq.entryRecords(leafTable(seq, k)), par.entryRecords(leafTable(par, k)));
    }

    private static String counters(Datapath dp) {
        StringBuilder s = new StringBuilder();
        dp.counters().forEach((id, v) -> s.append(id).append('=').append(v[0]).append('/').append(v[1]).append(' '));
        return s.toString();
    }

    /** Control operations while the trees run, and a probe that checks each is seen whole. */
    private static final class ControlLoad {
        private final Datapath dp;
        private final AtomicLong probes = new AtomicLong();
        private final AtomicLong torn = new AtomicLong();
        private final AtomicLong writes = new AtomicLong();
        private final AtomicLong recompiles = new AtomicLong();

        ControlLoad(Datapath dp) {
            this.dp = dp;
        }

        void run(List<Thread> trees) throws Exception {
            long xid = 10_000;
            long value = 1;
            while (trees.stream().anyMatch(Thread::isAlive)) {
                dp.registerMod(HxRegisterMod.write(xid++, PROBE_BASE, value, value));
                value++;
                writes.incrementAndGet();
                if (value % 16 == 0) {
                    // a dispatch entry no packet matches, in and out again: the program is rebuilt under the packets
                    dp.flowMod(FlowMod.builder().xid(xid++).command(0).table(0, 0).index(40).priority(1)
                            .match(MatchX.exact(TREE_KEY, 200)).instruction(ApplyActions.of(OutputAction.toPort(1)))
                            .build());
                    dp.flowMod(FlowMod.builder().xid(xid++).command(3).table(0, 0).index(40).build());
                    recompiles.incrementAndGet();
                }
            }
        }

        void probe(List<Thread> trees, boolean batched) {
            Feed feed = new Feed(dp, TREES + 2, batched, o -> {
                probes.incrementAndGet();
                if (!o.forwarded()) {
                    torn.incrementAndGet();
                }
            });
            byte[] f = frame(PROBE_KEY, 0, 64);
            long t = 0;
            while (trees.stream().anyMatch(Thread::isAlive)) {
                feed.add(f, t++);
            }
            feed.flush();
        }

        void assertNoTornView() {
            assertEquals("probe packets that saw half a register write (of " + probes.get() + " probes, "
                    + writes.get() + " writes, " + recompiles.get() + " recompiles)", 0, torn.get());
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private static Thread thread(AtomicReference<Throwable> failure, Body body) {
        return new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        });
    }
}
