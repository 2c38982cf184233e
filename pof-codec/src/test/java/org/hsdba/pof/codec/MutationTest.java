package org.hsdba.pof.codec;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.junit.Test;

/**
 * Seeded random corruption of real messages (the complete session vectors plus the six rebuilt
 * FLOW_MODs): bit flips, byte overwrites, truncation and extension. Decoding must either succeed
 * or throw PofDecodeException; whatever decodes must encode, and decode again to an equal value.
 */
public class MutationTest {
    private static final long SEED = 0x5eed_c0deL;
    private static final int ROUNDS_PER_MESSAGE = 400;
    private static final PofCodec CODEC = PofCodec.standard();

    private static List<byte[]> corpus() {
        List<byte[]> out = new ArrayList<>();
        for (SessionVectors.Vector v : SessionVectors.all()) {
            if (!v.isTruncated()) {
                out.add(v.bytes());
            }
        }
        for (FlowMod f : SessionMessages.flows(FlowModCommand.ADD)) {
            out.add(CODEC.encode(f));
        }
        return out;
    }

    private static byte[] mutate(byte[] original, Random random) {
        byte[] b = original.clone();
        switch (random.nextInt(5)) {
            case 0: // flip a few bits anywhere
                for (int i = random.nextInt(4); i >= 0; i--) {
                    int at = random.nextInt(b.length);
                    b[at] ^= (byte) (1 << random.nextInt(8));
                }
                return b;
            case 1: // overwrite a few bytes with random values, biased to the start where counts live
                for (int i = random.nextInt(4); i >= 0; i--) {
                    int at = random.nextBoolean() ? random.nextInt(Math.min(b.length, 64)) : random.nextInt(b.length);
                    b[at] = (byte) random.nextInt(256);
                }
                return b;
            case 2: // truncate
                return Arrays.copyOf(b, random.nextInt(b.length));
            case 3: // extend with junk
                byte[] longer = Arrays.copyOf(b, b.length + 1 + random.nextInt(64));
                for (int i = b.length; i < longer.length; i++) {
                    longer[i] = (byte) random.nextInt(256);
                }
                return longer;
            default: // truncate and fix the length field so the header agrees
                byte[] cut = Arrays.copyOf(b, Math.max(8, random.nextInt(b.length)));
                cut[2] = (byte) (cut.length >> 8);
                cut[3] = (byte) cut.length;
                return cut;
        }
    }

    @Test
    public void corruptedMessagesDecodeOrFailCleanly() {
        Random random = new Random(SEED);
        int decoded = 0;
        int rejected = 0;
        for (byte[] original : corpus()) {
            for (int round = 0; round < ROUNDS_PER_MESSAGE; round++) {
                byte[] bytes = mutate(original, random);
                PofMessage message;
                try {
                    message = CODEC.decode(bytes);
                } catch (PofDecodeException e) {
                    assertTrue(e.getMessage(), e.getMessage().contains("byte offset"));
                    rejected++;
                    continue;
                } catch (RuntimeException e) {
                    throw new AssertionError("decode threw " + e + " for " + Hex.of(bytes), e);
                }
                decoded++;
                byte[] again = CODEC.encode(message);
                try {
                    PofMessage reparsed = CODEC.decode(again);
                    assertEquals(message, reparsed);
                    assertArrayEquals(again, CODEC.encode(reparsed));
                } catch (PofDecodeException e) {
                    fail("re-encoded message does not decode: " + e.getMessage());
                }
            }
        }
        assertTrue("some mutations must decode (" + decoded + ")", decoded > 1000);
        assertTrue("some mutations must be rejected (" + rejected + ")", rejected > 1000);
    }
}
