package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.action.AddFieldAction;
import org.hsdba.pof.action.CalculateChecksumAction;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DeleteFieldAction;
import org.hsdba.pof.action.GroupAction;
import org.hsdba.pof.action.ModifyFieldAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.SetFieldFromMetadataAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.CalcType;
import org.hsdba.pof.instruction.CalculateField;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoDirectTable;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Jump;
import org.hsdba.pof.instruction.Meter;
import org.hsdba.pof.instruction.MovePacketOffset;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.MeterMod;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.pofswitch.support.Frames;
import org.hsdba.pofswitch.support.Hex;
import org.hsdba.pofswitch.support.Rig;
import org.junit.Test;

/** Every stock instruction and action, lookups and the datapath's error paths. */
public class StockInstructionTest {
    private static final Match ETHER = Match.of(0, 96, 16);
    private static final Match MD32 = Match.metadata(32, 32);

    private static List<MatchX> ether(int type) {
        return List.of(MatchX.exact(ETHER, type));
    }

    private static Rig rig() throws SwitchError {
        return Rig.of(false).table(0, 0, ETHER);
    }

    private static ErrorMessage onlyError(ProcessResult r) {
        assertEquals(r.toString(), 1, r.upward().size());
        return (ErrorMessage) r.upward().get(0);
    }

    @Test
    public void gotoTableMovesTheOffsetAndOutputStripsTheHeadersBeforeIt() throws Exception {
        Rig rig = rig().table(0, 1, Match.of(0, 0, 8));
        rig.entry(0, 0, 0, 1, ether(0x0800), GotoTable.of(1, 14));
        rig.entry(0, 1, 0, 1, List.of(MatchX.exact(Match.of(0, 0, 8), 0x45)), ApplyActions.of(OutputAction.toPort(2)));
        byte[] frame = Frames.ethernet(0x0800, new byte[] {0x45, 7});
        ProcessResult r = rig.dp().process(frame, 1, 0);
        assertArrayEquals(Arrays.copyOfRange(frame, 14, frame.length), r.outputs().get(0).data());
    }

