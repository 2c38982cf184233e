package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;

/**
 * An action of a type this codec does not model: header type and len plus the 44 data bytes,
 * re-encoded byte-identically.
 */
public final class RawAction extends Action {
    private final int type;
    private final byte[] data;

    /** {@code data} may be shorter than 44 bytes; it is zero-padded to 44. */
    public RawAction(int type, int len, byte[] data) {
        super(len);
        this.type = FieldChecks.u16(type, "action type");
        this.data = FieldChecks.padded(data, DATA_LENGTH, "action data");
    }

    @Override
    public int type() {
        return type;
    }

    /** The 44 data bytes (a copy). */
    public byte[] data() {
        return data.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {type, data};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"type", "data"};
    }
}
