package org.hsdba.pof.message;

/** HELLO: the body is ignored by POFSwitch; kept as received. */
public final class Hello extends OpaqueMessage {
    public Hello(long xid, byte[] data) {
        super(xid, data, "HELLO data");
    }

    /** With an empty body, as POFSwitch sends and expects. */
    public Hello(long xid) {
        this(xid, new byte[0]);
    }

    @Override
    public int type() {
        return MessageType.HELLO;
    }
}
