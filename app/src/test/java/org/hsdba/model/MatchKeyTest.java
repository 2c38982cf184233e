package org.hsdba.model;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

public class MatchKeyTest {

    @Test
    public void hexIsReadAsANumberOfTheFieldLengthAndLeftAligned() {
        MatchKey k = MatchKey.parse("0x0a0000", null, 24);
        assertArrayEquals(new byte[] {0x0a, 0, 0}, k.value());
        assertTrue(k.isExact());
        MatchKey twelve = MatchKey.parse("0xa01", null, 12);
        assertArrayEquals(new byte[] {(byte) 0xa0, 0x10}, twelve.value());
        assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xf0}, twelve.mask());
        assertEquals("0xa01", twelve.valueText());
    }

    @Test
    public void ipv4AndCidrForThirtyTwoBitFields() {
        MatchKey host = MatchKey.parse("10.1.2.3", null, 32);
        assertArrayEquals(new byte[] {10, 1, 2, 3}, host.value());
        assertEquals("10.1.2.3", host.valueText());
        MatchKey net = MatchKey.parse("10.1.7.7/16", null, 32);
        assertArrayEquals(new byte[] {10, 1, 0, 0}, net.value());
        assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xff, 0, 0}, net.mask());
        assertEquals("10.1.0.0/16", net.valueText());
        assertNull(net.maskText());
        assertEquals(16, net.prefixLength());
    }

    @Test
    public void nonPrefixMasksAreKeptInHex() {
        MatchKey k = MatchKey.parse("0x0a00ff01", "0xff00ff00", 32);
        assertEquals(-1, k.prefixLength());
        assertEquals("0x0a00ff00", k.valueText());
        assertEquals("0xff00ff00", k.maskText());
        assertEquals(k, MatchKey.parse(k.valueText(), k.maskText(), 32));
    }

    @Test
    public void overlapFollowsTheMaskedComparison() {
        MatchKey net = MatchKey.parse("10.1.0.0/16", null, 32);
        assertTrue(net.overlaps(MatchKey.parse("10.1.9.9", null, 32)));
        assertFalse(net.overlaps(MatchKey.parse("10.2.0.0/16", null, 32)));
        assertTrue(MatchKey.parse("10.0.0.0/8", null, 32).overlaps(net));
        assertTrue(MatchKey.parse("0.0.0.0/0", null, 32).overlaps(net));
    }

    /** Keys of up to 64 bits are compared as numbers, longer ones byte by byte: both as the definition says. */
    @Test
    public void overlapOfRandomKeysOfEveryLengthIsTheMaskedComparison() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        for (int r = 0; r < 20000; r++) {
            int bits = 1 + rnd.nextInt(r % 2 == 0 ? 64 : FieldSpec.MAX_LENGTH_BITS);
            MatchKey a = randomKey(rnd, bits);
            // often the same value under another mask, so that both outcomes are common
            MatchKey b = rnd.nextBoolean() ? randomKey(rnd, bits) : MatchKey.of(bits, a.value(), randomKey(rnd, bits).mask());
            boolean expected = true;
            for (int i = 0; i < a.value().length; i++) {
                int common = a.mask()[i] & b.mask()[i];
                expected &= (a.value()[i] & common) == (b.value()[i] & common);
            }
            assertEquals(a + " / " + b, expected, a.overlaps(b));
            assertEquals(a + " / " + b, expected, b.overlaps(a));
        }
    }

    private static MatchKey randomKey(java.util.SplittableRandom rnd, int bits) {
        byte[] v = new byte[(bits + 7) / 8];
        byte[] m = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) rnd.nextInt(256);
            m[i] = (byte) (rnd.nextInt(4) == 0 ? rnd.nextInt(256) : 0xff);
        }
        // keep the bits past the length zero, as a key requires
        int spare = v.length * 8 - bits;
        v[v.length - 1] &= (byte) (0xff << spare);
        m[m.length - 1] &= (byte) (0xff << spare);
        return MatchKey.of(bits, v, m);
    }

    @Test
    public void matchesFrameBitsAtAnOffset() {
        byte[] frame = new byte[40];
        frame[30] = 10;
        frame[31] = 1;
        frame[32] = 2;
        frame[33] = 3;
        assertTrue(MatchKey.parse("10.1.0.0/16", null, 32).matches(frame, 240));
        assertFalse(MatchKey.parse("10.2.0.0/16", null, 32).matches(frame, 240));
        assertFalse(MatchKey.parse("10.1.2.3", null, 32).matches(new byte[20], 240));
    }

    @Test
    public void rejectsKeysThatDoNotFitWithAClearMessage() {
        expectError("0x10000", null, 16, "does not fit in 16 bits");
        expectError("10.1.0.0/16", null, 16, "IPv4 notation needs a 32-bit field");
        expectError("10.1.0/16", null, 32, "four parts");
        expectError("10.1.0.300", null, 32, "not an octet");
        expectError("10.1.0.0/33", null, 32, "prefix length must be 0..32");
        expectError("10.1.0.0/16", "0xffff0000", 32, "give only one");
        expectError("12a", null, 16, "expected hex like 0x0a01, a decimal number like 443");
        expectError("0xzz", null, 16, "expected hex");
    }

    private static void expectError(String value, String mask, int bits, String fragment) {
        try {
            MatchKey.parse(value, mask, bits);
            fail("accepted " + value);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(fragment));
        }
    }

    @Test
    public void fieldsUpTo32BitsTakeDecimalKeys() {
        assertEquals(MatchKey.parse("0x01bb", null, 16), MatchKey.parse("443", null, 16));
        assertEquals(MatchKey.parse("10.0.0.7", null, 32), MatchKey.parse("167772167", null, 32));
        assertEquals(MatchKey.parse("0x0a000000", "0xff000000", 32), MatchKey.parse("167772160", "4278190080", 32));
        try {
            MatchKey.parse("65536", null, 16);
            fail("65536 does not fit in 16 bits");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("does not fit in 16 bits"));
        }
        try {
            MatchKey.parse("12", null, 48);
            fail("a 48-bit field is hex only");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("expected hex"));
            assertFalse(e.getMessage(), e.getMessage().contains("decimal"));
        }
    }
}
