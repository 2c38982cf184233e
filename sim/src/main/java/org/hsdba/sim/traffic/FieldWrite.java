package org.hsdba.sim.traffic;

import java.util.Arrays;

/**
 * Bits to set in a frame so that it matches one level's key: the field at
 * {@code {offsetBits, lengthBits}} (MSB-first bit offsets from the start of the Ethernet frame,
 * POF style) takes {@code value} where {@code mask} has a 1. Value and mask are left-aligned:
 * their first {@code lengthBits} bits are used. Immutable.
 */
public final class FieldWrite {

    private final int offsetBits;
    private final int lengthBits;
    private final byte[] value;
    private final byte[] mask;

    public FieldWrite(int offsetBits, int lengthBits, byte[] value, byte[] mask) {
        if (offsetBits < 0 || lengthBits <= 0) {
            throw new IllegalArgumentException("field {offset " + offsetBits + ", length " + lengthBits
                    + "} bits: need offset >= 0 and length > 0");
        }
        int bytes = (lengthBits + 7) / 8;
        if (value.length < bytes || mask.length < bytes) {
            throw new IllegalArgumentException("field {offset " + offsetBits + ", length " + lengthBits
                    + "} bits needs " + bytes + " value and mask bytes, got " + value.length + " and "
                    + mask.length);
        }
        this.offsetBits = offsetBits;
        this.lengthBits = lengthBits;
        this.value = Arrays.copyOf(value, bytes);
        this.mask = Arrays.copyOf(mask, bytes);
    }

    /** An exact-match field (all mask bits set). */
    public static FieldWrite exact(int offsetBits, int lengthBits, byte[] value) {
        byte[] mask = new byte[(lengthBits + 7) / 8];
        Arrays.fill(mask, (byte) 0xff);
        return new FieldWrite(offsetBits, lengthBits, value, mask);
    }

    public int offsetBits() {
        return offsetBits;
    }

    public int lengthBits() {
        return lengthBits;
    }

    /** One past the last bit written. */
    public int endBits() {
        return offsetBits + lengthBits;
    }

    public byte[] value() {
        return value.clone();
    }

    public byte[] mask() {
        return mask.clone();
    }

    /** Writes the masked bits into {@code frame}; the caller has checked the frame is long enough. */
    void applyTo(byte[] frame) {
        for (int i = 0; i < lengthBits; i++) {
            if (bit(mask, i)) {
                int target = offsetBits + i;
                int shift = 7 - (target & 7);
                if (bit(value, i)) {
                    frame[target >>> 3] |= (byte) (1 << shift);
                } else {
                    frame[target >>> 3] &= (byte) ~(1 << shift);
                }
            }
        }
    }

    private static boolean bit(byte[] bytes, int index) {
        return (bytes[index >>> 3] & (0x80 >>> (index & 7))) != 0;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FieldWrite)) {
            return false;
        }
        FieldWrite f = (FieldWrite) o;
        return offsetBits == f.offsetBits && lengthBits == f.lengthBits
                && Arrays.equals(value, f.value) && Arrays.equals(mask, f.mask);
    }

    @Override
    public int hashCode() {
        return (offsetBits * 31 + lengthBits) * 31 + Arrays.hashCode(value) * 17 + Arrays.hashCode(mask);
    }

    @Override
    public String toString() {
        return "field{" + offsetBits + "+" + lengthBits + " = " + hex(value) + "/" + hex(mask) + "}";
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder("0x");
        for (byte b : bytes) {
            sb.append(String.format("%02x", b & 0xff));
        }
        return sb.toString();
    }
}
