package org.hsdba.pof.message;

/** QUERYALL_FIN (empty body): ends the dump that answers a QUERYALL_REQUEST. */
public final class QueryAllFin extends PofMessage {
    public QueryAllFin(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.QUERYALL_FIN;
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
