package org.hsdba.pof.message;

/** ECHO_REQUEST: answer with an ECHO_REPLY carrying the same xid. */
public final class EchoRequest extends OpaqueMessage {
    public EchoRequest(long xid, byte[] data) {
        super(xid, data, "ECHO_REQUEST data");
    }

    /** With an empty body, as POFSwitch sends and expects. */
    public EchoRequest(long xid) {
        this(xid, new byte[0]);
    }

    @Override
    public int type() {
        return MessageType.ECHO_REQUEST;
    }
}
