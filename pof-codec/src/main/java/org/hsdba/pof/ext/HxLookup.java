package org.hsdba.pof.ext;

import java.nio.ByteBuffer;

/**
 * HX_LOOKUP (type 67, body 16, section 4.4): GOTO_TABLE that continues with the next instruction
 * on a miss, optionally sending a join PACKET_IN rate-limited to one outstanding per key.
 */
public final class HxLookup extends HxInstruction {
    public static final int BODY_LENGTH = 16;
    /** Hold time used when the wire says 0. */
    public static final int DEFAULT_HOLD_MS = 1000;

    private final int nextTableId;
    private final boolean join;
    private final int packetOffset;
    private final int joinReason;
    private final int joinHoldMs;

    /**
     * @param nextTableId  global table id
     * @param join         send a join PACKET_IN on a miss
     * @param packetOffset bytes, -32768..32767, applied on a hit only
     * @param joinReason   PACKET_IN reason for joins (0..255)
     * @param joinHoldMs   0..65535; 0 means {@link #DEFAULT_HOLD_MS}
     */
    public HxLookup(int nextTableId, boolean join, int packetOffset, int joinReason, int joinHoldMs) {
        this(HEADER_LENGTH + BODY_LENGTH, nextTableId, join, packetOffset, joinReason, joinHoldMs);
    }

    private HxLookup(int len, int nextTableId, boolean join, int packetOffset, int joinReason, int joinHoldMs) {
        super(len);
        if (nextTableId < 0 || nextTableId > 0xFF) {
            throw new IllegalArgumentException("HX_LOOKUP next_table_id must be in 0..255, got " + nextTableId);
        }
        if (packetOffset < Short.MIN_VALUE || packetOffset > Short.MAX_VALUE) {
            throw new IllegalArgumentException("HX_LOOKUP packet_offset must fit a signed 16-bit value, got "
                    + packetOffset);
        }
        if (joinReason < 0 || joinReason > 0xFF) {
            throw new IllegalArgumentException("HX_LOOKUP join_reason must be in 0..255, got " + joinReason);
        }
        if (joinHoldMs < 0 || joinHoldMs > 0xFFFF) {
            throw new IllegalArgumentException("HX_LOOKUP join_hold_ms must be in 0..65535, got " + joinHoldMs);
        }
        this.nextTableId = nextTableId;
        this.join = join;
        this.packetOffset = packetOffset;
        this.joinReason = joinReason;
        this.joinHoldMs = joinHoldMs;
    }

    @Override
    public int type() {
        return HxTypes.LOOKUP;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public int nextTableId() {
        return nextTableId;
    }

    public boolean join() {
        return join;
    }

    public int packetOffset() {
        return packetOffset;
    }

    public int joinReason() {
        return joinReason;
    }

    /** The hold time as on the wire (0 = default). */
    public int joinHoldMs() {
        return joinHoldMs;
    }

    /** The hold time in effect. */
    public int effectiveHoldMs() {
        return joinHoldMs == 0 ? DEFAULT_HOLD_MS : joinHoldMs;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) nextTableId).put((byte) (join ? 1 : 0)).putShort((short) packetOffset)
                .put((byte) joinReason).put((byte) 0).putShort((short) joinHoldMs).putLong(0);
    }

    static HxLookup decode(int len, ByteBuffer in) {
        int table = in.get() & 0xFF;
        int flags = in.get() & 0xFF;
        int offset = in.getShort();
        int reason = in.get() & 0xFF;
        in.get();
        int hold = in.getShort() & 0xFFFF;
        return new HxLookup(len, table, (flags & 1) != 0, offset, reason, hold);
    }

    @Override
    protected Object[] components() {
        return new Object[] {nextTableId, join, packetOffset, joinReason, joinHoldMs};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"nextTableId", "join", "packetOffset", "joinReason", "joinHoldMs"};
    }

    @Override
    public String toString() {
        return "HX_LOOKUP{table=" + nextTableId + (join ? ", join reason=" + joinReason + " hold=" + effectiveHoldMs()
                + "ms" : "") + (packetOffset != 0 ? ", offset=" + packetOffset : "") + "}";
    }
}
