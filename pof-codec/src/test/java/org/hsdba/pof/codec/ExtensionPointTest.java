package org.hsdba.pof.codec;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.hsdba.pof.action.ActionType;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.RawAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.InstructionType;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.RawMessage;
import org.hsdba.pof.table.TableType;
import org.junit.Test;

/** Unknown types survive as Raw values, byte-identically; extensions can register typed codecs. */
public class ExtensionPointTest {
    private static final PofCodec CODEC = PofCodec.standard();
    private static final int EXT_INSTRUCTION = 0x4801;
    private static final int EXT_ACTION = 0x4802;
    private static final int EXT_MESSAGE = 0x48;

    private static byte[] data(int n, int seed) {
        byte[] d = new byte[n];
        for (int i = 0; i < n; i++) {
            d[i] = (byte) (seed + i * 7);
        }
        return d;
    }

    private static FlowMod flowWith(Instruction... instructions) {
        return FlowMod.builder().xid(9).table(TableType.MM, 0).index(1).instruction(instructions).build();
    }

    @Test
    public void unknownInstructionDecodesRawAndReencodesIdentically() throws PofDecodeException {
        RawInstruction raw = new RawInstruction(EXT_INSTRUCTION, 123, data(Instruction.DATA_LENGTH, 3));
        byte[] bytes = CODEC.encode(flowWith(raw));
        FlowMod decoded = (FlowMod) CODEC.decode(bytes);
        assertEquals(raw, decoded.instructions().get(0));
        assertEquals(123, decoded.instructions().get(0).len());
        assertArrayEquals(bytes, CODEC.encode(decoded));
        assertFalse(InstructionType.isKnown(EXT_INSTRUCTION));
    }

    @Test
    public void unsupportedStockInstructionTypesAreRawToo() throws PofDecodeException {
        RawInstruction writeActions = new RawInstruction(InstructionType.WRITE_ACTIONS, 304, new byte[0]);
        FlowMod decoded = (FlowMod) CODEC.decode(CODEC.encode(flowWith(writeActions)));
        assertEquals(writeActions, decoded.instructions().get(0));
    }

    @Test
    public void unknownActionDecodesRawAndReencodesIdentically() throws PofDecodeException {
        RawAction raw = new RawAction(EXT_ACTION, 20, data(44, 5));
        byte[] bytes = CODEC.encode(flowWith(ApplyActions.of(raw, OutputAction.toPort(2))));
        FlowMod decoded = (FlowMod) CODEC.decode(bytes);
        ApplyActions apply = (ApplyActions) decoded.instructions().get(0);
        assertEquals(raw, apply.actions().get(0));
        assertEquals(OutputAction.toPort(2), apply.actions().get(1));
        assertArrayEquals(bytes, CODEC.encode(decoded));
        assertFalse(ActionType.isKnown(EXT_ACTION));
        assertTrue(ActionType.isKnown(ActionType.COUNTER));
    }

    @Test
    public void unknownMessageDecodesRawAndReencodesIdentically() throws PofDecodeException {
        RawMessage raw = new RawMessage(EXT_MESSAGE, 0xfedcba98L, data(40, 1));
        byte[] bytes = CODEC.encode(raw);
        assertEquals(48, bytes.length);
        PofMessage decoded = CODEC.decode(bytes);
        assertEquals(raw, decoded);
        assertArrayEquals(bytes, CODEC.encode(decoded));
        assertFalse(MessageType.isKnown(EXT_MESSAGE));
        assertFalse(CODEC.decodesMessageType(EXT_MESSAGE));
    }

