package org.hsdba.pof.codec;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.message.CString;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.ErrorCode;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.MeterCommand;
import org.hsdba.pof.message.MeterMod;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.table.GlobalTableIds;
import org.junit.Test;

/** The codec's buffer-based entry points and the convenience views of decoded messages. */
public class CodecApiTest {
    private static final PofCodec CODEC = PofCodec.standard();

    private static SessionVectors.Vector first(String message) {
        for (SessionVectors.Vector v : SessionVectors.all()) {
            if (v.message().equals(message)) {
                return v;
            }
        }
        throw new AssertionError("no " + message + " vector");
    }

    @Test
    public void encodeIntoADirtyBufferZeroFillsAndAdvances() {
        FlowMod flow = SessionMessages.flow(0, 5, FlowModCommand.ADD);
        ByteBuffer out = ByteBuffer.allocate(3000);
        Arrays.fill(out.array(), (byte) 0x5a);
        out.position(10);
        CODEC.encode(flow, out);
        assertEquals(10 + 2192, out.position());
        assertArrayEquals(CODEC.encode(flow), Arrays.copyOfRange(out.array(), 10, 10 + 2192));
        assertEquals(2192, CODEC.encodedLength(flow));
    }

    @Test
    public void encodeWithAnotherXidChangesOnlyTheHeaderXid() throws PofDecodeException {
        FlowMod flow = SessionMessages.flow(1, 5, FlowModCommand.ADD);
        byte[] original = CODEC.encode(flow);
        byte[] renumbered = CODEC.encode(flow, 0xFEDCBA98L);
        assertArrayEquals(new byte[] {(byte) 0xFE, (byte) 0xDC, (byte) 0xBA, (byte) 0x98},
                Arrays.copyOfRange(renumbered, 4, 8));
        assertArrayEquals(Arrays.copyOfRange(original, 8, original.length),
                Arrays.copyOfRange(renumbered, 8, renumbered.length));
        assertEquals(flow.toBuilder().xid(0xFEDCBA98L).build(), CODEC.decode(renumbered));

        ByteBuffer out = ByteBuffer.allocate(2192);
        CODEC.encode(flow, 0xFEDCBA98L, out);
        assertArrayEquals(renumbered, out.array());
    }

    @Test(expected = IllegalArgumentException.class)
    public void encodeRejectsAnXidOutsideU32() {
        CODEC.encode(new EchoRequest(1), 1L << 32);
    }

    @Test
    public void decodeFromABufferSliceLeavesItsPosition() throws PofDecodeException {
        byte[] echo = CODEC.encode(new EchoRequest(77, new byte[] {1, 2, 3}));
        byte[] framed = new byte[echo.length + 6];
        System.arraycopy(echo, 0, framed, 3, echo.length);
        ByteBuffer buffer = ByteBuffer.wrap(framed, 3, echo.length);
        assertEquals(echo.length, CODEC.frameLength(buffer));
        PofMessage m = CODEC.decode(buffer);
        assertEquals(new EchoRequest(77, new byte[] {1, 2, 3}), m);
        assertEquals(3, buffer.position());
        ByteBuffer direct = ByteBuffer.allocateDirect(echo.length);
        direct.put(echo).flip();
        assertEquals(m, CODEC.decode(direct));
    }

    @Test(expected = IllegalArgumentException.class)
    public void messagesOverTheSwitchLimitAreNotEncoded() {
        CODEC.encode(new EchoRequest(1, new byte[2553]));
    }

    @Test
    public void errorKeepsStaleBytesAndOffersTheString() throws PofDecodeException {
        byte[] bytes = first("ERROR").bytes();
        ErrorMessage e = (ErrorMessage) CODEC.decode(bytes);
        assertEquals(ErrorType.BAD_REQUEST, e.errorType());
        assertEquals(ErrorCode.BadRequest.BAD_TYPE, e.code());
        assertEquals("POFBRC_BAD_TYPE", e.errorString());
        assertEquals(1, e.reserved()[5]);
        assertTrue(e.text().toString().startsWith("\"POFBRC_BAD_TYPE\"+00"));
        ErrorMessage clean = ErrorMessage.of(118, ErrorType.BAD_REQUEST, ErrorCode.BadRequest.BAD_TYPE, 1,
                "POFBRC_BAD_TYPE");
        assertEquals("POFBRC_BAD_TYPE", clean.errorString());
        assertEquals(280, CODEC.encode(clean).length);
    }

    @Test
    public void resourceReportGivesTheGlobalTableIds() throws PofDecodeException {
        ResourceReport r = (ResourceReport) CODEC.decode(first("RESOURCE_REPORT").bytes());
        assertEquals(GlobalTableIds.of(8, 2, 6, 7), r.tableIds());
        assertEquals(SessionMessages.TABLE_IDS, r.tableIds());
    }

    @Test
    public void otherControllerMessagesRoundTrip() throws PofDecodeException {
        List<PofMessage> messages = List.of(
                new MeterMod(3, MeterCommand.ADD, 0, 9, 1_000_000),
                new org.hsdba.pof.message.GroupMod(4, 0, 0, 2, 8, 0,
                        List.of(OutputAction.toPort(1), OutputAction.toPort(2))),
                new PacketOut(5, 0xffffffffL, 1, List.of(), new byte[0]));
        for (PofMessage m : messages) {
            byte[] bytes = CODEC.encode(m);
            assertEquals(m, CODEC.decode(bytes));
            assertArrayEquals(bytes, CODEC.encode(CODEC.decode(bytes)));
        }
    }

    @Test
    public void namesAreNulPaddedAndMustFit() {
        CString name = CString.of("s1-eth1", 64);
        assertEquals(64, name.size());
        assertEquals("s1-eth1", name.text());
        try {
            CString.of("x".repeat(65), 64);
            throw new AssertionError("a 65-byte name must not fit 64 bytes");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("holds 64"));
        }
    }

    @Test
    public void builderRejectsMoreThanSixInstructions() {
        FlowMod.Builder b = FlowMod.builder();
        for (int i = 0; i < 7; i++) {
            b.instruction(org.hsdba.pof.instruction.Meter.of(i));
        }
        try {
            b.build();
            throw new AssertionError("seven instructions must be rejected");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("at most 6"));
        }
    }
}
