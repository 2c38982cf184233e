package org.hsdba.pof.codec;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.PofVersion;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.GroupCommand;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.TableModCommand;
import org.junit.Test;

/** Each class of bad input is a PofDecodeException that names the type, the offset, the value and the limit. */
public class DecodeErrorTest {
    private static final PofCodec CODEC = PofCodec.standard();
    private static final int H = PofVersion.HEADER_LENGTH;

    private static byte[] flow(int n) {
        return CODEC.encode(SessionMessages.flow(n, 7, FlowModCommand.ADD));
    }

    private static PofDecodeException decodeFails(byte[] bytes, String... fragments) {
        try {
            CODEC.decode(bytes);
        } catch (PofDecodeException e) {
            for (String f : fragments) {
                assertTrue("\"" + e.getMessage() + "\" should mention \"" + f + "\"", e.getMessage().contains(f));
            }
            return e;
        }
        fail("decoding should have failed");
        return null;
    }

    private static void setU16(byte[] b, int at, int v) {
        b[at] = (byte) (v >> 8);
        b[at + 1] = (byte) v;
    }

    @Test
    public void truncatedHeader() {
        PofDecodeException e = decodeFails(new byte[] {4, 0, 0}, "truncated header", "3 of 8");
        assertEquals(-1, e.messageType());
    }

    @Test
    public void truncatedBody() {
        byte[] prefix = Arrays.copyOf(flow(0), 1000);
        PofDecodeException e = decodeFails(prefix, "truncated", "2192", "1000", "FLOW_MOD(15)");
        assertEquals(MessageType.FLOW_MOD, e.messageType());
        assertEquals(1000, e.offset());
    }

    @Test
    public void lengthFieldLongerThanTheBytes() {
        byte[] hello = CODEC.encode(new org.hsdba.pof.message.EchoRequest(1, new byte[4]));
        setU16(hello, 2, 20);
        decodeFails(hello, "truncated", "20", "12", "ECHO_REQUEST");
    }

    @Test
    public void lengthFieldShorterThanTheBytes() {
        byte[] bytes = Arrays.copyOf(CODEC.encode(new org.hsdba.pof.message.Hello(1)), 12);
        PofDecodeException e = decodeFails(bytes, "says 8 bytes but 12", "HELLO");
        assertEquals(8, e.offset());
    }

    @Test
    public void lengthOverTheSwitchLimit() {
        byte[] bytes = new byte[2600];
        bytes[0] = 4;
        bytes[1] = (byte) MessageType.PACKET_OUT;
        setU16(bytes, 2, 2600);
        PofDecodeException e = decodeFails(bytes, "length 2600", "2560", "PACKET_OUT");
        assertEquals(2, e.offset());
    }

    @Test
    public void lengthBelowTheHeader() {
        byte[] bytes = {4, 0, 0, 4, 0, 0, 0, 1};
        decodeFails(bytes, "length 4", "8..2560");
    }

    @Test
    public void wrongVersion() {
        byte[] bytes = CODEC.encode(new org.hsdba.pof.message.Hello(1));
        bytes[0] = 5;
        PofDecodeException e = decodeFails(bytes, "version 5", "is not 4", "HELLO");
        assertEquals(0, e.offset());
    }

    @Test
    public void wrongFixedSizeForTheType() {
        byte[] flow = flow(0);
        byte[] shorter = Arrays.copyOf(flow, 2000);
        setU16(shorter, 2, 2000);
        decodeFails(shorter, "length 2000", "FLOW_MOD is always 2192");
        byte[] table = CODEC.encode(SessionMessages.firstTable(1, TableModCommand.ADD));
        byte[] longer = Arrays.copyOf(table, 160);
        setU16(longer, 2, 160);
        decodeFails(longer, "TABLE_MOD is always 152");
        byte[] request = Arrays.copyOf(CODEC.encode(new org.hsdba.pof.message.FeaturesRequest(1)), 12);
        setU16(request, 2, 12);
        decodeFails(request, "FEATURES_REQUEST is always 8");
    }

