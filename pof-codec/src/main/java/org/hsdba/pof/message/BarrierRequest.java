package org.hsdba.pof.message;

/** BARRIER_REQUEST (empty body). POFSwitch 1.4.0 does not support it and answers ERROR BAD_REQUEST/BAD_TYPE. */
public final class BarrierRequest extends PofMessage {
    public BarrierRequest(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.BARRIER_REQUEST;
    }

    @Override
    protected Object[] components() {
        return new Object[0];
    }

    @Override
    protected String[] componentNames() {
        return new String[0];
    }
}
