package org.hsdba.pof.match;

/**
 * Conversions between numbers and POF's left-aligned value bytes: the first {@code lengthBits}
 * bits (MSB-first) of the array hold the number, the rest is zero.
 */
public final class BitValues {
    private BitValues() {
    }

    /**
     * The low {@code lengthBits} bits of {@code number} placed at the start of a {@code size}-byte
     * array. Lengths above 64 bits put the number in the last 64 of them (leading zeros).
     */
    public static byte[] leftAligned(long number, int lengthBits, int size) {
        if (lengthBits < 0 || lengthBits > size * 8) {
            throw new IllegalArgumentException("lengthBits must be in 0.." + size * 8 + ", got " + lengthBits);
        }
        byte[] out = new byte[size];
        for (int i = 0; i < lengthBits; i++) {
            int fromLsb = lengthBits - 1 - i;
            if (fromLsb < 64 && ((number >>> fromLsb) & 1L) != 0) {
                out[i >> 3] |= (byte) (0x80 >>> (i & 7));
            }
        }
        return out;
    }

    /** An array of {@code size} bytes whose first {@code lengthBits} bits are one. */
    public static byte[] ones(int lengthBits, int size) {
        if (lengthBits < 0 || lengthBits > size * 8) {
            throw new IllegalArgumentException("lengthBits must be in 0.." + size * 8 + ", got " + lengthBits);
        }
        byte[] out = new byte[size];
        for (int i = 0; i < lengthBits; i++) {
            out[i >> 3] |= (byte) (0x80 >>> (i & 7));
        }
        return out;
    }

    /** The first {@code lengthBits} (at most 64) bits of {@code bytes} as an unsigned number. */
    public static long number(byte[] bytes, int lengthBits) {
        if (lengthBits < 0 || lengthBits > 64 || lengthBits > bytes.length * 8) {
            throw new IllegalArgumentException("lengthBits must be in 0.." + Math.min(64, bytes.length * 8)
                    + ", got " + lengthBits);
        }
        long v = 0;
        for (int i = 0; i < lengthBits; i++) {
            v = (v << 1) | ((bytes[i >> 3] >>> (7 - (i & 7))) & 1);
        }
        return v;
    }
}
