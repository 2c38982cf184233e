package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;

/**
 * QUERYALL_REQUEST ({@code u16 slotID | pad[6]}): the switch answers with TABLE_MOD (command
 * QUERY_RESULT) per table, FLOW_MOD (QUERY_RESULT) per entry, GROUP_MOD/METER_MOD per object,
 * COUNTER_REPLY per counter and a final QUERYALL_FIN, all with this xid.
 */
public final class QueryAllRequest extends PofMessage {
    public static final int BODY_LENGTH = 8;
    /** slotID meaning every slot. */
    public static final int ALL_SLOTS = 0xFFFF;

    private final int slotId;

    public QueryAllRequest(long xid, int slotId) {
        super(xid);
        this.slotId = FieldChecks.u16(slotId, "slotID");
    }

    /** Query every slot. */
    public QueryAllRequest(long xid) {
        this(xid, ALL_SLOTS);
    }

    @Override
    public int type() {
        return MessageType.QUERYALL_REQUEST;
    }

    public int slotId() {
        return slotId;
    }

    @Override
    protected Object[] components() {
        return new Object[] {slotId};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"slotId"};
    }
}
