package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * HX_CALL_BLOCK (type 64, body 288, section 4.1): run block {@code blockId} with this entry's
 * read-only params; {@code idleTimeoutMs} (u32, 0 = never) makes the entry inactive after that
 * long without packets.
 */
public final class HxCallBlock extends HxInstruction {
    public static final int BODY_LENGTH = 288;
    /** The largest idle timeout the u32 field carries (about 49.7 days). */
    public static final long MAX_IDLE_TIMEOUT_MS = 0xFFFF_FFFFL;

    private final int blockId;
    private final long idleTimeoutMs;
    private final byte[] params;

    /**
     * @param params the entry's params: a multiple of 8 bytes, at most 280 (use {@link #words} to
     *               build them from 64-bit words)
     */
    public HxCallBlock(int blockId, long idleTimeoutMs, byte[] params) {
        this(HEADER_LENGTH + BODY_LENGTH, blockId, idleTimeoutMs, params);
    }

    private HxCallBlock(int len, int blockId, long idleTimeoutMs, byte[] params) {
        super(len);
        if (blockId < 0 || blockId > 0xFFFE) {
            throw new IllegalArgumentException("block_id must be in 0..65534, got " + blockId);
        }
        if (idleTimeoutMs < 0 || idleTimeoutMs > MAX_IDLE_TIMEOUT_MS) {
            throw new IllegalArgumentException("idle_timeout_ms must be in 0.." + MAX_IDLE_TIMEOUT_MS + ", got "
                    + idleTimeoutMs);
        }
        Objects.requireNonNull(params, "params");
        if (params.length % 8 != 0 || params.length > HxTypes.MAX_PARAM_BYTES) {
            throw new IllegalArgumentException("params must be a multiple of 8 bytes and at most "
                    + HxTypes.MAX_PARAM_BYTES + ", got " + params.length);
        }
        this.blockId = blockId;
        this.idleTimeoutMs = idleTimeoutMs;
        this.params = params.clone();
    }

    /** Params built from 64-bit words, big-endian. */
    public static byte[] words(long... words) {
        ByteBuffer b = ByteBuffer.allocate(words.length * 8);
        for (long w : words) {
            b.putLong(w);
        }
        return b.array();
    }

    @Override
    public int type() {
        return HxTypes.CALL_BLOCK;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public int blockId() {
        return blockId;
    }

    public long idleTimeoutMs() {
        return idleTimeoutMs;
    }

    /** The params (a copy). */
    public byte[] params() {
        return params.clone();
    }

    /** Number of 64-bit param words. */
    public int paramWords() {
        return params.length / 8;
    }

    /** Param word {@code i} (big-endian). */
    public long paramWord(int i) {
        return ByteBuffer.wrap(params, i * 8, 8).getLong();
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.putShort((short) blockId).putShort((short) params.length).putInt((int) idleTimeoutMs).put(params);
        out.position(out.position() + HxTypes.MAX_PARAM_BYTES - params.length);
    }

    static HxCallBlock decode(int len, ByteBuffer in) throws HxDecodeException {
        int blockId = in.getShort() & 0xFFFF;
        int paramLen = in.getShort() & 0xFFFF;
        long idle = in.getInt() & 0xFFFF_FFFFL;
        if (paramLen % 8 != 0 || paramLen > HxTypes.MAX_PARAM_BYTES) {
            throw new HxDecodeException(HxErrorCode.BAD_PARAM, "HX_CALL_BLOCK param_len " + paramLen
                    + " must be a multiple of 8 and at most " + HxTypes.MAX_PARAM_BYTES);
        }
        if (blockId == HxTypes.NONE_16) {
            throw new HxDecodeException(HxErrorCode.BAD_BLOCK_ID, "HX_CALL_BLOCK block_id 65535 is reserved");
        }
        byte[] params = new byte[paramLen];
        in.get(params);
        return new HxCallBlock(len, blockId, idle, params);
    }

    @Override
    protected Object[] components() {
        return new Object[] {blockId, idleTimeoutMs, params};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"blockId", "idleTimeoutMs", "params"};
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("HX_CALL_BLOCK{block=").append(blockId).append(", idleMs=")
                .append(idleTimeoutMs).append(", params=[");
        for (int i = 0; i < paramWords(); i++) {
            sb.append(i == 0 ? "" : ", ").append(Long.toUnsignedString(paramWord(i)));
        }
        return sb.append("]}").toString();
    }
}
