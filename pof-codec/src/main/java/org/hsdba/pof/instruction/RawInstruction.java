package org.hsdba.pof.instruction;

import org.hsdba.pof.FieldChecks;

/**
 * An instruction of a type this codec does not model (e.g. an extension): the header type and
 * len and the 296 data bytes after the 8-byte header, re-encoded byte-identically.
 */
public final class RawInstruction extends Instruction {
    private final int type;
    private final byte[] data;

    /** {@code data} may be shorter than 296 bytes; it is zero-padded to 296. */
    public RawInstruction(int type, int len, byte[] data) {
        super(len);
        this.type = FieldChecks.u16(type, "instruction type");
        this.data = FieldChecks.padded(data, DATA_LENGTH, "instruction data");
    }

    @Override
    public int type() {
        return type;
    }

    /** The 296 data bytes (a copy). */
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