    @Test
    public void stockTypesTheSwitchDoesNotUseAreRawAndNotKnown() throws PofDecodeException {
        for (int type : new int[] {MessageType.EXPERIMENTER, MessageType.FLOW_REMOVED, MessageType.MULTIPART_REQUEST,
            MessageType.BARRIER_REPLY, MessageType.ROLE_REQUEST}) {
            assertFalse(MessageType.name(type), MessageType.isKnown(type));
            PofMessage decoded = CODEC.decode(CODEC.encode(new RawMessage(type, 1, new byte[0])));
            assertTrue(decoded instanceof RawMessage);
        }
        assertTrue(MessageType.isKnown(MessageType.BARRIER_REQUEST));
        assertTrue(CODEC.decodesMessageType(MessageType.BARRIER_REQUEST));
    }

    /** A toy extension instruction: a u32 in the first four data bytes. */
    static final class Mark extends Instruction {
        private final long value;

        Mark(int len, long value) {
            super(len);
            this.value = value;
        }

        @Override
        public int type() {
            return EXT_INSTRUCTION;
        }

        @Override
        protected Object[] components() {
            return new Object[] {value};
        }

        @Override
        protected String[] componentNames() {
            return new String[] {"value"};
        }
    }

    @Test
    public void registeredInstructionCodecDecodesTyped() throws PofDecodeException {
        PofCodec extended = CODEC.toBuilder().instruction(SlotCodec.of(EXT_INSTRUCTION, Mark.class,
                (m, out, c) -> out.putInt((int) m.value), (len, in, c) -> new Mark(len, in.u32("value")))).build();
        Mark mark = new Mark(Instruction.DEFAULT_LEN, 0xabcdef01L);
        byte[] bytes = extended.encode(flowWith(mark));
        assertEquals(mark, ((FlowMod) extended.decode(bytes)).instructions().get(0));
        assertTrue(extended.decodesInstructionType(EXT_INSTRUCTION));
        // the stock codec sees the same bytes as a raw instruction and re-encodes them unchanged
        Instruction raw = ((FlowMod) CODEC.decode(bytes)).instructions().get(0);
        assertTrue(raw instanceof RawInstruction);
        assertArrayEquals(bytes, CODEC.encode(flowWith(raw)));
        try {
            CODEC.encode(flowWith(mark));
            fail("the stock codec has no codec for the extension class");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("no codec registered"));
        }
    }

    @Test
    public void extensionDecoderRejectingItsInputBecomesADecodeError() {
        PofCodec extended = CODEC.toBuilder().instruction(SlotCodec.of(EXT_INSTRUCTION, Mark.class,
                (m, out, c) -> out.putInt((int) m.value), (len, in, c) -> {
                    throw new IllegalArgumentException("value out of range");
                })).build();
        byte[] bytes = CODEC.encode(flowWith(new RawInstruction(EXT_INSTRUCTION, 304, new byte[0])));
        try {
            extended.decode(bytes);
            fail();
        } catch (PofDecodeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("instruction[0]"));
            assertTrue(e.getMessage(), e.getMessage().contains("value out of range"));
        }
    }

    @Test
    public void registeredMessageCodecDecodesTypedAndSetsFraming() throws PofDecodeException {
        PofCodec extended = CODEC.toBuilder().message(MessageCodec.fixed(EXT_MESSAGE, RawLike.class, 4,
                (m, out, c) -> out.putInt((int) m.value), (xid, in, c) -> new RawLike(xid, in.u32("value")))).build();
        byte[] bytes = extended.encode(new RawLike(5, 77));
        assertEquals(12, bytes.length);
        assertEquals(new RawLike(5, 77), extended.decode(bytes));
        byte[] wrongSize = CODEC.encode(new RawMessage(EXT_MESSAGE, 5, new byte[8]));
        try {
            extended.decode(wrongSize);
            fail();
        } catch (PofDecodeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("always 12"));
        }
    }

    /** A toy extension message with a u32 body. */
    static final class RawLike extends PofMessage {
        private final long value;

        RawLike(long xid, long value) {
            super(xid);
            this.value = value;
        }

        @Override
        public int type() {
            return EXT_MESSAGE;
        }

        @Override
        protected Object[] components() {
            return new Object[] {value};
        }

        @Override
        protected String[] componentNames() {
            return new String[] {"value"};
        }
    }
}
