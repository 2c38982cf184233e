package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.PacketInAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.bench.BinaryTreeSetup;
import org.hsdba.pofswitch.error.SwitchError;
import org.junit.Test;

/**
 * The fast path against the interpreter (its reference): two datapaths, one with
 * {@code fastPath(false)}, get the same program and the same seeded random packets; every packet's
 * result (verdict, outputs, messages, errors, instruction count, HX path) must be identical, and
 * the state packets change (registers, random stream, entry records, counters, joins) is compared
 * along the way and at the end. Packet counts: {@code -Dhsdba.diff.packets} scales them (the
 * default with the simulator's compiled-tree run makes 10^6 packets).
 */
public class FastPathDifferentialTest {
    private static final double SCALE = Double.parseDouble(System.getProperty("hsdba.diff.scale", "1"));

    /** A random stock program over MM, LPM and EM tables (one with a 72-bit key) and random frames. */
    @Test
    public void randomStockProgramsAgree() throws Exception {
        int programs = 6;
        int packets = (int) (300_000 * SCALE / programs);
        long fastOps = 0;
        long interpretedOps = 0;
        for (int p = 0; p < programs; p++) {
            Random rnd = new Random(1000 + p);
            Datapath interp = stockSwitch(false);
            Datapath fast = stockSwitch(true);
            List<Object> program = randomStockProgram(rnd);
            for (Object m : program) {
                apply(interp, m);
                apply(fast, m);
            }
            int[] cover = fast.fastPathCoverage();
            fastOps += cover[0];
            interpretedOps += cover[1];
            long t = 0;
            for (int i = 0; i < packets; i++) {
                t += rnd.nextInt(2000);
                byte[] frame = randomFrame(rnd);
                int port = rnd.nextInt(20) == 0 ? 3 : 1 + rnd.nextInt(2);
                same(interp, fast, frame, port, t, "program " + p + " packet " + i);
                if (i % 10_000 == 0) {
                    assertNull("program " + p + " packet " + i, DatapathComparison.stateDifference(interp, fast));
                }
            }
            assertNull("program " + p + " at the end", DatapathComparison.stateDifference(interp, fast));
        }
        // the programs must exercise both the compiled operations and the hand-over
        assertTrue(fastOps + " compiled, " + interpretedOps + " interpreted", fastOps > 0 && interpretedOps > 0);
    }

    /**
     * The hand-written HSDBA level program on a 3-level binary tree with idle timeouts: random
     * leaves (some beyond the tree: misses), random gaps (some past the timeout: deactivation
     * hooks, then reactivations), random lengths.
     */
    @Test
    public void hsdbaLevelProgramAgrees() throws Exception {
        int packets = (int) (200_000 * SCALE);
        BinaryTreeSetup tree = new BinaryTreeSetup(3, 2, 10_000_000L, 2_000_000);
        Datapath interp = extensionSwitch(false);
        Datapath fast = extensionSwitch(true);
        tree.install(interp, 2, 5);
        tree.install(fast, 2, 5);
        assertEquals("the level program compiles entirely", 0, fast.fastPathCoverage()[1]);
        Random rnd = new Random(7);
        long t = 0;
        int handedOver = 0;
        for (int i = 0; i < packets; i++) {
            t += rnd.nextInt(50) == 0 ? 1 + rnd.nextInt(20_000_000) : rnd.nextInt(20_000);
            int leaf = rnd.nextInt(tree.leaves() + 2);
            byte[] frame = tree.frameFor(Math.min(leaf, tree.leaves() - 1), 60 + rnd.nextInt(1400));
            if (leaf >= tree.leaves()) {
                frame[14 + rnd.nextInt(3)] = (byte) (10 + rnd.nextInt(100)); // no such node
            }
            ProcessResult r = same(interp, fast, frame, 1, t, "packet " + i);
            if (!r.upward().isEmpty()) {
                handedOver++;
            }
            if (i % 20_000 == 0) {
                assertNull("packet " + i, DatapathComparison.stateDifference(interp, fast));
            }
        }
        assertNull("at the end", DatapathComparison.stateDifference(interp, fast));
        assertTrue("some packets sent messages (reactivations, joins): the hand-over ran", handedOver > 0);
    }

