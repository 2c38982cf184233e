package org.hsdba.pof.ext;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.codec.PofDecodeException;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.RawMessage;
import org.junit.Test;

/** The extension registered into the stock codec, and conversions from its raw forms. */
public class HxExtendedCodecTest {

    private static FlowMod flowModWithHx() {
        return FlowMod.builder().xid(77).command(0).table(0, 1).index(3).priority(10)
                .match(MatchX.exact(Match.of(0, 96, 16), 0x0800))
                .instruction(new HxCallBlock(2, 100, HxCallBlock.words(1, 2, 3)),
                        new HxLookup(4, true, 0, 0x80, 0))
                .build();
    }

    @Test
    public void flowModWithHxInstructionsRoundTripsThroughTheExtendedCodec() throws PofDecodeException {
        PofCodec codec = ExtCodec.extendedCodec();
        FlowMod fm = flowModWithHx();
        byte[] bytes = codec.encode(fm);
        assertEquals(2192, bytes.length);
        // first instruction slot at 8 + 360: type 0x0040, len 8 + 288
        assertEquals(0x00, bytes[368]);
        assertEquals(0x40, bytes[369]);
        assertEquals(0x01, bytes[370]);
        assertEquals(0x28, bytes[371]);
        PofMessage back = codec.decode(bytes);
        assertEquals(fm, back);
        assertArrayEquals(bytes, codec.encode(back));
    }

    @Test
    public void theStockCodecSeesRawInstructionsThatConvertToTheSameTypedOnes() throws Exception {
        byte[] bytes = ExtCodec.extendedCodec().encode(flowModWithHx());
        FlowMod stock = (FlowMod) PofCodec.standard().decode(bytes);
        RawInstruction raw = (RawInstruction) stock.instructions().get(0);
        assertEquals(flowModWithHx().instructions().get(0), ExtCodec.toTyped(raw));
        assertArrayEquals(bytes, PofCodec.standard().encode(stock));
    }

    @Test
    public void messagesRoundTripThroughBothPaths() throws Exception {
        List<HxMessage> all = List.of(new HxFeaturesRequest(1),
                new HxFeaturesReply(2, 1, 8, 256, 256, 280, 65536, 4096, 4096, 5, 6),
                HxBlockMod.add(3, 1, 0xFFFF, true, List.of(ExtCodec.compact(HxReturn.INSTANCE))),
                HxRegisterMod.write(4, 0, 1, 2, 3), HxReadRequest.entries(5, 1),
                HxReadReply.registers(6, false, 0, new long[] {9}),
                new HxEntryStatus(7, 1, 2, 3, 4, 5, 6));
        for (HxMessage m : all) {
            byte[] viaExt = ExtCodec.encode(m);
            assertArrayEquals(m.toString(), viaExt, ExtCodec.extendedCodec().encode(m));
            assertEquals(m, ExtCodec.extendedCodec().decode(viaExt));
            RawMessage raw = (RawMessage) PofCodec.standard().decode(viaExt);
            assertEquals(m, ExtCodec.toTyped(raw));
            assertEquals(raw, ExtCodec.toRaw(m));
            assertTrue(m.toString(), m.toString().startsWith("HX_"));
        }
    }

    @Test
    public void badExtensionBytesBecomeLocatedDecodeErrorsInTheExtendedCodec() {
        byte[] bytes = ExtCodec.encode(HxRegisterMod.write(4, 0, 1, 2, 3));
        bytes[11] = 5; // count 5 but 3 values
        try {
            ExtCodec.extendedCodec().decode(bytes);
            fail();
        } catch (PofDecodeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("HXFC_BAD_LEN"));
        }
        try {
            ExtCodec.extendedCodec().decode(HxInstructionCodecTest.hex("04c4 0010 00000001 0000000000000000"));
            fail();
        } catch (PofDecodeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("24"));
        }
    }
}
