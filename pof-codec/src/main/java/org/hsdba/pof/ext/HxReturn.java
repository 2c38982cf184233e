package org.hsdba.pof.ext;

import java.nio.ByteBuffer;

/** HX_RETURN (type 68, no body, section 4.5): leave the block (or end the entry's list). */
public final class HxReturn extends HxInstruction {
    /** The instance with len 8. */
    public static final HxReturn INSTANCE = new HxReturn(HEADER_LENGTH);

    private HxReturn(int len) {
        super(len);
    }

    static HxReturn decode(int len) {
        return len == HEADER_LENGTH ? INSTANCE : new HxReturn(len);
    }

    @Override
    public int type() {
        return HxTypes.RETURN;
    }

    @Override
    public int bodyLength() {
        return 0;
    }

    @Override
    void encodeBody(ByteBuffer out) {
    }

    @Override
    protected Object[] components() {
        return new Object[0];
    }

    @Override
    protected String[] componentNames() {
        return new String[0];
    }

    @Override
    public String toString() {
        return "HX_RETURN";
    }
}
