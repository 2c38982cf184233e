package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * HX_READ_REPLY (type 197, section 9): entry records or register words; all but the last reply to
 * one request carry MORE.
 */
public final class HxReadReply extends HxMessage {
    public static final int HEADER_LENGTH = 8;
    public static final int FLAG_MORE = 1;

    private final int what;
    private final int tableId;
    private final boolean more;
    private final long first;
    private final List<HxEntryRecord> entries;
    private final long[] registers;

    private HxReadReply(long xid, int what, int tableId, boolean more, long first, List<HxEntryRecord> entries,
            long[] registers) {
        super(xid);
        if (entries.size() + registers.length > 0xFF) {
            throw new IllegalArgumentException("at most 255 records per HX_READ_REPLY, got "
                    + (entries.size() + registers.length));
        }
        this.what = what;
        this.tableId = tableId;
        this.more = more;
        this.first = first;
        this.entries = Collections.unmodifiableList(new ArrayList<>(entries));
        this.registers = registers.clone();
    }

    /** A reply with entry records of global table {@code tableId}. */
    public static HxReadReply entries(long xid, int tableId, boolean more, List<HxEntryRecord> records) {
        return new HxReadReply(xid, HxReadRequest.WHAT_ENTRIES, tableId, more, 0, records, new long[0]);
    }

    /** A reply with register words starting at word {@code first}. */
    public static HxReadReply registers(long xid, boolean more, long first, long[] values) {
        return new HxReadReply(xid, HxReadRequest.WHAT_REGISTERS, 0, more, first, List.of(), values);
    }

    @Override
    public int type() {
        return HxTypes.READ_REPLY;
    }

    @Override
    public int bodyLength() {
        int n = HEADER_LENGTH + registers.length * 8;
        for (HxEntryRecord r : entries) {
            n += r.length();
        }
        return n;
    }

    public int what() {
        return what;
    }

    public int tableId() {
        return tableId;
    }

    public boolean more() {
        return more;
    }

    /** Word index of the first register value (REGISTERS). */
    public long first() {
        return first;
    }

    public List<HxEntryRecord> entries() {
        return entries;
    }

    /** Register values (a copy). */
    public long[] registers() {
        return registers.clone();
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) what).put((byte) tableId).put((byte) (more ? FLAG_MORE : 0))
                .put((byte) (entries.size() + registers.length)).putInt((int) first);
        for (HxEntryRecord r : entries) {
            r.encode(out);
        }
        for (long v : registers) {
            out.putLong(v);
        }
    }

    static HxReadReply decode(long xid, ByteBuffer in) throws HxDecodeException {
        if (in.remaining() < HEADER_LENGTH) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_READ_REPLY body is " + in.remaining()
                    + " bytes, the header alone needs 8");
        }
        int what = in.get() & 0xFF;
        int table = in.get() & 0xFF;
        int flags = in.get() & 0xFF;
        int n = in.get() & 0xFF;
        long first = in.getInt() & 0xFFFFFFFFL;
        List<HxEntryRecord> records = new ArrayList<>();
        long[] regs = new long[0];
        if (what == HxReadRequest.WHAT_ENTRIES) {
            for (int i = 0; i < n; i++) {
                records.add(HxEntryRecord.decode(in, i));
            }
        } else if (what == HxReadRequest.WHAT_REGISTERS) {
            if (in.remaining() < n * 8) {
                throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_READ_REPLY: " + n + " register values need "
                        + n * 8 + " bytes, got " + in.remaining());
            }
            regs = new long[n];
            for (int i = 0; i < n; i++) {
                regs[i] = in.getLong();
            }
        } else {
            throw new HxDecodeException(HxErrorCode.BAD_COMMAND, "HX_READ_REPLY: unknown what " + what
                    + " (0 ENTRIES, 1 REGISTERS)");
        }
        if (in.remaining() != 0) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_READ_REPLY: " + in.remaining()
                    + " bytes after the " + n + " records that record_count announces");
        }
        return new HxReadReply(xid, what, table, (flags & FLAG_MORE) != 0, first, records, regs);
    }

    @Override
    protected Object[] components() {
        return new Object[] {what, tableId, more, first, entries, registers};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"what", "tableId", "more", "first", "entries", "registers"};
    }
}
