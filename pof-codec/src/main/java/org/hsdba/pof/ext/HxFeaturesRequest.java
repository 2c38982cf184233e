package org.hsdba.pof.ext;

import java.nio.ByteBuffer;

/** HX_FEATURES_REQUEST (type 192, empty body): the capability probe of section 2. */
public final class HxFeaturesRequest extends HxMessage {
    public HxFeaturesRequest(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return HxTypes.FEATURES_REQUEST;
    }

    @Override
    public int bodyLength() {
        return 0;
    }

    @Override
    void encodeBody(ByteBuffer out) {
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
