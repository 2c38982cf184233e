package org.hsdba.pof.message;

/** FEATURES_REQUEST (empty body); answered by FEATURES_REPLY. */
public final class FeaturesRequest extends EmptyMessage {
    public FeaturesRequest(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.FEATURES_REQUEST;
    }
}
