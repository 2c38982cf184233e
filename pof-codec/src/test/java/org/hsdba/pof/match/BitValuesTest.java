package org.hsdba.pof.match;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** POF's left-aligned value convention (pof-protocol.md section 1). */
public class BitValuesTest {
    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    @Test
    public void sixteenBitFieldIsLeftAligned() {
        assertArrayEquals(bytes(0x08, 0x00, 0, 0), BitValues.leftAligned(0x0800, 16, 4));
    }

    @Test
    public void fourBitFieldUsesTheHighNibble() {
        assertArrayEquals(bytes(0xA0, 0), BitValues.leftAligned(0xA, 4, 2));
    }

    @Test
    public void numbersWiderThanTheFieldAreTruncatedToItsLowBits() {
        assertArrayEquals(bytes(0xF0), BitValues.leftAligned(0x1F, 4, 1));
    }

    @Test
    public void onesAndNumberInvertLeftAligned() {
        assertArrayEquals(bytes(0xFF, 0xE0, 0), BitValues.ones(11, 3));
        byte[] mac = BitValues.leftAligned(0x0200000000aaL, 48, 16);
        assertEquals(0x0200000000aaL, BitValues.number(mac, 48));
        assertEquals(0xA, BitValues.number(bytes(0xA0), 4));
    }

    @Test(expected = IllegalArgumentException.class)
    public void fieldLongerThanTheArrayIsRejected() {
        BitValues.leftAligned(1, 129, 16);
    }

    @Test
    public void exactMatchXHasAFullMaskOverTheFieldLength() {
        MatchX m = MatchX.exact(Match.of(0, 96, 16), 0x88b5);
        assertArrayEquals(BitValues.leftAligned(0x88b5, 16, 16), m.value());
        assertArrayEquals(BitValues.ones(16, 16), m.mask());
        assertEquals("field0[96+16]=88b5/ffff", m.toString());
    }

    @Test(expected = IllegalArgumentException.class)
    public void matchValueOver16BytesIsRejected() {
        MatchX.of(Match.of(0, 0, 8), new byte[17], new byte[1]);
    }

    @Test(expected = IllegalArgumentException.class)
    public void matchFieldsAreUnsigned16Bit() {
        Match.of(0, 70000, 8);
    }

    @Test
    public void operandIsImmediateOrField() {
        assertEquals(Operand.IMMEDIATE, Operand.immediate(0xffffffffL).typeCode());
        assertEquals(Operand.FIELD, Operand.field(Match.metadata(32, 32)).typeCode());
    }
}
