package org.hsdba.pof.ext;

import java.nio.ByteBuffer;

/** HX_REGISTER_MOD (type 195, section 6): WRITE values to, or ZERO, a range of register words. */
public final class HxRegisterMod extends HxMessage {
    public static final int COMMAND_WRITE = 0;
    public static final int COMMAND_ZERO = 1;
    public static final int HEADER_LENGTH = 8;
    /** Most values one WRITE can carry within the 2560-byte message limit. */
    public static final int MAX_WRITE_WORDS = 318;

    private final int command;
    private final long firstWord;
    private final int count;
    private final long[] values;

    private HxRegisterMod(long xid, int command, long firstWord, int count, long[] values) {
        super(xid);
        if (firstWord < 0 || firstWord > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("first_word must be in 0..2^32-1, got " + firstWord);
        }
        if (count < 0 || count > 0xFFFF) {
            throw new IllegalArgumentException("count must be in 0..65535, got " + count);
        }
        this.command = command;
        this.firstWord = firstWord;
        this.count = count;
        this.values = values;
    }

    /** WRITE {@code values} starting at {@code firstWord} (at most 318 values). */
    public static HxRegisterMod write(long xid, long firstWord, long... values) {
        if (values.length > MAX_WRITE_WORDS) {
            throw new IllegalArgumentException("one HX_REGISTER_MOD WRITE carries at most " + MAX_WRITE_WORDS
                    + " words, got " + values.length);
        }
        return new HxRegisterMod(xid, COMMAND_WRITE, firstWord, values.length, values.clone());
    }

    /** ZERO {@code count} words starting at {@code firstWord}. */
    public static HxRegisterMod zero(long xid, long firstWord, int count) {
        return new HxRegisterMod(xid, COMMAND_ZERO, firstWord, count, new long[0]);
    }

    /** Any command code (for answering unknown ones); values only for WRITE. */
    public static HxRegisterMod of(long xid, int command, long firstWord, int count, long[] values) {
        return new HxRegisterMod(xid, command, firstWord, count, values.clone());
    }

    @Override
    public int type() {
        return HxTypes.REGISTER_MOD;
    }

    @Override
    public int bodyLength() {
        return HEADER_LENGTH + values.length * 8;
    }

    public int command() {
        return command;
    }

    public long firstWord() {
        return firstWord;
    }

    public int count() {
        return count;
    }

    /** The values of a WRITE (a copy; empty for ZERO). */
    public long[] values() {
        return values.clone();
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.put((byte) command).put((byte) 0).putShort((short) count).putInt((int) firstWord);
        for (long v : values) {
            out.putLong(v);
        }
    }

    static HxRegisterMod decode(long xid, ByteBuffer in) throws HxDecodeException {
        if (in.remaining() < HEADER_LENGTH) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_REGISTER_MOD body is " + in.remaining()
                    + " bytes, the header alone needs 8");
        }
        int command = in.get() & 0xFF;
        in.get();
        int count = in.getShort() & 0xFFFF;
        long first = in.getInt() & 0xFFFFFFFFL;
        int expectedValues = command == COMMAND_WRITE ? count : 0;
        if (in.remaining() != expectedValues * 8) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, "HX_REGISTER_MOD command " + command + " count "
                    + count + " needs " + expectedValues * 8 + " value bytes after the header, got " + in.remaining());
        }
        long[] values = new long[expectedValues];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.getLong();
        }
        return new HxRegisterMod(xid, command, first, count, values);
    }

    @Override
    protected Object[] components() {
        return new Object[] {command, firstWord, count, values};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"command", "firstWord", "count", "values"};
    }
}