    /** A change to the tables between packets is seen by the next packet (the compiled program is rebuilt). */
    @Test
    public void programChangesReachTheFastPath() throws Exception {
        Datapath interp = stockSwitch(false);
        Datapath fast = stockSwitch(true);
        Match key = Match.of(0, 14 * 8, 8);
        Object table = TableMod.builder().xid(1).command(0).table(0, 0).size(100).keyLengthBits(8).name("t")
                .match(key).build();
        apply(interp, table);
        apply(fast, table);
        byte[] frame = new byte[64];
        frame[14] = 5;
        assertEquals(EndReason.TABLE_MISS, same(interp, fast, frame, 1, 1, "before").endReason());
        Object add = FlowMod.builder().xid(2).command(0).table(0, 0).index(0).priority(1).counterId(0)
                .match(MatchX.exact(key, 5)).instruction(ApplyActions.of(OutputAction.toPort(2))).build();
        apply(interp, add);
        apply(fast, add);
        assertEquals(EndReason.FINISHED, same(interp, fast, frame, 1, 2, "after ADD").endReason());
        Object modify = FlowMod.builder().xid(3).command(1).table(0, 0).index(0).priority(1).counterId(0)
                .match(MatchX.exact(key, 5)).instruction(ApplyActions.of(DropAction.of(9))).build();
        apply(interp, modify);
        apply(fast, modify);
        ProcessResult r = same(interp, fast, frame, 1, 3, "after MODIFY");
        assertEquals(EndReason.DROP_ACTION, r.endReason());
        assertEquals(9L, r.dropReasonCode());
    }

    /**
     * FLOW_MOD ADD, MODIFY and DELETE in random order between random packets, on every table kind
     * (MM with priority ties, LPM with prefix ties, EM with several entries of one key and of one
     * index, a 72-bit EM key, a metadata key): the fast path updated entry by entry must give the
     * interpreter's results, and those of a fast path compiled afresh after every change (a spare
     * table added and deleted again makes the third switch build its program and domains anew).
     */
    @Test
    public void incrementalUpdatesAgreeWithAFreshCompile() throws Exception {
        int rounds = (int) (4_000 * SCALE);
        for (int p = 0; p < 3; p++) {
            Random rnd = new Random(77 + p);
            Datapath interp = stockSwitch(false);
            Datapath incremental = stockSwitch(true);
            Datapath fresh = stockSwitch(true);
            Datapath[] all = {interp, incremental, fresh};
            for (Object m : randomStockProgram(rnd)) {
                for (Datapath dp : all) {
                    apply(dp, m);
                }
            }
            long xid = 100_000;
            long t = 0;
            int changes = 0;
            for (int i = 0; i < rounds; i++) {
                FlowMod mod = randomChange(rnd, xid++);
                if (applyToAll(all, mod, "program " + p + " change " + i).startsWith("changed")) {
                    changes++;
                }
                fresh.tableMod(TableMod.builder().xid(xid++).command(0).table(2, 3).size(4).keyLengthBits(8)
                        .name("spare").match(EM_KEY).build());
                fresh.tableMod(TableMod.builder().xid(xid++).command(2).table(2, 3).build());
                for (int k = rnd.nextInt(6); k >= 0; k--) {
                    t += rnd.nextInt(2000);
                    byte[] frame = randomFrame(rnd);
                    int port = rnd.nextInt(20) == 0 ? 3 : 1 + rnd.nextInt(2);
                    String where = "program " + p + " change " + i + " packet " + k;
                    ProcessResult a = same(interp, incremental, frame, port, t, where);
                    String d = DatapathComparison.difference(a, fresh.process(frame, port, t));
                    if (d != null) {
                        fail(where + ", against a fresh compile: " + d);
                    }
                }
                if (i % 500 == 0) {
                    assertNull("program " + p + " change " + i, DatapathComparison.stateDifference(interp, incremental));
                }
            }
            assertNull("program " + p + " at the end", DatapathComparison.stateDifference(interp, incremental));
            assertNull("program " + p + " at the end", DatapathComparison.stateDifference(interp, fresh));
            assertTrue(changes + " of " + rounds + " changes made", changes > rounds / 2);
        }
    }

