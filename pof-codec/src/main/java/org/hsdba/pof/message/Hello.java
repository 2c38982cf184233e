package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;

/** HELLO: the body is ignored by POFSwitch; kept as received. */
public final class Hello extends PofMessage {
    /** The largest body the 2560-byte message limit allows. */
    public static final int MAX_DATA = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH;

    private final byte[] data;

    public Hello(long xid, byte[] data) {
        super(xid);
        this.data = FieldChecks.maxLength(data, MAX_DATA, "HELLO data").clone();
    }

    /** With an empty body, as POFSwitch sends and expects. */
    public Hello(long xid) {
        this(xid, new byte[0]);
    }

    @Override
    public int type() {
        return MessageType.HELLO;
    }

    /** Body bytes after the header (a copy; usually empty). */
    public byte[] data() {
        return data.clone();
    }

    @Override
    protected Object[] components() {
        return new Object[] {data};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"data"};
    }
}
