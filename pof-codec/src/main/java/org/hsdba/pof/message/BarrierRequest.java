package org.hsdba.pof.message;

/** BARRIER_REQUEST (empty body). POFSwitch 1.4.0 does not support it and answers ERROR BAD_REQUEST/BAD_TYPE. */
public final class BarrierRequest extends EmptyMessage {
    public BarrierRequest(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.BARRIER_REQUEST;
    }
}