    /**
     * The HSDBA level program (blocks, registers named by the entries' parameters, joins, idle
     * timeouts) while nodes leave, come back, move to another parent's registers and change
     * weight: the incrementally updated fast path (and its domains, which a node's new registers
     * can merge) against the interpreter and against a fresh compile after every change.
     */
    @Test
    public void incrementalUpdatesAgreeOnTheLevelProgram() throws Exception {
        int rounds = (int) (4_000 * SCALE);
        BinaryTreeSetup tree = new BinaryTreeSetup(3, 3, 10_000_000L, 2_000_000);
        Datapath interp = extensionSwitch(false);
        Datapath incremental = extensionSwitch(true);
        Datapath fresh = extensionSwitch(true);
        Datapath[] all = {interp, incremental, fresh};
        for (Datapath dp : all) {
            tree.install(dp, 2, 5);
        }
        Random rnd = new Random(11);
        long xid = 100_000;
        long t = 0;
        int changes = 0;
        for (int i = 0; i < rounds; i++) {
            int level = 1 + rnd.nextInt(2);
            int index = rnd.nextInt(tree.nodes(level));
            int parentIndex = rnd.nextInt(6) == 0 ? rnd.nextInt(tree.nodes(level - 1)) : index / 3;
            int command = new int[] {0, 1, 3, 3}[rnd.nextInt(4)];
            FlowMod mod = FlowMod.builder().xid(xid++).command(command).table(2, level - 1).index(index).priority(1)
                    .match(MatchX.exact(Match.of(0, (14 + level) * 8, 8), index))
                    .instruction(org.hsdba.pofswitch.bench.HsdbaLevelProgram.call(level, 1 + rnd.nextInt(3),
                            org.hsdba.pof.ext.HxArithmetic.MAX, 2_000_000, tree.registerBase(level - 1, parentIndex),
                            tree.registerBase(level, index), 5))
                    .build();
            if (applyToAll(all, mod, "change " + i).startsWith("changed")) {
                changes++;
            }
            fresh.tableMod(TableMod.builder().xid(xid++).command(0).table(2, 5).size(4).keyLengthBits(8)
                    .name("spare").match(EM_KEY).build());
            fresh.tableMod(TableMod.builder().xid(xid++).command(2).table(2, 5).build());
            for (int k = rnd.nextInt(8); k >= 0; k--) {
                t += rnd.nextInt(50) == 0 ? 1 + rnd.nextInt(20_000_000) : rnd.nextInt(20_000);
                byte[] frame = tree.frameFor(rnd.nextInt(tree.leaves()), 60 + rnd.nextInt(1400));
                String where = "change " + i + " packet " + k;
                ProcessResult a = same(interp, incremental, frame, 1, t, where);
                String d = DatapathComparison.difference(a, fresh.process(frame, 1, t));
                if (d != null) {
                    fail(where + ", against a fresh compile: " + d);
                }
            }
            if (i % 500 == 0) {
                assertNull("change " + i, DatapathComparison.stateDifference(interp, incremental));
            }
        }
        assertNull("at the end", DatapathComparison.stateDifference(interp, incremental));
        assertNull("at the end", DatapathComparison.stateDifference(interp, fresh));
        assertEquals("the domains once built again", fresh.concurrencyDomains(), incremental.concurrencyDomains());
        assertTrue(changes + " of " + rounds + " changes made", changes > rounds / 2);
    }

    /** A FLOW_MOD to one of the random stock program's tables: mostly valid, now and then refused. */
    private static FlowMod randomChange(Random rnd, long xid) {
        int table = rnd.nextInt(5);
        int command = new int[] {0, 0, 1, 3}[rnd.nextInt(4)];
        FlowMod.Builder b = FlowMod.builder().xid(xid).command(command).counterId(0);
        switch (table) {
            case 0:
                b.table(0, 0).index(rnd.nextInt(32)).priority(rnd.nextInt(4))
                        .counterId(rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(20) : 0)
                        .match(MatchX.masked(MM_A, rnd.nextInt(8), rnd.nextBoolean() ? 0xFF : 0x07))
                        .match(MatchX.masked(MM_B, rnd.nextInt(16), rnd.nextInt(16)))
                        .instructions(randomInstructions(rnd, new int[] {8, 10, 11, 12}));
                break;
            case 1: {
                int bits = rnd.nextInt(17);
                long mask = bits == 0 ? 0 : (0xFFFFL << (16 - bits)) & 0xFFFF;
                b.table(1, 0).index(rnd.nextInt(24)).priority(1)
                        .match(MatchX.masked(LPM_KEY, rnd.nextInt(4) << 14 | rnd.nextInt(1 << 14), mask))
                        .instructions(randomInstructions(rnd, new int[] {10, 11}));
                break;
            }
            case 2:
                b.table(2, 0).index(rnd.nextInt(256)).priority(1)
                        .match(MatchX.exact(EM_KEY, rnd.nextInt(3) == 0 ? rnd.nextInt(8) : rnd.nextInt(256)))
                        .instructions(randomInstructions(rnd, new int[] {11, 12}));
                break;
            case 3: {
                byte[] v = new byte[16];
                byte[] m = new byte[16];
                for (int i = 0; i < 9; i++) {
                    v[i] = (byte) rnd.nextInt(2);
                    m[i] = (byte) 0xFF;
                }
                b.table(2, 1).index(rnd.nextInt(16)).priority(1).match(MatchX.of(WIDE_KEY, v, m))
                        .instructions(randomInstructions(rnd, new int[0]));
                break;
            }
            default: {
                int port = 1 + rnd.nextInt(3);
                b.table(2, 2).index(rnd.nextInt(8)).priority(1).match(MatchX.exact(META_KEY, port))
                        .instructions(randomInstructions(rnd, new int[0]));
                break;
            }
        }
        return b.build();
    }

