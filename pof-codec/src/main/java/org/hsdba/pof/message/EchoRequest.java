package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;

/** ECHO_REQUEST: answer with an ECHO_REPLY carrying the same xid. */
public final class EchoRequest extends PofMessage {
    /** The largest body the 2560-byte message limit allows. */
    public static final int MAX_DATA = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH;

    private final byte[] data;

    public EchoRequest(long xid, byte[] data) {
        super(xid);
        this.data = FieldChecks.maxLength(data, MAX_DATA, "ECHO_REQUEST data").clone();
    }

    /** With an empty body, as POFSwitch sends and expects. */
    public EchoRequest(long xid) {
        this(xid, new byte[0]);
    }

    @Override
    public int type() {
        return MessageType.ECHO_REQUEST;
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
