package org.hsdba.pof.instruction;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.BitValues;

/** WRITE_METADATA: copy the first {@code lengthBits} bits of a 16-byte left-aligned value into metadata. */
public final class WriteMetadata extends Instruction {
    public static final int VALUE_BYTES = 16;

    private final int metadataOffsetBits;
    private final int lengthBits;
    private final byte[] value;

    public WriteMetadata(int len, int metadataOffsetBits, int lengthBits, byte[] value) {
        super(len);
        this.metadataOffsetBits = FieldChecks.u16(metadataOffsetBits, "metadata_offset");
        this.lengthBits = FieldChecks.u16(lengthBits, "len");
        this.value = FieldChecks.padded(value, VALUE_BYTES, "value");
    }

    /** Writes the unsigned {@code number} as a {@code lengthBits}-bit field (at most 128 bits). */
    public static WriteMetadata of(int metadataOffsetBits, int lengthBits, long number) {
        return new WriteMetadata(DEFAULT_LEN, metadataOffsetBits, lengthBits,
                BitValues.leftAligned(number, lengthBits, VALUE_BYTES));
    }

    @Override
    public int type() {
        return InstructionType.WRITE_METADATA;
    }

    public int metadataOffsetBits() {
        return metadataOffsetBits;
    }

    public int lengthBits() {
        return lengthBits;
    }

    /** The 16 left-aligned value bytes (a copy). */
    public byte[] value() {
        return value.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {metadataOffsetBits, lengthBits, value};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"metadataOffsetBits", "lengthBits", "value"};
    }
}