    // ------------------------------------------------------------------ helpers

    private static ProcessResult same(Datapath interp, Datapath fast, byte[] frame, int port, long t, String where) {
        ProcessResult a = interp.process(frame, port, t);
        ProcessResult b = fast.process(frame, port, t);
        String d = DatapathComparison.difference(a, b);
        if (d != null) {
            fail(where + ": " + d);
        }
        return a;
    }

    private static Datapath stockSwitch(boolean fastPath) {
        Datapath dp = new Datapath(DatapathConfig.builder().extensionEnabled(false).fastPath(fastPath).counterCount(16)
                .build());
        dp.enableAllPorts();
        return dp;
    }

    private static Datapath extensionSwitch(boolean fastPath) {
        Datapath dp = new Datapath(DatapathConfig.builder().rngSeed(42).fastPath(fastPath).build());
        dp.enableAllPorts();
        return dp;
    }

    private static void apply(Datapath dp, Object m) throws SwitchError {
        if (m instanceof TableMod) {
            dp.tableMod((TableMod) m);
        } else {
            dp.flowMod((FlowMod) m);
        }
    }

    private static final Match MM_A = Match.of(0, 14 * 8, 8);
    private static final Match MM_B = Match.of(0, 15 * 8 + 4, 4);
    private static final Match LPM_KEY = Match.of(0, 16 * 8, 16);
    private static final Match EM_KEY = Match.of(0, 15 * 8, 8);
    private static final Match WIDE_KEY = Match.of(0, 18 * 8, 72);
    private static final Match META_KEY = Match.metadata(16, 8);

    /**
     * MM#0 (global 0, 12-bit key, masked entries with priorities), LPM#0 (global 8), EM#0 (global
     * 10, 8 bits), EM#1 (global 11, 72 bits: the lookup the fast path leaves to FlowTable), EM#2
     * (global 12, keyed by the metadata's ingress port); entries output, drop, count, go on with a
     * packet offset, send PACKET_IN or write metadata (left to the interpreter).
     */
    private static List<Object> randomStockProgram(Random rnd) {
        List<Object> out = new ArrayList<>();
        out.add(TableMod.builder().xid(1).command(0).table(0, 0).size(64).keyLengthBits(12).name("mm")
                .match(MM_A).match(MM_B).build());
        out.add(TableMod.builder().xid(2).command(0).table(1, 0).size(64).keyLengthBits(16).name("lpm")
                .match(LPM_KEY).build());
        out.add(TableMod.builder().xid(3).command(0).table(2, 0).size(256).keyLengthBits(8).name("em")
                .match(EM_KEY).build());
        out.add(TableMod.builder().xid(4).command(0).table(2, 1).size(64).keyLengthBits(72).name("wide")
                .match(WIDE_KEY).build());
        out.add(TableMod.builder().xid(5).command(0).table(2, 2).size(8).keyLengthBits(8).name("inport")
                .match(META_KEY).build());
        long xid = 10;
        for (int i = 0; i < 24; i++) {
            out.add(FlowMod.builder().xid(xid++).command(0).table(0, 0).index(i).priority(rnd.nextInt(4))
                    .counterId(rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(20) : 0)
                    .match(MatchX.masked(MM_A, rnd.nextInt(8), rnd.nextBoolean() ? 0xFF : 0x07))
                    .match(MatchX.masked(MM_B, rnd.nextInt(16), rnd.nextInt(16)))
                    .instructions(randomInstructions(rnd, new int[] {8, 10, 11, 12})).build());
        }
        for (int i = 0; i < 16; i++) {
            int bits = rnd.nextInt(17);
            long mask = bits == 0 ? 0 : (0xFFFFL << (16 - bits)) & 0xFFFF;
            out.add(FlowMod.builder().xid(xid++).command(0).table(1, 0).index(i).priority(1).counterId(0)
                    .match(MatchX.masked(LPM_KEY, rnd.nextInt(1 << 16), mask))
                    .instructions(randomInstructions(rnd, new int[] {10, 11})).build());
        }
        for (int i = 0; i < 200; i++) {
            out.add(FlowMod.builder().xid(xid++).command(0).table(2, 0).index(i).priority(1).counterId(0)
                    .match(MatchX.exact(EM_KEY, rnd.nextInt(256)))
                    .instructions(randomInstructions(rnd, new int[] {11, 12})).build());
        }
        for (int i = 0; i < 8; i++) {
            byte[] v = new byte[16];
            byte[] m = new byte[16];
            for (int b = 0; b < 9; b++) {
                v[b] = (byte) rnd.nextInt(2);
                m[b] = (byte) 0xFF;
            }
            out.add(FlowMod.builder().xid(xid++).command(0).table(2, 1).index(i).priority(1).counterId(0)
                    .match(MatchX.of(WIDE_KEY, v, m)).instructions(randomInstructions(rnd, new int[0])).build());
        }
        for (int port = 1; port <= 2; port++) {
            out.add(FlowMod.builder().xid(xid++).command(0).table(2, 2).index(port).priority(1).counterId(0)
                    .match(MatchX.exact(META_KEY, port)).instructions(randomInstructions(rnd, new int[0])).build());
        }
        return out;
    }

