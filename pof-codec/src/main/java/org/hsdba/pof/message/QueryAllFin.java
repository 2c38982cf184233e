package org.hsdba.pof.message;

/** QUERYALL_FIN (empty body): ends the dump that answers a QUERYALL_REQUEST. */
public final class QueryAllFin extends EmptyMessage {
    public QueryAllFin(long xid) {
        super(xid);
    }

    @Override
    public int type() {
        return MessageType.QUERYALL_FIN;
    }
}
