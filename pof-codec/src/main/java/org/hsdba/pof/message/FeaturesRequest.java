package org.hsdba.pof.message;

/** FEATURES_REQUEST (empty body); answered by FEATURES_REPLY. */
public final class FeaturesRequest extends PofMessage {
    public FeaturesRequest(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.FEATURES_REQUEST;
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