    /** One or two instructions: go on to a later table, or actions, or something only the interpreter runs. */
    private static List<Instruction> randomInstructions(Random rnd, int[] nextTables) {
        List<Instruction> ins = new ArrayList<>();
        int kind = rnd.nextInt(10);
        if (kind < 4 && nextTables.length > 0) {
            int offset = rnd.nextInt(4) == 0 ? rnd.nextInt(3) - 1 : 0;
            if (rnd.nextInt(8) == 0) {
                ins.add(WriteMetadata.of(64, 16, rnd.nextInt(1 << 16)));
            }
            ins.add(GotoTable.of(nextTables[rnd.nextInt(nextTables.length)], offset));
        } else if (kind < 7) {
            int port = rnd.nextInt(12) == 0 ? 7 : 1 + rnd.nextInt(2);
            ins.add(rnd.nextBoolean() ? ApplyActions.of(OutputAction.toPort(port))
                    : ApplyActions.of(CounterAction.of(1 + rnd.nextInt(15)), OutputAction.toPort(port),
                            OutputAction.of(org.hsdba.pof.match.Operand.immediate(port == 1 ? 2 : 1), 0, 16, 2)));
        } else if (kind < 9) {
            ins.add(ApplyActions.of(DropAction.of(rnd.nextInt(5))));
        } else {
            ins.add(ApplyActions.of(PacketInAction.of(3)));
        }
        return ins;
    }

    /** Mostly short frames whose key bytes fall in the programs' ranges; some tiny, some oversize. */
    private static byte[] randomFrame(Random rnd) {
        int len = rnd.nextInt(50) == 0 ? rnd.nextInt(1600) : rnd.nextInt(30) == 0 ? rnd.nextInt(18) : 20 + rnd.nextInt(200);
        byte[] f = new byte[len];
        rnd.nextBytes(f);
        if (len > 15) {
            f[14] = (byte) rnd.nextInt(8);
        }
        if (len > 27 && rnd.nextBoolean()) {
            for (int b = 18; b < 27; b++) {
                f[b] = (byte) rnd.nextInt(2);
            }
        }
        return f;
    }

    /** Gives every datapath the FLOW_MOD; they must all take it, or all refuse it the same way. Returns what they did. */
    private static String applyToAll(Datapath[] all, FlowMod mod, String where) {
        String outcome = null;
        for (Datapath dp : all) {
            String o;
            try {
                o = "changed, errors " + dp.flowMod(mod);
            } catch (SwitchError e) {
                o = "refused: " + e.getMessage();
            }
            if (outcome != null) {
                assertEquals(where, outcome, o);
            }
            outcome = o;
        }
        return outcome;
    }
}
