package org.hsdba.pofswitch.datapath;

import static org.hsdba.pof.ext.HxOperand.entry;
import static org.hsdba.pof.ext.HxOperand.imm;
import static org.hsdba.pof.ext.HxOperand.meta;
import static org.hsdba.pof.ext.HxOperand.param;
import static org.hsdba.pof.ext.HxOperand.reg;
import static org.hsdba.pof.ext.HxOperand.state;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxArithmetic;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReadReply;
import org.hsdba.pof.ext.HxReadRequest;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.pofswitch.support.Frames;
import org.hsdba.pofswitch.support.Rig;
import org.junit.Test;

/** The HSDBA extension in the datapath (docs/pof-hsdba-extension.md sections 3-9). */
public class HxDatapathTest {
    private static final Match ETHER = Match.of(0, 96, 16);
    private static final Instruction OUT_64 = ApplyActions.of(OutputAction.of(
            org.hsdba.pof.match.Operand.immediate(2), 32, 64, 0));

    private static List<MatchX> ether(int type) {
        return List.of(MatchX.exact(ETHER, type));
    }

    private static void block(Datapath dp, int id, int idlePc, Instruction... ins) throws SwitchError {
        List<RawInstruction> raw = new ArrayList<>();
        for (Instruction i : ins) {
            raw.add(ExtCodec.compact(i));
        }
        dp.blockMod(HxBlockMod.add(1, id, idlePc, true, raw));
    }

    private static HxAlu alu(HxAluOp op, HxOperand dst, HxOperand a, HxOperand b) {
        return HxAlu.of(op, dst, a, b);
    }

    private static long prefix64(ProcessResult r) {
        return ByteBuffer.wrap(r.outputs().get(0).data()).getLong();
    }

    private static byte[] frame() {
        return Frames.ethernet(0x0800, new byte[0]);
    }

