package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import org.hsdba.pof.message.PofMessage;

/**
 * An extension message (section 0): header type 192..198, a stock {@link PofMessage} so
 * {@link ExtCodec#extendedCodec()} encodes and decodes it like any other; {@link ExtCodec}
 * also handles it alone (with the extension's error codes). Immutable values.
 */
public abstract class HxMessage extends PofMessage {
    HxMessage(long xid) {
        super(xid);
    }

    /** Body size in bytes. */
    public abstract int bodyLength();

    abstract void encodeBody(ByteBuffer out);

    @Override
    public String toString() {
        return super.toString().replaceFirst("^\\w+", HxTypes.messageName(type()));
    }
}