    @Test
    public void movePacketOffsetAndItsBounds() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), MovePacketOffset.of(false, Operand.immediate(12)),
                MovePacketOffset.of(true, Operand.immediate(2)), ApplyActions.of(OutputAction.toPort(2)));
        rig.entry(0, 0, 1, 1, ether(0x0801), MovePacketOffset.of(true, Operand.immediate(200)));
        byte[] frame = Frames.ethernet(0x0800, new byte[0]);
        assertArrayEquals(Arrays.copyOfRange(frame, 10, 60), rig.dp().process(frame, 1, 0).outputs().get(0).data());
        ProcessResult bad = rig.dp().process(Frames.ethernet(0x0801, new byte[0]), 1, 0);
        assertEquals(EndReason.ERROR, bad.endReason());
        ErrorMessage e = onlyError(bad);
        assertEquals(14, e.errorType());
        assertEquals(0x1001, e.code());
        assertEquals("POF_PACKET_LEN_ERROR", e.errorString());
    }

    @Test
    public void setFieldFromMetadataAndModifyFieldWrap() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), WriteMetadata.of(32, 16, 0xbeef), ApplyActions.of(
                SetFieldFromMetadataAction.of(Match.of(0, 112, 16), 32),
                ModifyFieldAction.of(Match.of(0, 128, 8), 1),
                OutputAction.toPort(2)));
        byte[] out = rig.dp().process(Frames.ethernet(0x0800, new byte[] {0, 0, (byte) 0xFF}), 1, 0).outputs().get(0)
                .data();
        assertEquals("beef00", Hex.of(Arrays.copyOfRange(out, 14, 17)));
    }

    @Test
    public void addFieldInsertsBitsAndDeleteFieldRemovesThem() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), ApplyActions.of(AddFieldAction.of(96, 32, 0x8100002aL),
                OutputAction.of(Operand.immediate(2), 0, 16, 0)));
        rig.entry(0, 0, 1, 1, ether(0x0801), ApplyActions.of(
                DeleteFieldAction.of(96, Operand.immediate(16)), OutputAction.toPort(2)));
        byte[] frame = Frames.ethernet(0x0800, new byte[] {1});
        byte[] out = rig.dp().process(frame, 1, 0).outputs().get(0).data();
        // metadata bits 0..15 (the packet length) now say 64, then the tagged frame
        assertEquals("0040", Hex.of(Arrays.copyOf(out, 2)));
        assertEquals(Hex.of(Arrays.copyOf(frame, 12)) + "8100002a" + "080001", Hex.of(Arrays.copyOfRange(out, 2, 21)));
        assertEquals(2 + 64, out.length);
        byte[] out2 = rig.dp().process(Frames.ethernet(0x0801, new byte[] {9}), 1, 0).outputs().get(0).data();
        assertEquals(58, out2.length);
        assertEquals("09", Hex.of(Arrays.copyOfRange(out2, 12, 13)));
    }

    @Test
    public void checksumIsTheIpv4HeaderChecksum() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), ApplyActions.of(
                CalculateChecksumAction.inPacket(14 * 8 + 80, 16, 14 * 8, 160), OutputAction.toPort(2)));
        byte[] ip = Hex.bytes("4500 0073 0000 4000 4011 1234 c0a8 0001 c0a8 00c7");
        byte[] out = rig.dp().process(Frames.ethernet(0x0800, ip), 1, 0).outputs().get(0).data();
        // the well-known example header: checksum b861
        assertEquals("b861", Hex.of(Arrays.copyOfRange(out, 24, 26)));
    }

    @Test
    public void groupRunsItsActionsCountsAndEndsTheActionList() throws Exception {
        Rig rig = rig();
        rig.dp().groupMod(new GroupMod(1, 0, 0, 7, 9, 0, List.of(OutputAction.toPort(1))));
        rig.entry(0, 0, 0, 1, ether(0x0800), ApplyActions.of(GroupAction.of(7), OutputAction.toPort(2)));
        ProcessResult r = rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 2, 0);
        assertEquals(1, r.outputs().size());
        assertEquals(1, r.outputs().get(0).port());
        assertArrayEquals(new long[] {1, 60}, rig.dp().counter(9));
    }

    @Test
    public void meterMustExist() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), Meter.of(3), ApplyActions.of(OutputAction.toPort(2)));
        ErrorMessage e = onlyError(rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0));
        assertEquals("POFMMFC_UNKNOWN_METER", e.errorString());
        rig.dp().meterMod(new MeterMod(2, 0, 0, 3, 1000));
        assertEquals(1, rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0).outputs().size());
    }

    @Test
    public void calculateFieldIs32BitTruncatedToTheDestination() throws Exception {
        Rig rig = rig();
        Match md8 = Match.metadata(32, 8);
        rig.entry(0, 0, 0, 1, ether(0x0800), WriteMetadata.of(32, 8, 0xF0),
                CalculateField.of(CalcType.ADD, md8, Operand.immediate(0x20)),
                WriteMetadata.of(40, 32, 1),
                CalculateField.of(CalcType.LEFT_SHIFT, Match.metadata(40, 32), Operand.immediate(33)),
                CalculateField.of(CalcType.BITWISE_NOR, Match.metadata(72, 8), Operand.immediate(0x0F)),
                ApplyActions.of(OutputAction.of(Operand.immediate(2), 32, 48, 0)));
        byte[] out = rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0).outputs().get(0).data();
        // 0xF0 + 0x20 = 0x110 -> 0x10; 1 << 33 on x86 = 1 << 1; ~(0 | 0x0F) truncated to 8 bits = 0xF0
        assertEquals("10" + "00000002" + "f0", Hex.of(Arrays.copyOf(out, 6)));
    }

    @Test
    public void unsupportedAndUnknownInstructionsAreErrors() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), new RawInstruction(3, 304, new byte[0]));
        rig.entry(0, 0, 1, 1, ether(0x0801), new RawInstruction(77, 304, new byte[0]));
        ErrorMessage e = onlyError(rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0));
        assertEquals(3, e.errorType());
        assertEquals(1, e.code());
        e = onlyError(rig.dp().process(Frames.ethernet(0x0801, new byte[0]), 1, 0));
        assertEquals("POFBIC_UNKNOWN_INST", e.errorString());
    }

    @Test
    public void anEndlessLoopIsStoppedByTheBudget() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), ConditionalJump.of(MD32, Operand.immediate(0), Jump.forward(0),
                Jump.forward(0), Jump.forward(0)));
        ProcessResult r = rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0);
        assertEquals(EndReason.BUDGET_EXCEEDED, r.endReason());
        assertEquals(4097, r.instructions());
        assertTrue("a stock switch has no ERROR for this", r.upward().isEmpty());
    }

    @Test
    public void jumpsOutsideTheEntryAreErrors() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), ConditionalJump.of(MD32, Operand.immediate(0), Jump.backward(1),
                Jump.backward(1), Jump.backward(1)));
        assertEquals("POFBIC_JUM_TO_INVALID_INST",
                onlyError(rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0)).errorString());
    }

    @Test
    public void mmHighestPriorityWinsLpmLongestPrefixEmExact() throws Exception {
        Match b0 = Match.of(0, 0, 8);
        Rig rig = Rig.of(false).table(0, 0, b0).table(1, 0, b0).table(2, 0, b0);
        rig.entry(0, 0, 0, 5, List.of(MatchX.masked(b0, 0, 0)), GotoTable.of(8, 0));
        rig.entry(0, 0, 1, 9, List.of(MatchX.masked(b0, 0xA0, 0xF0)), GotoTable.of(10, 0));
        rig.entry(1, 0, 0, 0, List.of(MatchX.masked(b0, 0x00, 0x00)), ApplyActions.of(OutputAction.toPort(1)));
        rig.entry(1, 0, 1, 0, List.of(MatchX.masked(b0, 0x80, 0x80)), ApplyActions.of(OutputAction.toPort(2)));
        rig.entry(2, 0, 0, 0, List.of(MatchX.exact(b0, 0xAB)), ApplyActions.of(OutputAction.toPort(2)));
        Datapath dp = rig.dp();
        // 0xAB: the MM priority-9 entry -> EM exact hit
        byte[] ab = Frames.ethernet(0, new byte[0]);
        ab[0] = (byte) 0xAB;
        assertEquals(2, dp.process(ab, 1, 0).outputs().get(0).port());
        byte[] ac = ab.clone();
        ac[0] = (byte) 0xAC;
        assertEquals(EndReason.TABLE_MISS, dp.process(ac, 1, 0).endReason());
        // 0x90: MM falls to the priority-5 entry -> LPM: the 1-bit prefix beats the match-all one
        byte[] x90 = ab.clone();
        x90[0] = (byte) 0x90;
        assertEquals(2, dp.process(x90, 1, 0).outputs().get(0).port());
        // 0x10: only the match-all LPM entry matches, and POFSwitch never picks a 0-bit prefix
        byte[] x10 = ab.clone();
        x10[0] = 0x10;
        assertEquals(EndReason.TABLE_MISS, dp.process(x10, 1, 0).endReason());
    }

    @Test
    public void floodSendsToEveryPortButTheIngress() throws Exception {
        Rig rig = new Rig(DatapathConfig.builder().extensionEnabled(false).portCount(3).build()).table(0, 0, ETHER);
        rig.entry(0, 0, 0, 1, ether(0x0800), ApplyActions.of(OutputAction.toPort(255)));
        ProcessResult r = rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 2, 0);
        assertEquals(2, r.outputs().size());
        assertEquals(1, r.outputs().get(0).port());
        assertEquals(3, r.outputs().get(1).port());
    }

    @Test
    public void ingressChecks() throws Exception {
        Rig rig = Rig.of(false);
        assertEquals(EndReason.NO_FIRST_TABLE, rig.dp().process(Frames.ethernet(0x800, new byte[0]), 1, 0).endReason());
        rig.table(0, 0, ETHER);
        assertEquals(EndReason.OVERSIZE, rig.dp().process(new byte[1515], 1, 0).endReason());
        assertEquals(EndReason.PORT_DISABLED, rig.dp().process(new byte[60], 7, 0).endReason());
        rig.dp().portMod(0, 1, false);
        assertEquals(EndReason.PORT_DISABLED, rig.dp().process(new byte[60], 1, 0).endReason());
    }

    @Test
    public void flowModWithWrongKeyLengthReportsTwoErrorsAndInstallsNothing() throws Exception {
        Rig rig = rig();
        try {
            rig.entry(0, 0, 0, 1, List.of(MatchX.exact(Match.of(0, 96, 8), 8)), ApplyActions.of(OutputAction.toPort(2)));
            fail();
        } catch (SwitchError e) {
            assertEquals(2, e.emitted().size());
            assertEquals("POFTMFC_BAD_KEY_LEN", e.emitted().get(0).codeName());
            assertEquals("POFFMFC_UNKNOWN", e.emitted().get(1).codeName());
        }
        assertEquals(0, rig.dp().entryCount(0));
    }

    @Test
    public void addWithAnExistingIndexDuplicatesAndDeleteNeedsAnEmptyTable() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), ApplyActions.of(OutputAction.toPort(2)));
        rig.entry(0, 0, 0, 1, ether(0x0801), ApplyActions.of(OutputAction.toPort(2)));
        assertEquals(2, rig.dp().entryCount(0));
        try {
            rig.dp().tableMod(TableMod.builder().xid(1).command(2).table(0, 0).build());
            fail();
        } catch (SwitchError e) {
            assertEquals(8, e.errorType());
            assertEquals(8, e.code());
            assertEquals("POFTMFC_TABLE_UNEMPTY", e.codeName());
        }
    }

    @Test
    public void gotoDirectTableNeedsTheEntry() throws Exception {
        Rig rig = rig().table(3, 0);
        rig.entry(0, 0, 0, 1, ether(0x0800), GotoDirectTable.of(16, 0, Operand.immediate(4)));
        ErrorMessage e = onlyError(rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0));
        assertEquals(2, e.errorType());
        assertEquals(18, e.code());
    }

    @Test
    public void counterActionCreatesAMissingCounterInsteadOfCrashing() throws Exception {
        Rig rig = rig();
        rig.entry(0, 0, 0, 1, ether(0x0800), ApplyActions.of(CounterAction.of(11), OutputAction.toPort(2)));
        rig.dp().process(Frames.ethernet(0x0800, new byte[0]), 1, 0);
        assertArrayEquals(new long[] {1, 0}, rig.dp().counter(11));
    }

    @Test
    public void packetOutRunsItsActions() {
        Rig rig = Rig.of(false);
        byte[] frame = Frames.ethernet(0x88b9, new byte[] {(byte) 0xca, (byte) 0xfe});
        ProcessResult r = rig.dp().packetOut(new PacketOut(1, 0xFFFFFFFFL, 1, List.of(OutputAction.toPort(2)), frame));
        assertEquals(1, r.outputs().size());
        assertArrayEquals(frame, r.outputs().get(0).data());
        assertNull(r.error());
    }
}