    @Test
    public void aBlockRunsWithTheCallersParamsAndReturnsToTheEntry() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        block(rig.dp(), 1, HxTypes.NONE_16, alu(HxAluOp.ADD, meta(32, 64), param(0), param(1)), HxReturn.INSTANCE,
                alu(HxAluOp.MOV, meta(32, 64), imm(99), imm(0)));
        rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 0, HxCallBlock.words(40, 2)), OUT_64);
        rig.entry(0, 0, 1, 1, ether(0x0801), new HxCallBlock(1, 0, HxCallBlock.words(1, 2)), OUT_64);
        assertEquals(42, prefix64(rig.dp().process(frame(), 1, 0)));
        assertEquals(3, prefix64(rig.dp().process(Frames.ethernet(0x0801, new byte[0]), 1, 0)));
    }

    @Test
    public void arithmeticEdgeCasesAreDefined() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        long[][] cases = {
            {HxAluOp.DIV.code(), 7, 0}, {HxAluOp.MUL.code(), 1L << 40, 1L << 30}, {HxAluOp.SUB.code(), 3, 5},
            {HxAluOp.ADD.code(), -2, 5}, {HxAluOp.EXPNEG.code(), 1_000_000, 1_000_000}, {HxAluOp.SHL.code(), 1, 70},
        };
        for (int i = 0; i < cases.length; i++) {
            HxAluOp op = HxAluOp.ofCode((int) cases[i][0]);
            block(rig.dp(), i, HxTypes.NONE_16, alu(op, meta(32, 64), imm(cases[i][1]), imm(cases[i][2])));
            rig.entry(0, 0, i, 1, ether(0x0800 + i), new HxCallBlock(i, 0, new byte[0]), OUT_64);
            long got = prefix64(rig.dp().process(Frames.ethernet(0x0800 + i, new byte[0]), 1, 0));
            assertEquals(op + " case " + i, HxArithmetic.apply(op, cases[i][1], cases[i][2], 0), got);
        }
        assertEquals(HxArithmetic.MAX, prefix64(rig.dp().process(frame(), 1, 0)));
    }

    @Test
    public void backwardBranchesLoop() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        // i := 10; sum := 0; loop: sum += i; i -= 1; if i != 0 jump back 2
        HxOperand i = meta(96, 32);
        HxOperand sum = meta(32, 64);
        block(rig.dp(), 1, HxTypes.NONE_16, HxAlu.mov(i, imm(10)), HxAlu.mov(sum, imm(0)),
                alu(HxAluOp.ADD, sum, sum, i), alu(HxAluOp.SUB, i, i, imm(1)),
                HxBranch.backward(HxBranchCond.NE, 2, i, imm(0)));
        rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 0, new byte[0]), OUT_64);
        ProcessResult r = rig.dp().process(frame(), 1, 0);
        assertEquals(55, prefix64(r));
        assertEquals(1 + 2 + 10 * 3 + 1, r.instructions());
    }

    @Test
    public void stateRegistersAndPassedCountersPersistAcrossPackets() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        block(rig.dp(), 1, HxTypes.NONE_16, alu(HxAluOp.ADD, state(0), state(0), imm(1)),
                alu(HxAluOp.ADD, reg(2, 0), reg(2, 0), meta(0, 16)));
        rig.entry(0, 0, 5, 1, ether(0x0800), new HxCallBlock(1, 0, HxCallBlock.words(10)),
                ApplyActions.of(OutputAction.toPort(2)));
        rig.entry(0, 0, 6, 1, ether(0x0801), new HxCallBlock(1, 0, HxCallBlock.words(20)),
                ApplyActions.of(DropAction.of(1)));
        for (int k = 0; k < 2; k++) {
            ProcessResult r = rig.dp().process(frame(), 1, k);
            assertEquals(List.of(new EntryRef(0, 5)), r.hxPath());
        }
        rig.dp().process(Frames.ethernet(0x0801, new byte[0]), 1, 3);
        HxEntryRecord rec = rig.dp().entryRecord(0, 5);
        assertEquals(2, rec.state()[0]);
        assertEquals(2, rec.passedPackets());
        assertEquals(120, rec.passedBytes());
        assertEquals(0, rec.droppedBytes());
        assertEquals(120, rig.dp().register(12));
        HxEntryRecord dropped = rig.dp().entryRecord(0, 6);
        assertEquals(1, dropped.droppedPackets());
        assertEquals(60, dropped.droppedBytes());
        assertEquals(60, rig.dp().register(22));
    }

    @Test
    public void timeIsThePacketTimeAndRandIsSeededSplitMix64() throws Exception {
        Rig a = new Rig(DatapathConfig.builder().rngSeed(0).build()).table(0, 0, ETHER);
        block(a.dp(), 1, HxTypes.NONE_16, HxAlu.mov(meta(32, 32), HxOperand.rand()),
                HxAlu.mov(meta(64, 32), HxOperand.rand()));
        a.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 0, new byte[0]), OUT_64);
        // SplitMix64 from state 0: first output 0xe220a8397b1dcdaf, second 0x6e789e6aa1b965f4
        assertEquals(0xe220a8396e789e6aL, prefix64(a.dp().process(frame(), 1, 0)));

        Rig b = Rig.of(true).table(0, 0, ETHER);
        block(b.dp(), 1, HxTypes.NONE_16, HxAlu.mov(meta(32, 64), HxOperand.time()));
        b.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 0, new byte[0]), OUT_64);
        assertEquals(123_456_789L, prefix64(b.dp().process(frame(), 1, 123_456_789L)));
    }

    @Test
    public void lookupMissContinuesAndSendsOneJoinPerKeyUntilTheEntryExists() throws Exception {
        Match b14 = Match.of(0, 112, 8);
        Rig rig = Rig.of(true).table(0, 0, ETHER).table(2, 0, b14);
        block(rig.dp(), 1, HxTypes.NONE_16, new HxLookup(10, true, 0, 0x80, 100),
                ApplyActions.of(OutputAction.toPort(2)));
        rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 0, new byte[0]));
        byte[] five = Frames.ethernet(0x0800, new byte[] {5});
        byte[] six = Frames.ethernet(0x0800, new byte[] {6});

        ProcessResult first = rig.dp().process(five, 1, 0);
        assertEquals(2, first.outputs().get(0).port());
        PacketIn join = (PacketIn) first.upward().get(1);
        assertEquals(0x80, join.reason());
        assertEquals(10, join.tableId());
        assertEquals(0, first.upward().get(0) instanceof HxEntryStatus ? 0 : 1);
        assertTrue("one outstanding per key", joins(rig.dp().process(five, 1, 1_000_000)).isEmpty());
        assertEquals(1, joins(rig.dp().process(six, 1, 2_000_000)).size());

        // the controller installs the node for key 5: the next packet goes there
        rig.entry(2, 0, 0, 0, List.of(MatchX.exact(b14, 5)), ApplyActions.of(OutputAction.toPort(1)));
        assertEquals(1, rig.dp().process(five, 1, 3_000_000).outputs().get(0).port());
        // key 6 is still outstanding until its hold time passes
        assertTrue(joins(rig.dp().process(six, 1, 50_000_000)).isEmpty());
        assertEquals(1, joins(rig.dp().process(six, 1, 102_000_000)).size());
        // deleting the node makes key 5 miss again, and it was no longer outstanding
        rig.dp().flowMod(rig.flow(3, 2, 0, 0, 0, List.of(MatchX.exact(b14, 5))));
        assertEquals(1, joins(rig.dp().process(five, 1, 103_000_000)).size());
    }

    private static List<PacketIn> joins(ProcessResult r) {
        List<PacketIn> out = new ArrayList<>();
        for (PofMessage m : r.upward()) {
            if (m instanceof PacketIn) {
                out.add((PacketIn) m);
            }
        }
        return out;
    }

    private static List<HxEntryStatus> statuses(List<PofMessage> upward) {
        List<HxEntryStatus> out = new ArrayList<>();
        for (PofMessage m : upward) {
            if (m instanceof HxEntryStatus) {
                out.add((HxEntryStatus) m);
            }
        }
        return out;
    }

    @Test
    public void idleEntriesRunTheirHookAndComeBackOnTheNextPacket() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        // on (re)activation add the weight PARAM[0] to REG[0]; the hook (pc 3) takes it away again
        block(rig.dp(), 1, 3, HxBranch.forward(HxBranchCond.EQ, 2, entry(HxOperand.ENTRY_REACTIVATED), imm(0)),
                alu(HxAluOp.ADD, reg(0), reg(0), param(0)), HxReturn.INSTANCE,
                alu(HxAluOp.SUB, reg(0), reg(0), param(0)), alu(HxAluOp.ADD, state(1), state(1), imm(1)));
        rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 10, HxCallBlock.words(7)),
                ApplyActions.of(OutputAction.toPort(2)));
        Datapath dp = rig.dp();
        assertFalse("a new entry is inactive", dp.entryRecord(0, 0).active());

        ProcessResult r = dp.process(frame(), 1, 0);
        List<HxEntryStatus> s = statuses(r.upward());
        assertEquals(HxEntryStatus.REASON_REACTIVATED, s.get(0).reason());
        assertEquals(7, dp.register(0));
        dp.process(frame(), 1, 4_000_000);
        assertEquals("a hit does not add the weight twice", 7, dp.register(0));
        assertTrue(statuses(dp.advanceTime(13_999_999)).isEmpty());
        s = statuses(dp.advanceTime(14_000_000));
        assertEquals(1, s.size());
        assertEquals(HxEntryStatus.REASON_IDLE, s.get(0).reason());
        assertEquals(14_000_000, s.get(0).timeNs());
        assertEquals(120, s.get(0).passedBytes());
        assertEquals(0, dp.register(0));
        assertFalse(dp.entryRecord(0, 0).active());
        assertEquals(1, dp.entryRecord(0, 0).state()[1]);

        assertEquals(HxEntryStatus.REASON_REACTIVATED, statuses(dp.process(frame(), 1, 30_000_000).upward()).get(0)
                .reason());
        assertEquals(7, dp.register(0));
        // a MODIFY of an active entry runs the hook with the old params; the next packet re-adds the new weight
        dp.flowMod(rig.flow(1, 0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 10, HxCallBlock.words(3)),
                ApplyActions.of(OutputAction.toPort(2))));
        assertEquals(0, dp.register(0));
        assertEquals(2, dp.entryRecord(0, 0).state()[1]);
        assertEquals("counters survive MODIFY", 3, dp.entryRecord(0, 0).passedPackets());
        dp.process(frame(), 1, 31_000_000);
        assertEquals(3, dp.register(0));
        // DELETE of an active entry also takes its weight away
        dp.flowMod(rig.flow(3, 0, 0, 0, 1, ether(0x0800)));
        assertEquals(0, dp.register(0));
    }

    @Test
    public void bulkReadsSplitIntoMessagesThatFit() throws Exception {
        Rig rig = Rig.of(true).table(2, 0, Match.of(0, 112, 8)).table(0, 0, ETHER);
        for (int i = 0; i < 30; i++) {
            rig.entry(2, 0, i, 0, List.of(MatchX.exact(Match.of(0, 112, 8), i)), ApplyActions.of(OutputAction.toPort(2)));
        }
        List<HxReadReply> replies = rig.dp().read(HxReadRequest.entries(9, 10));
        assertEquals(2, replies.size());
        assertTrue(replies.get(0).more());
        assertFalse(replies.get(1).more());
        assertEquals(22, replies.get(0).entries().size());
        assertEquals(29, replies.get(1).entries().get(7).index());
        for (HxReadReply r : replies) {
            assertTrue(ExtCodec.encode(r).length <= 2560);
        }
        rig.dp().registerMod(HxRegisterMod.write(1, 100, 5, 6, 7));
        List<HxReadReply> regs = rig.dp().read(HxReadRequest.registers(2, 100, 400));
        assertEquals(2, regs.size());
        assertEquals(5, regs.get(0).registers()[0]);
        assertEquals(355, regs.get(1).first());
        try {
            rig.dp().read(HxReadRequest.registers(3, 65500, 100));
            fail();
        } catch (SwitchError e) {
            assertEquals("HXFC_BAD_REGISTER", e.codeName());
        }
    }

    @Test
    public void blocksAreCheckedWhenInstalled() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        Datapath dp = rig.dp();
        expect("HXFC_NESTED_CALL", () -> block(dp, 1, HxTypes.NONE_16, new HxCallBlock(2, 0, new byte[0])));
        expect("HXFC_BAD_JUMP", () -> block(dp, 1, HxTypes.NONE_16,
                HxBranch.forward(HxBranchCond.EQ, 3, imm(0), imm(0)), HxReturn.INSTANCE));
        expect("HXFC_BAD_JUMP", () -> block(dp, 1, 5, HxReturn.INSTANCE));
        expect("HXFC_NOT_STAGED", () -> dp.blockMod(HxBlockMod.append(1, 4, true,
                List.of(ExtCodec.compact(HxReturn.INSTANCE)))));
        expect("HXFC_BAD_BLOCK_ID", () -> rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(9, 0, new byte[0])));
        // a block assembled from two messages
        dp.blockMod(HxBlockMod.add(1, 4, HxTypes.NONE_16, false,
                List.of(ExtCodec.compact(HxAlu.mov(meta(32, 64), imm(11))))));
        dp.blockMod(HxBlockMod.append(2, 4, true, List.of(ExtCodec.compact(alu(HxAluOp.MUL, meta(32, 64), meta(32, 64),
                imm(2))))));
        rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(4, 0, new byte[0]), OUT_64);
        assertEquals(22, prefix64(dp.process(frame(), 1, 0)));
        expect("HXFC_BLOCK_IN_USE", () -> dp.blockMod(HxBlockMod.delete(3, 4)));
    }

    private interface Action {
        void run() throws Exception;
    }

    private static void expect(String codeName, Action a) {
        try {
            a.run();
            fail("expected " + codeName);
        } catch (SwitchError e) {
            assertEquals(e.getMessage(), codeName, e.codeName());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void runtimeOperandErrorsAndTheBudgetAreReported() throws Exception {
        Rig rig = Rig.of(true).table(0, 0, ETHER);
        block(rig.dp(), 1, HxTypes.NONE_16, HxAlu.mov(meta(32, 64), param(3)));
        block(rig.dp(), 2, HxTypes.NONE_16, HxBranch.backward(HxBranchCond.EQ, 0, imm(0), imm(0)));
        rig.entry(0, 0, 0, 1, ether(0x0800), new HxCallBlock(1, 0, HxCallBlock.words(1)));
        rig.entry(0, 0, 1, 1, ether(0x0801), new HxCallBlock(2, 0, new byte[0]));
        ProcessResult r = rig.dp().process(frame(), 1, 0);
        ErrorMessage e = (ErrorMessage) r.upward().get(r.upward().size() - 1);
        assertEquals(HxTypes.ERROR_HX_FAILED, e.errorType());
        assertEquals("HXFC_BAD_OPERAND", e.errorString());
        r = rig.dp().process(Frames.ethernet(0x0801, new byte[0]), 1, 0);
        assertEquals(EndReason.BUDGET_EXCEEDED, r.endReason());
        e = (ErrorMessage) r.upward().get(r.upward().size() - 1);
        assertEquals("HXFC_BUDGET_EXCEEDED", e.errorString());
    }

    @Test
    public void aStockSwitchAcceptsHxFlowModsAndFailsOnTheFirstPacket() throws Exception {
        Rig rig = Rig.of(false).table(0, 0, ETHER);
        FlowMod fm = rig.flow(0, 0, 0, 0, 1, ether(0x0800), ApplyActions.of(OutputAction.toPort(2)),
                new HxCallBlock(1, 0, HxCallBlock.words(5)));
        // as received from the wire by the stock codec: a raw instruction
        FlowMod wire = (FlowMod) PofCodec.standard().decode(ExtCodec.extendedCodec().encode(fm));
        assertTrue(rig.dp().flowMod(wire).isEmpty());
        ProcessResult r = rig.dp().process(frame(), 1, 0);
        assertEquals("instructions before it still ran", 1, r.outputs().size());
        ErrorMessage e = (ErrorMessage) r.upward().get(0);
        assertEquals(3, e.errorType());
        assertEquals(0, e.code());
        assertEquals("POFBIC_UNKNOWN_INST", e.errorString());
        // QUERYALL returns its type and len in host (little-endian) order
        FlowMod queried = (FlowMod) rig.dp().queryAll(5).get(1);
        byte[] bytes = PofCodec.standard().encode(queried);
        int slot1 = 8 + 360 + 304;
        assertArrayEquals(new byte[] {0x40, 0x00, 0x28, 0x01}, Arrays.copyOfRange(bytes, slot1, slot1 + 4));
        assertNotEquals(HxTypes.CALL_BLOCK, queried.instructions().get(1).type());
    }
}
