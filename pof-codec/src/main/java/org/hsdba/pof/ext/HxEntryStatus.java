package org.hsdba.pof.ext;

import java.nio.ByteBuffer;

/** HX_ENTRY_STATUS (type 198, body 32, section 8): an entry went idle or was reactivated. */
public final class HxEntryStatus extends HxMessage {
    public static final int BODY_LENGTH = 32;
    public static final int REASON_IDLE = 0;
    public static final int REASON_REACTIVATED = 1;

    private final int reason;
    private final int tableId;
    private final long index;
    private final long timeNs;
    private final long passedBytes;
    private final long droppedBytes;

    public HxEntryStatus(long xid, int reason, int tableId, long index, long timeNs, long passedBytes,
            long droppedBytes) {
        super(xid);
        if (reason < 0 || reason > 0xFF || tableId < 0 || tableId > 0xFF) {
            throw new IllegalArgumentException("reason and table_id must be in 0..255, got " + reason + ", " + tableId);
        }
        if (index < 0 || index > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("index must be in 0..2^32-1, got " + index);
        }
        this.reason = reason;
        this.tableId = tableId;
        this.index = index;
        this.timeNs = timeNs;
        this.passedBytes = passedBytes;
        this.droppedBytes = droppedBytes;
    }

    @Override
    public int type() {
        return HxTypes.ENTRY_STATUS;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public int reason() {
        return reason;
    }

    public int tableId() {
        return tableId;
    }

    public long index() {
        return index;
    }

    public long timeNs() {
        return timeNs;
    }

    public long passedBytes() {
        return passedBytes;
    }

    public long droppedBytes() {
        return droppedBytes;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) reason).put((byte) tableId).putShort((short) 0).putInt((int) index).putLong(timeNs)
                .putLong(passedBytes).putLong(droppedBytes);
    }

    static HxEntryStatus decode(long xid, ByteBuffer in) {
        int reason = in.get() & 0xFF;
        int table = in.get() & 0xFF;
        in.getShort();
        long index = in.getInt() & 0xFFFFFFFFL;
        return new HxEntryStatus(xid, reason, table, index, in.getLong(), in.getLong(), in.getLong());
    }

    @Override
    protected Object[] components() {
        return new Object[] {reason, tableId, index, timeNs, passedBytes, droppedBytes};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"reason", "tableId", "index", "timeNs", "passedBytes", "droppedBytes"};
    }
}
