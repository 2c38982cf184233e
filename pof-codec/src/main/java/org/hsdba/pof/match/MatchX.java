package org.hsdba.pof.match;

import java.util.Arrays;
import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/**
 * A field with a value and mask ({@code pof_match_x}, 40 bytes on the wire): used for flow entry
 * match fields and SET_FIELD. Value and mask are 16 bytes each and left-aligned: the first
 * {@code lengthBits} bits are used (a 16-bit 0x0800 is {@code 08 00 00 ..}).
 */
public final class MatchX {
    /** Size on the wire. */
    public static final int LENGTH = 40;
    /** Size of the value and of the mask arrays. */
    public static final int VALUE_BYTES = 16;

    private final Match field;
    private final byte[] value;
    private final byte[] mask;

    private MatchX(Match field, byte[] value, byte[] mask) {
        this.field = Objects.requireNonNull(field, "field");
        this.value = FieldChecks.padded(value, VALUE_BYTES, "value");
        this.mask = FieldChecks.padded(mask, VALUE_BYTES, "mask");
    }

    /** Value and mask as left-aligned bytes (at most 16 each; shorter arrays are zero-padded). */
    public static MatchX of(Match field, byte[] value, byte[] mask) {
        return new MatchX(field, value, mask);
    }

    /** Exact match of {@code field} against an unsigned number (mask = all {@code len} bits). */
    public static MatchX exact(Match field, long number) {
        return new MatchX(field, BitValues.leftAligned(number, field.lengthBits(), VALUE_BYTES),
                BitValues.ones(field.lengthBits(), VALUE_BYTES));
    }

    /** Number matched against {@code field} under a mask given as a right-aligned number too. */
    public static MatchX masked(Match field, long number, long maskNumber) {
        return new MatchX(field, BitValues.leftAligned(number, field.lengthBits(), VALUE_BYTES),
                BitValues.leftAligned(maskNumber, field.lengthBits(), VALUE_BYTES));
    }

    public Match field() {
        return field;
    }

    /** The 16 value bytes (a copy). */
    public byte[] value() {
        return value.clone();
    }

    /** The 16 mask bytes (a copy). */
    public byte[] mask() {
        return mask.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MatchX)) {
            return false;
        }
        MatchX m = (MatchX) o;
        return field.equals(m.field) && Arrays.equals(value, m.value) && Arrays.equals(mask, m.mask);
    }

    @Override
    public int hashCode() {
        return (field.hashCode() * 31 + Arrays.hashCode(value)) * 31 + Arrays.hashCode(mask);
    }

    @Override
    public String toString() {
        int n = Math.min(VALUE_BYTES, (field.lengthBits() + 7) / 8);
        return field + "=" + FieldChecks.hex(Arrays.copyOf(value, n)) + "/" + FieldChecks.hex(Arrays.copyOf(mask, n));
    }
}
