package org.hsdba.pof.ext;

import java.nio.ByteBuffer;

/** HX_READ_REQUEST (type 196, body 16, section 9): bulk read of entry records or register words. */
public final class HxReadRequest extends HxMessage {
    public static final int BODY_LENGTH = 16;
    public static final int WHAT_ENTRIES = 0;
    public static final int WHAT_REGISTERS = 1;
    /** count meaning "to the end of the table". */
    public static final long ALL = 0xFFFFFFFFL;

    private final int what;
    private final int tableId;
    private final long first;
    private final long count;

    public HxReadRequest(long xid, int what, int tableId, long first, long count) {
        super(xid);
        if (what < 0 || what > 0xFF || tableId < 0 || tableId > 0xFF) {
            throw new IllegalArgumentException("what and table_id must be in 0..255, got " + what + ", " + tableId);
        }
        if (first < 0 || first > 0xFFFFFFFFL || count < 0 || count > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("first and count must be in 0..2^32-1, got " + first + ", " + count);
        }
        this.what = what;
        this.tableId = tableId;
        this.first = first;
        this.count = count;
    }

    /** All entries of global table {@code tableId}. */
    public static HxReadRequest entries(long xid, int tableId) {
        return new HxReadRequest(xid, WHAT_ENTRIES, tableId, 0, ALL);
    }

    /** Register words [first, first + count). */
    public static HxReadRequest registers(long xid, long first, long count) {
        return new HxReadRequest(xid, WHAT_REGISTERS, 0, first, count);
    }

    @Override
    public int type() {
        return HxTypes.READ_REQUEST;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public int what() {
        return what;
    }

    public int tableId() {
        return tableId;
    }

    public long first() {
        return first;
    }

    public long count() {
        return count;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) what).put((byte) tableId).putShort((short) 0).putInt((int) first).putInt((int) count)
                .putInt(0);
    }

    static HxReadRequest decode(long xid, ByteBuffer in) {
        int what = in.get() & 0xFF;
        int table = in.get() & 0xFF;
        in.getShort();
        long first = in.getInt() & 0xFFFFFFFFL;
        long count = in.getInt() & 0xFFFFFFFFL;
        return new HxReadRequest(xid, what, table, first, count);
    }

    @Override
    protected Object[] components() {
        return new Object[] {what, tableId, first, count};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"what", "tableId", "first", "count"};
    }
}
