package org.hsdba.pof.message;

/** ECHO_REPLY. */
public final class EchoReply extends OpaqueMessage {
    public EchoReply(long xid, byte[] data) {
        super(xid, data, "ECHO_REPLY data");
    }

    /** With an empty body, as POFSwitch sends and expects. */
    public EchoReply(long xid) {
        this(xid, new byte[0]);
    }

    @Override
    public int type() {
        return MessageType.ECHO_REPLY;
    }
}
