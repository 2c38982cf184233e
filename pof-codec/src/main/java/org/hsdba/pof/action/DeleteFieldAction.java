package org.hsdba.pof.action;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Operand;

/** DELETE_FIELD: remove bits at a packet bit position; the length is immediate or read from a field. */
public final class DeleteFieldAction extends Action {
    private final int tagPositionBits;
    private final Operand tagLengthBits;

    public DeleteFieldAction(int len, int tagPositionBits, Operand tagLengthBits) {
        super(len);
        this.tagPositionBits = FieldChecks.u16(tagPositionBits, "tag_pos");
        this.tagLengthBits = Objects.requireNonNull(tagLengthBits, "tag_len");
    }

    public static DeleteFieldAction of(int tagPositionBits, Operand tagLengthBits) {
        return new DeleteFieldAction(DEFAULT_LEN, tagPositionBits, tagLengthBits);
    }

    @Override
    public int type() {
        return ActionType.DELETE_FIELD;
    }

    public int tagPositionBits() {
        return tagPositionBits;
    }

    public Operand tagLengthBits() {
        return tagLengthBits;
    }

    @Override
    protected Object[] components() {
        return new Object[] {tagPositionBits, tagLengthBits};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"tagPositionBits", "tagLengthBits"};
    }
}
