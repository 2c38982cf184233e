package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * One entry of an HX_READ_REPLY (section 9): {@code 48 + 8 * stateWords} bytes with the entry's
 * activity, HX passed/dropped counters, last hit time and state words.
 */
public final class HxEntryRecord {
    public static final int FIXED_LENGTH = 48;
    public static final int FLAG_ACTIVE = 1;
    public static final int FLAG_CALLS_BLOCK = 2;

    private final long index;
    private final boolean active;
    private final boolean callsBlock;
    private final int blockId;
    private final long passedPackets;
    private final long passedBytes;
    private final long droppedPackets;
    private final long droppedBytes;
    private final long lastHitNs;
    private final long[] state;

    public HxEntryRecord(long index, boolean active, boolean callsBlock, int blockId, long passedPackets,
            long passedBytes, long droppedPackets, long droppedBytes, long lastHitNs, long[] state) {
        if (index < 0 || index > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("index must be in 0..2^32-1, got " + index);
        }
        if (blockId < 0 || blockId > 0xFFFF) {
            throw new IllegalArgumentException("block_id must be in 0..65535, got " + blockId);
        }
        if (Objects.requireNonNull(state, "state").length > 0xFF) {
            throw new IllegalArgumentException("at most 255 state words, got " + state.length);
        }
        this.index = index;
        this.active = active;
        this.callsBlock = callsBlock;
        this.blockId = blockId;
        this.passedPackets = passedPackets;
        this.passedBytes = passedBytes;
        this.droppedPackets = droppedPackets;
        this.droppedBytes = droppedBytes;
        this.lastHitNs = lastHitNs;
        this.state = state.clone();
    }

    public long index() {
        return index;
    }

    public boolean active() {
        return active;
    }

    public boolean callsBlock() {
        return callsBlock;
    }

    /** The called block, 0xFFFF if none. */
    public int blockId() {
        return blockId;
    }

    public long passedPackets() {
        return passedPackets;
    }

    public long passedBytes() {
        return passedBytes;
    }

    public long droppedPackets() {
        return droppedPackets;
    }

    public long droppedBytes() {
        return droppedBytes;
    }

    public long lastHitNs() {
        return lastHitNs;
    }

    /** The state words (a copy). */
    public long[] state() {
        return state.clone();
    }

    /** Size on the wire. */
    public int length() {
        return FIXED_LENGTH + 8 * state.length;
    }

    void encode(ByteBuffer out) {
        out.putInt((int) index).put((byte) ((active ? FLAG_ACTIVE : 0) | (callsBlock ? FLAG_CALLS_BLOCK : 0)))
                .put((byte) state.length).putShort((short) blockId).putLong(passedPackets).putLong(passedBytes)
                .putLong(droppedPackets).putLong(droppedBytes).putLong(lastHitNs);
        for (long s : state) {
            out.putLong(s);
        }
    }

    static HxEntryRecord decode(ByteBuffer in, int recordNumber) throws HxDecodeException {
        if (in.remaining() < FIXED_LENGTH) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_READ_REPLY entry record " + recordNumber
                    + " at body offset " + in.position() + ": needs 48 bytes, " + in.remaining() + " left");
        }
        long index = in.getInt() & 0xFFFFFFFFL;
        int flags = in.get() & 0xFF;
        int words = in.get() & 0xFF;
        int block = in.getShort() & 0xFFFF;
        long pp = in.getLong();
        long pb = in.getLong();
        long dp = in.getLong();
        long db = in.getLong();
        long last = in.getLong();
        if (in.remaining() < words * 8) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_READ_REPLY entry record " + recordNumber
                    + ": " + words + " state words need " + words * 8 + " bytes, " + in.remaining() + " left");
        }
        long[] state = new long[words];
        for (int i = 0; i < words; i++) {
            state[i] = in.getLong();
        }
        return new HxEntryRecord(index, (flags & FLAG_ACTIVE) != 0, (flags & FLAG_CALLS_BLOCK) != 0, block, pp, pb,
                dp, db, last, state);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HxEntryRecord)) {
            return false;
        }
        HxEntryRecord r = (HxEntryRecord) o;
        return index == r.index && active == r.active && callsBlock == r.callsBlock && blockId == r.blockId
                && passedPackets == r.passedPackets && passedBytes == r.passedBytes
                && droppedPackets == r.droppedPackets && droppedBytes == r.droppedBytes && lastHitNs == r.lastHitNs
                && Arrays.equals(state, r.state);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, active, blockId, passedBytes, droppedBytes, lastHitNs) * 31 + Arrays.hashCode(state);
    }

    @Override
    public String toString() {
        return "Entry{index=" + index + (active ? ", active" : ", inactive") + ", block=" + blockId + ", passed="
                + passedPackets + "p/" + passedBytes + "B, dropped=" + droppedPackets + "p/" + droppedBytes
                + "B, lastHit=" + lastHitNs + ", state=" + Arrays.toString(state) + "}";
    }
}
