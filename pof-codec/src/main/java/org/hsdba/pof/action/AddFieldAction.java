package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.BitValues;

/** ADD_FIELD: insert {@code tagLengthBits} (at most 128) bits of a left-aligned value at a packet bit position. */
public final class AddFieldAction extends Action {
    public static final int VALUE_BYTES = 16;

    private final int tagId;
    private final int tagPositionBits;
    private final long tagLengthBits;
    private final byte[] tagValue;

    public AddFieldAction(int len, int tagId, int tagPositionBits, long tagLengthBits, byte[] tagValue) {
        super(len);
        this.tagId = FieldChecks.u16(tagId, "tag_id");
        this.tagPositionBits = FieldChecks.u16(tagPositionBits, "tag_pos");
        this.tagLengthBits = FieldChecks.u32(tagLengthBits, "tag_len");
        this.tagValue = FieldChecks.padded(tagValue, VALUE_BYTES, "tag_value");
    }

    /** Inserts the unsigned {@code number} as a {@code lengthBits}-bit field (tag id 0, which the switch ignores). */
    public static AddFieldAction of(int tagPositionBits, int lengthBits, long number) {
        return new AddFieldAction(DEFAULT_LEN, 0, tagPositionBits, lengthBits,
                BitValues.leftAligned(number, lengthBits, VALUE_BYTES));
    }

    @Override
    public int type() {
        return ActionType.ADD_FIELD;
    }

    public int tagId() {
        return tagId;
    }

    public int tagPositionBits() {
        return tagPositionBits;
    }

    public long tagLengthBits() {
        return tagLengthBits;
    }

    /** The 16 left-aligned value bytes (a copy). */
    public byte[] tagValue() {
        return tagValue.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {tagId, tagPositionBits, tagLengthBits, tagValue};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"tagId", "tagPositionBits", "tagLengthBits", "tagValue"};
    }
}