    @Test
    public void packetInShorterThanItsFixedPart() {
        byte[] bytes = new byte[20];
        bytes[0] = 4;
        bytes[1] = (byte) MessageType.PACKET_IN;
        setU16(bytes, 2, 20);
        decodeFails(bytes, "length 20", "32..2560", "PACKET_IN");
    }

    @Test
    public void flowModMatchCountOverEight() {
        byte[] bytes = flow(0);
        bytes[H + 1] = 9;
        PofDecodeException e = decodeFails(bytes, "match_field_num = 9", "limit 8", "FLOW_MOD");
        assertEquals(H + 1, e.offset());
    }

    @Test
    public void flowModInstructionCountOverSix() {
        byte[] bytes = flow(1);
        bytes[H + 2] = 7;
        PofDecodeException e = decodeFails(bytes, "instruction_num = 7", "limit 6");
        assertEquals(H + 2, e.offset());
    }

    @Test
    public void applyActionsActionCountOverSix() {
        byte[] bytes = flow(0);
        int actionNum = H + 360 + 8;
        bytes[actionNum] = 7;
        PofDecodeException e = decodeFails(bytes, "instruction[0]", "action_num = 7", "limit 6");
        assertEquals(actionNum, e.offset());
    }

    @Test
    public void tableModMatchCountOverEight() {
        byte[] bytes = CODEC.encode(SessionMessages.firstTable(1, TableModCommand.ADD));
        bytes[H + 3] = 12;
        decodeFails(bytes, "TABLE_MOD", "match_field_num = 12", "limit 8");
    }

    @Test
    public void groupModActionCountOverFour() {
        byte[] bytes = CODEC.encode(new GroupMod(1, GroupCommand.ADD, 0, 3, 0, 0, List.of(OutputAction.toPort(1))));
        bytes[H + 2] = 5;
        decodeFails(bytes, "GROUP_MOD", "action_number = 5", "limit 4");
    }

    @Test
    public void packetOutActionCountOverSix() {
        byte[] bytes = CODEC.encode(new PacketOut(1, 0xffffffffL, 1, List.of(), new byte[60]));
        bytes[H + 8] = 8;
        decodeFails(bytes, "PACKET_OUT", "actionNum = 8", "limit 6");
    }

    @Test
    public void packetOutPacketLenThatLies() {
        byte[] bytes = CODEC.encode(new PacketOut(1, 0xffffffffL, 1, List.of(), new byte[60]));
        bytes[H + 15] = 61;
        PofDecodeException e = decodeFails(bytes, "packetLen = 61", "leaves 60 data bytes");
        assertEquals(H + 12, e.offset());
    }

    @Test
    public void operandTypeOutOfRange() {
        byte[] bytes = flow(3); // GOTO_DIRECT_TABLE: index_type at data offset 1
        int indexType = H + 360 + 8 + 1;
        bytes[indexType] = 2;
        PofDecodeException e = decodeFails(bytes, "index_type = 2", "0 immediate, 1 field");
        assertEquals(indexType, e.offset());
    }

    @Test
    public void jumpDirectionOutOfRange() {
        byte[] bytes = flow(1); // instruction 3 is CONDITIONAL_JMP; offset1_direction at data offset 1
        int direction = H + 360 + 3 * 304 + 8 + 1;
        bytes[direction] = 3;
        decodeFails(bytes, "instruction[3]", "offset1_direction = 3");
    }

    @Test
    public void frameLengthValidatesTheHeaderBeforeTheBodyArrives() throws PofDecodeException {
        byte[] flow = flow(0);
        assertEquals(0, CODEC.frameLength(java.nio.ByteBuffer.wrap(flow, 0, 5)));
        assertEquals(0, CODEC.frameLength(java.nio.ByteBuffer.wrap(flow, 0, 100)));
        assertEquals(2192, CODEC.frameLength(java.nio.ByteBuffer.wrap(flow)));
        byte[] bad = Arrays.copyOf(flow, 100);
        setU16(bad, 2, 2000);
        try {
            CODEC.frameLength(java.nio.ByteBuffer.wrap(bad));
            fail("a FLOW_MOD header announcing 2000 bytes is invalid at once");
        } catch (PofDecodeException expected) {
            assertTrue(expected.getMessage().contains("always 2192"));
        }
    }
}
