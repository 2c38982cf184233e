package org.hsdba.pof.message;

/** A message that is only its header (FEATURES_REQUEST, GET_CONFIG_REQUEST, BARRIER_REQUEST, QUERYALL_FIN). */
public abstract class EmptyMessage extends PofMessage {
    protected EmptyMessage(long xid) {
        super(xid);
    }

    @Override
    protected final Object[] components() {
        return new Object[0];
    }

    @Override
    protected final String[] componentNames() {
        return new String[0];
    }
}
