package org.hsdba.pof.match;

import static org.hsdba.pof.FieldChecks.u16;

/**
 * A packet or metadata bit field ({@code pof_match}, 8 bytes on the wire): field id, offset and
 * length in bits, MSB-first. Field id 0xFFFF means metadata; any other id is a packet field,
 * relative to the current packet offset (the switch does not interpret packet field ids).
 */
public final class Match {
    /** Size on the wire. */
    public static final int LENGTH = 8;
    /** The field id that selects metadata instead of the packet. */
    public static final int METADATA_FIELD_ID = 0xFFFF;

    private final int fieldId;
    private final int offsetBits;
    private final int lengthBits;

    private Match(int fieldId, int offsetBits, int lengthBits) {
        this.fieldId = u16(fieldId, "field_id");
        this.offsetBits = u16(offsetBits, "offset");
        this.lengthBits = u16(lengthBits, "len");
    }

    public static Match of(int fieldId, int offsetBits, int lengthBits) {
        return new Match(fieldId, offsetBits, lengthBits);
    }

    /** A metadata field (field id 0xFFFF). */
    public static Match metadata(int offsetBits, int lengthBits) {
        return new Match(METADATA_FIELD_ID, offsetBits, lengthBits);
    }

    public int fieldId() {
        return fieldId;
    }

    public int offsetBits() {
        return offsetBits;
    }

    public int lengthBits() {
        return lengthBits;
    }

    public boolean isMetadata() {
        return fieldId == METADATA_FIELD_ID;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Match)) {
            return false;
        }
        Match m = (Match) o;
        return fieldId == m.fieldId && offsetBits == m.offsetBits && lengthBits == m.lengthBits;
    }

    @Override
    public int hashCode() {
        return (fieldId * 31 + offsetBits) * 31 + lengthBits;
    }

    @Override
    public String toString() {
        return (isMetadata() ? "metadata" : "field" + fieldId) + "[" + offsetBits + "+" + lengthBits + "]";
    }
}
