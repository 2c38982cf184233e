package org.hsdba.model;

/**
 * A packet field in POF style: {@code lengthBits} bits starting {@code offsetBits} bits from the
 * start of the frame, MSB first (bit 0 is the most significant bit of byte 0). Bounds are those of
 * the POF wire format: offset fits a u16, length 1..128 (a POF match value holds 16 bytes).
 */
public final class FieldSpec {

    public static final int MAX_OFFSET_BITS = 0xFFFF;
    public static final int MAX_LENGTH_BITS = 128;

    private final int offsetBits;
    private final int lengthBits;

    private FieldSpec(int offsetBits, int lengthBits) {
        this.offsetBits = offsetBits;
        this.lengthBits = lengthBits;
    }

    public static FieldSpec of(int offsetBits, int lengthBits) {
        if (offsetBits < 0 || offsetBits > MAX_OFFSET_BITS) {
            throw new IllegalArgumentException("field offset " + offsetBits + " bits is outside 0.." + MAX_OFFSET_BITS);
        }
        if (lengthBits < 1 || lengthBits > MAX_LENGTH_BITS) {
            throw new IllegalArgumentException("field length " + lengthBits + " bits is outside 1.." + MAX_LENGTH_BITS);
        }
        return new FieldSpec(offsetBits, lengthBits);
    }

    public int offsetBits() {
        return offsetBits;
    }

    public int lengthBits() {
        return lengthBits;
    }

    /** Bytes needed to hold the field's value, left-aligned. */
    public int lengthBytes() {
        return (lengthBits + 7) / 8;
    }

    /** First bit after the field, i.e. the minimum frame length in bits for the field to be present. */
    public int endBits() {
        return offsetBits + lengthBits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldSpec && ((FieldSpec) o).offsetBits == offsetBits
                && ((FieldSpec) o).lengthBits == lengthBits;
    }

    @Override
    public int hashCode() {
        return offsetBits * 131 + lengthBits;
    }

    @Override
    public String toString() {
        return "bits " + offsetBits + ".." + (endBits() - 1);
    }
}
