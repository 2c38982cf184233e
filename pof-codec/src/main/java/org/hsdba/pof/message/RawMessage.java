package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;

/**
 * A message of a type this codec does not model (an extension message, or a type the stock
 * switch does not use): header type and xid plus the body bytes, re-encoded byte-identically.
 * Use {@link MessageType#isKnown(int)} to tell stock 1.4.0 types from others.
 */
public final class RawMessage extends PofMessage {
    public static final int MAX_BODY = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH;

    private final int type;
    private final byte[] body;

    public RawMessage(int type, long xid, byte[] body) {
        super(xid);
        this.type = FieldChecks.u8(type, "message type");
        this.body = FieldChecks.maxLength(body, MAX_BODY, "message body").clone();
    }

    @Override
    public int type() {
        return type;
    }

    /** The body after the 8-byte header (a copy). */
    public byte[] body() {
        return body.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {type, body};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"type", "body"};
    }
}
