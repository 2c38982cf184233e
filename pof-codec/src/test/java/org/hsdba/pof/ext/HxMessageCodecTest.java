package org.hsdba.pof.ext;

import static org.hsdba.pof.ext.HxInstructionCodecTest.hex;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import java.util.List;
import org.junit.Test;

/** Byte layouts of docs/pof-hsdba-extension.md sections 2, 5, 6, 8, 9 and round trips. */
public class HxMessageCodecTest {

    private static byte[] roundTrip(HxMessage m) throws HxDecodeException {
        byte[] bytes = ExtCodec.encode(m);
        assertEquals(8 + m.bodyLength(), bytes.length);
        assertEquals(4, bytes[0]);
        assertEquals((byte) m.type(), bytes[1]);
        HxMessage back = ExtCodec.decode(bytes);
        assertEquals(m, back);
        assertArrayEquals(bytes, ExtCodec.encode(back));
        return bytes;
    }

    @Test
    public void featuresRequestIsAnEmptyMessageOfType192() throws Exception {
        assertArrayEquals(hex("04c0 0008 0000002a"), roundTrip(new HxFeaturesRequest(42)));
    }

    @Test
    public void featuresReplyLayout() throws Exception {
        HxFeaturesReply r = new HxFeaturesReply(42, 1, 8, 256, 256, 280, 65536, 4096, 4096, 0x0102030405060708L, 99);
        byte[] b = roundTrip(r);
        assertEquals(56, b.length);
        assertArrayEquals(hex("04c1 0038 0000002a 48534442 0001 0008 0100 0100 0118 0000 00010000 00001000 00001000"
                + " 00000000 0102030405060708 0000000000000063"), b);
        byte[] badMagic = b.clone();
        badMagic[8] = 0;
        expect(HxErrorCode.BAD_LEN, badMagic);
    }

    @Test
    public void blockModCarriesCompactInstructions() throws Exception {
        HxMessage m = HxBlockMod.add(7, 3, 1, true, List.of(
                ExtCodec.compact(HxAlu.mov(HxOperand.state(0), HxOperand.time())),
                ExtCodec.compact(HxReturn.INSTANCE)));
        byte[] b = roundTrip(m);
        assertEquals(8 + 8 + 80 + 8, b.length);
        assertArrayEquals(hex("04c2 0068 00000007 00 01 0003 0002 0001 0041 0050 00000000"), Arrays.copyOf(b, 24));
        assertArrayEquals(hex("0044 0008 00000000"), Arrays.copyOfRange(b, 96, 104));
        roundTrip(HxBlockMod.append(8, 3, false, List.of(ExtCodec.compact(HxReturn.INSTANCE))));
        assertArrayEquals(hex("04c2 0010 00000009 02 00 0003 0000 ffff"), roundTrip(HxBlockMod.delete(9, 3)));
    }

    @Test
    public void blockModRejectsLiesAboutItsLength() {
        expect(HxErrorCode.BAD_LEN, hex("04c2 0010 00000009 00 01 0003 0001 ffff"));
        expect(HxErrorCode.BAD_INSTRUCTION, hex("04c2 0018 00000009 00 01 0003 0001 ffff 0041 000c 00000000"));
        expect(HxErrorCode.BAD_LEN, hex("04c2 0018 00000009 00 01 0003 0001 ffff 0041 0050 00000000"));
        expect(HxErrorCode.BAD_LEN, hex("04c2 0020 00000009 00 01 0003 0001 ffff 0044 0008 00000000 0044 0008 00000000"));
    }

    @Test
    public void registerModLayout() throws Exception {
        assertArrayEquals(hex("04c3 0020 00000001 00 00 0002 00000010 0000000000000005 ffffffffffffffff"),
                roundTrip(HxRegisterMod.write(1, 16, 5, -1)));
        assertArrayEquals(hex("04c3 0010 00000002 01 00 0400 00000000"), roundTrip(HxRegisterMod.zero(2, 0, 1024)));
        expect(HxErrorCode.BAD_LEN, hex("04c3 0018 00000001 00 00 0002 00000010 0000000000000005"));
    }

    @Test
    public void readRequestAndRepliesLayout() throws Exception {
        assertArrayEquals(hex("04c4 0018 00000005 00 11 0000 00000000 ffffffff 00000000"),
                roundTrip(HxReadRequest.entries(5, 17)));
        assertArrayEquals(hex("04c4 0018 00000006 01 00 0000 00000008 00000004 00000000"),
                roundTrip(HxReadRequest.registers(6, 8, 4)));
        HxEntryRecord rec = new HxEntryRecord(3, true, true, 2, 10, 15000, 1, 1500, 123456789L, new long[] {7, 8});
        byte[] b = roundTrip(HxReadReply.entries(5, 17, true, List.of(rec)));
        assertArrayEquals(hex("04c5 0050 00000005 00 11 01 01 00000000 00000003 03 02 0002 000000000000000a"
                + " 0000000000003a98 0000000000000001 00000000000005dc 00000000075bcd15"
                + " 0000000000000007 0000000000000008"), b);
        assertArrayEquals(hex("04c5 0020 00000006 01 00 00 02 00000008 0000000000000001 0000000000000002"),
                roundTrip(HxReadReply.registers(6, false, 8, new long[] {1, 2})));
    }

    @Test
    public void entryStatusLayout() throws Exception {
        assertArrayEquals(hex("04c6 0028 00000009 00 11 0000 00000004 0000000000000064 00000000000003e8"
                + " 0000000000000010"), roundTrip(new HxEntryStatus(9, HxEntryStatus.REASON_IDLE, 17, 4, 100, 1000, 16)));
    }

    @Test
    public void headerProblemsAreReported() {
        expect(HxErrorCode.BAD_LEN, hex("04c0 0009 00000001"));
        expect(HxErrorCode.BAD_LEN, hex("03c0 0008 00000001"));
        expect(HxErrorCode.BAD_LEN, hex("04c0 000c 00000001 00000000"));
        expect(HxErrorCode.UNKNOWN, hex("0405 0008 00000001"));
        expect(HxErrorCode.BAD_LEN, hex("04c0"));
    }

    @Test
    public void encodeRefusesMessagesOverTheLimit() {
        HxBlockMod tooBig = HxBlockMod.add(1, 1, 0xFFFF, true,
                java.util.Collections.nCopies(9, ExtCodec.compact(new HxCallBlock(1, 0, new byte[0]))));
        try {
            ExtCodec.encode(tooBig);
            fail("9 x 296-byte instructions exceed 2560 bytes");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("2560"));
        }
    }

    private static void expect(HxErrorCode code, byte[] message) {
        try {
            ExtCodec.decode(message);
            fail("expected " + code);
        } catch (HxDecodeException e) {
            assertEquals(e.getMessage(), code, e.code());
        }
    }
}
