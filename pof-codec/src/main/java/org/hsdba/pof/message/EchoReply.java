package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.PofVersion;

/** ECHO_REPLY. */
public final class EchoReply extends PofMessage {
    /** The largest body the 2560-byte message limit allows. */
    public static final int MAX_DATA = PofVersion.MAX_MESSAGE_LENGTH - PofVersion.HEADER_LENGTH;

    private final byte[] data;

    public EchoReply(long xid, byte[] data) {
        super(xid);
        this.data = FieldChecks.maxLength(data, MAX_DATA, "ECHO_REPLY data").clone();
    }

    /** With an empty body, as POFSwitch sends and expects. */
    public EchoReply(long xid) {
        this(xid, new byte[0]);
    }

    @Override
    public int type() {
        return MessageType.ECHO_REPLY;
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
