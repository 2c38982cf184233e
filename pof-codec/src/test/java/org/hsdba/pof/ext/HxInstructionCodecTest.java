package org.hsdba.pof.ext;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import org.hsdba.pof.instruction.RawInstruction;
import org.junit.Test;

/** Byte layouts of docs/pof-hsdba-extension.md section 4 and round trips through RawInstruction. */
public class HxInstructionCodecTest {

    static byte[] hex(String s) {
        s = s.replace(" ", "");
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    private static HxInstruction roundTrip(HxInstruction ins) throws HxDecodeException {
        RawInstruction raw = ExtCodec.toRaw(ins);
        assertEquals(ins.type(), raw.type());
        assertEquals(8 + ins.bodyLength(), raw.len());
        HxInstruction back = ExtCodec.toTyped(raw);
        assertEquals(ins, back);
        assertEquals(ins.hashCode(), back.hashCode());
        return back;
    }

    @Test
    public void operandLayout() {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(64);
        HxOperand.meta(32, 16).encode(b);
        HxOperand.reg(5, 3).encode(b);
        HxOperand.imm(0x1122334455667788L).encode(b);
        HxOperand.rand().encode(b);
        assertArrayEquals(hex("01ff 0020 0010 0000 0000000000000000"
                + "0503 0005 0000 0000 0000000000000000"
                + "00ff 0000 0000 0000 1122334455667788"
                + "07ff 0000 0000 0000 0000000000000000"), b.array());
    }

    @Test
    public void aluLayoutAndRoundTrip() throws Exception {
        HxAlu alu = new HxAlu(HxAluOp.MULDIV, HxOperand.state(1), HxOperand.meta(0, 16), HxOperand.imm(1_000_000_000L),
                HxOperand.param(2));
        byte[] body = alu.body();
        assertEquals(72, body.length);
        assertEquals(13, body[0]);
        assertArrayEquals(hex("04ff 0001 0000 0000 0000000000000000"), Arrays.copyOfRange(body, 8, 24));
        assertArrayEquals(hex("01ff 0000 0010 0000 0000000000000000"), Arrays.copyOfRange(body, 24, 40));
        assertArrayEquals(hex("00ff 0000 0000 0000 000000003b9aca00"), Arrays.copyOfRange(body, 40, 56));
        assertArrayEquals(hex("03ff 0002 0000 0000 0000000000000000"), Arrays.copyOfRange(body, 56, 72));
        roundTrip(alu);
    }

    @Test
    public void branchLayoutAndRoundTrip() throws Exception {
        HxBranch br = HxBranch.backward(HxBranchCond.LT, 3, HxOperand.rand(), HxOperand.meta(64, 32));
        byte[] body = br.body();
        assertEquals(40, body.length);
        assertArrayEquals(hex("02 01 0000 00000003"), Arrays.copyOf(body, 8));
        assertEquals(7, body[8]);
        roundTrip(br);
    }

    @Test
    public void callBlockLayoutAndRoundTrip() throws Exception {
        HxCallBlock call = new HxCallBlock(3, 500, HxCallBlock.words(7, 1L << 40));
        byte[] body = call.body();
        assertEquals(288, body.length);
        assertArrayEquals(hex("0003 0010 000001f4 0000000000000007 0000010000000000"), Arrays.copyOf(body, 24));
        for (int i = 24; i < 288; i++) {
            assertEquals(0, body[i]);
        }
        HxCallBlock back = (HxCallBlock) roundTrip(call);
        assertEquals(2, back.paramWords());
        assertEquals(1L << 40, back.paramWord(1));
    }

    @Test
    public void callBlockIdleTimeoutIsAnUnsigned32BitField() throws Exception {
        HxCallBlock hour = new HxCallBlock(3, 3_600_000, new byte[0]);
        assertArrayEquals(hex("0003 0000 0036ee80"), Arrays.copyOf(hour.body(), 8));
        assertEquals(3_600_000L, ((HxCallBlock) roundTrip(hour)).idleTimeoutMs());
        HxCallBlock longest = new HxCallBlock(3, HxCallBlock.MAX_IDLE_TIMEOUT_MS, new byte[0]);
        assertArrayEquals(hex("0003 0000 ffffffff"), Arrays.copyOf(longest.body(), 8));
        assertEquals(HxCallBlock.MAX_IDLE_TIMEOUT_MS, ((HxCallBlock) roundTrip(longest)).idleTimeoutMs());
    }

    @Test
    public void lookupLayoutAndRoundTrip() throws Exception {
        HxLookup lookup = new HxLookup(10, true, -14, 0x80, 250);
        assertArrayEquals(hex("0a 01 fff2 80 00 00fa 0000000000000000"), lookup.body());
        roundTrip(lookup);
        assertEquals(HxLookup.DEFAULT_HOLD_MS, new HxLookup(1, true, 0, 1, 0).effectiveHoldMs());
    }

    @Test
    public void decodedInstructionsKeepTheirLenSoReencodingIsExact() throws Exception {
        HxAlu alu = HxAlu.mov(HxOperand.state(0), HxOperand.time());
        RawInstruction slot304 = new RawInstruction(HxTypes.ALU, 304, alu.body());
        HxInstruction typed = ExtCodec.toTyped(slot304);
        assertEquals(304, typed.len());
        assertEquals(slot304, ExtCodec.toRaw(typed));
        assertEquals(80, ExtCodec.compact(typed).len());
    }

    @Test
    public void returnHasNoBody() throws Exception {
        assertEquals(8, ExtCodec.toRaw(HxReturn.INSTANCE).len());
        assertSame(HxReturn.INSTANCE, roundTrip(HxReturn.INSTANCE));
    }

    @Test
    public void compactFormOfAStockInstructionKeepsOnlyItsUsedBytes() {
        org.hsdba.pof.instruction.Instruction apply = org.hsdba.pof.instruction.ApplyActions.of(
                org.hsdba.pof.action.OutputAction.toPort(2));
        RawInstruction c = ExtCodec.compact(apply);
        assertEquals(4, c.type());
        // action_num + 7 pad, then the action: header 4, type/pad/offsets 8, then the port u32 ending at 23
        assertEquals(8 + 24, c.len());
        assertEquals(2, c.data()[23]);
    }

    @Test
    public void compactTrimsTrailingZeroBytesToWholeWords() {
        byte[] data = new byte[296];
        data[0] = 1;
        data[20] = 5;
        RawInstruction c = ExtCodec.compact(4, data);
        assertEquals(8 + 24, c.len());
        assertEquals(4, c.type());
        assertArrayEquals(data, c.data());
        assertEquals(8, ExtCodec.compact(4, new byte[296]).len());
    }

    @Test
    public void badBytesAreRejectedWithTheirErrorCode() {
        expect(HxErrorCode.BAD_INSTRUCTION, HxTypes.ALU, hex("20"));
        byte[] alu = new HxAlu(HxAluOp.ADD, HxOperand.reg(1), HxOperand.reg(1), HxOperand.imm(1), HxOperand.imm(0)).body();
        byte[] readOnlyDst = alu.clone();
        readOnlyDst[8] = 6; // TIME
        expect(HxErrorCode.BAD_OPERAND, HxTypes.ALU, readOnlyDst);
        byte[] badDomain = alu.clone();
        badDomain[24] = 9;
        expect(HxErrorCode.BAD_OPERAND, HxTypes.ALU, badDomain);
        byte[] metaNoLen = alu.clone();
        metaNoLen[24] = 1; // META with len 0
        expect(HxErrorCode.BAD_OPERAND, HxTypes.ALU, metaNoLen);
        byte[] indexOnState = alu.clone();
        indexOnState[8] = 4;
        indexOnState[9] = 2;
        expect(HxErrorCode.BAD_OPERAND, HxTypes.ALU, indexOnState);
        expect(HxErrorCode.BAD_INSTRUCTION, HxTypes.BRANCH, hex("06"));
        expect(HxErrorCode.BAD_INSTRUCTION, HxTypes.BRANCH, hex("00 02"));
        expect(HxErrorCode.BAD_PARAM, HxTypes.CALL_BLOCK, hex("0001 000c"));
        expect(HxErrorCode.BAD_PARAM, HxTypes.CALL_BLOCK, hex("0001 0120"));
        expect(HxErrorCode.BAD_INSTRUCTION, 9, new byte[0]);
    }

    private static void expect(HxErrorCode code, int type, byte[] data) {
        try {
            ExtCodec.decodeInstruction(type, 304, data);
            fail("expected " + code);
        } catch (HxDecodeException e) {
            assertEquals(e.getMessage(), code, e.code());
            assertTrue(e.getMessage(), e.getMessage().contains(code.errString()));
        }
    }

    @Test
    public void constructorsRejectValuesThatCannotBeEncoded() {
        rejects(() -> new HxCallBlock(1, 0, new byte[12]));
        rejects(() -> new HxCallBlock(1, 0, new byte[288]));
        rejects(() -> new HxCallBlock(1, 1L << 32, new byte[0]));
        rejects(() -> new HxCallBlock(1, -1, new byte[0]));
        rejects(() -> HxAlu.mov(HxOperand.param(0), HxOperand.imm(1)));
        rejects(() -> HxOperand.meta(0, 65));
        rejects(() -> new HxLookup(256, false, 0, 0, 0));
        rejects(() -> HxBranch.forward(HxBranchCond.EQ, -1, HxOperand.imm(0), HxOperand.imm(0)));
    }

    private static void rejects(Runnable r) {
        try {
            r.run();
            fail("expected IllegalArgumentException");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().length() > 10);
        }
    }
}
