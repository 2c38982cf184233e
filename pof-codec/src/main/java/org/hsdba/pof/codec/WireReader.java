package org.hsdba.pof.codec;

import java.util.Arrays;

/**
 * A bounds-checked, big-endian cursor over one region of a message (the whole message, a body,
 * an instruction or action slot). Every read names the field it reads, so running past the
 * region end becomes a {@link PofDecodeException} that says what was cut and where, never an
 * index exception.
 */
public final class WireReader {
    private final byte[] bytes;
    private final int messageStart;
    private final int end;
    private final int messageType;
    private final String context;
    private int pos;

    private WireReader(byte[] bytes, int messageStart, int start, int end, int messageType, String context) {
        this.bytes = bytes;
        this.messageStart = messageStart;
        this.pos = start;
        this.end = end;
        this.messageType = messageType;
        this.context = context;
    }

    /** A reader over {@code bytes[start, end)}, which holds a message starting at {@code start}. */
    public static WireReader ofMessage(byte[] bytes, int start, int end, int messageType) {
        return new WireReader(bytes, start, start, end, messageType, org.hsdba.pof.message.MessageType.name(messageType));
    }

    /** Message type being decoded (for error messages). */
    public int messageType() {
        return messageType;
    }

    /** What this region is, e.g. "FLOW_MOD instruction[2]". */
    public String context() {
        return context;
    }

    /** Offset of the cursor from the start of the message. */
    public int offset() {
        return pos - messageStart;
    }

    /** Bytes left in this region. */
    public int remaining() {
        return end - pos;
    }

    private void need(int n, String field) throws PofDecodeException {
        if (n > end - pos) {
            throw new PofDecodeException(messageType, offset(), "truncated " + context + ": " + field
                    + " needs " + n + " bytes but only " + (end - pos) + " remain");
        }
    }

    public int u8(String field) throws PofDecodeException {
        need(1, field);
        return bytes[pos++] & 0xFF;
    }

    public int u16(String field) throws PofDecodeException {
        need(2, field);
        int v = ((bytes[pos] & 0xFF) << 8) | (bytes[pos + 1] & 0xFF);
        pos += 2;
        return v;
    }

    /** A signed big-endian 32-bit field. */
    public int s32(String field) throws PofDecodeException {
        need(4, field);
        int v = ((bytes[pos] & 0xFF) << 24) | ((bytes[pos + 1] & 0xFF) << 16)
                | ((bytes[pos + 2] & 0xFF) << 8) | (bytes[pos + 3] & 0xFF);
        pos += 4;
        return v;
    }

    public long u32(String field) throws PofDecodeException {
        return s32(field) & 0xFFFFFFFFL;
    }

    /** A 64-bit field; unsigned values above Long.MAX_VALUE come back negative (same bits). */
    public long u64(String field) throws PofDecodeException {
        long hi = u32(field);
        long lo = u32(field);
        return (hi << 32) | lo;
    }

    public byte[] bytes(int n, String field) throws PofDecodeException {
        need(n, field);
        byte[] out = Arrays.copyOfRange(bytes, pos, pos + n);
        pos += n;
        return out;
    }

    public void skip(int n, String field) throws PofDecodeException {
        need(n, field);
        pos += n;
    }

    /** All remaining bytes of this region. */
    public byte[] rest() {
        byte[] out = Arrays.copyOfRange(bytes, pos, end);
        pos = end;
        return out;
    }

    /** Splits off the next {@code n} bytes as a sub-region named {@code what}; this cursor skips them. */
    public WireReader slice(int n, String what) throws PofDecodeException {
        need(n, what);
        WireReader sub = new WireReader(bytes, messageStart, pos, pos + n, messageType, what);
        pos += n;
        return sub;
    }

    /** A decode error at the current cursor, naming the region. */
    public PofDecodeException error(String detail) {
        return new PofDecodeException(messageType, offset(), context + ": " + detail);
    }

    /** Checks {@code value <= limit} for a count or length field read just before the cursor. */
    public int checkMax(int value, int limit, String field, int fieldSize) throws PofDecodeException {
        if (value > limit) {
            throw new PofDecodeException(messageType, offset() - fieldSize, context + ": " + field + " = "
                    + value + " exceeds the limit " + limit);
        }
        return value;
    }
}
