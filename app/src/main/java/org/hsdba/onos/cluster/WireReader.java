package org.hsdba.onos.cluster;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads what {@link WireWriter} wrote, checking every length against the bytes left so that
 * garbage gives an {@link IllegalArgumentException} naming the offset, never a huge allocation.
 */
final class WireReader {

    private final ByteBuffer in;

    WireReader(byte[] bytes) {
        if (bytes == null) {
            throw new IllegalArgumentException("no bytes to read");
        }
        this.in = ByteBuffer.wrap(bytes);
    }

    int u8() {
        need(1, "a byte");
        return in.get() & 0xFF;
    }

    boolean bool() {
        int at = in.position();
        int v = u8();
        if (v > 1) {
            throw bad(at, "a boolean is 0 or 1, not " + v);
        }
        return v == 1;
    }

    int i32() {
        need(4, "an int");
        return in.getInt();
    }

    long i64() {
        need(8, "a long");
        return in.getLong();
    }

    double f64() {
        need(8, "a double");
        return in.getDouble();
    }

    String str() {
        int at = in.position();
        int length = i32();
        if (length < 0 || length > in.remaining()) {
            throw bad(at, "string length " + length + " with " + in.remaining() + " bytes left");
        }
        byte[] b = new byte[length];
        in.get(b);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw bad(at, "string is not UTF-8");
        }
    }

    String optStr() {
        return bool() ? str() : null;
    }

    /**
     * A list length, checked against the bytes left given that each element takes at least
     * {@code minElementBytes}.
     */
    int count(int minElementBytes) {
        int at = in.position();
        int n = i32();
        if (n < 0 || (long) n * minElementBytes > in.remaining()) {
            throw bad(at, "count " + n + " does not fit the " + in.remaining() + " bytes left");
        }
        return n;
    }

    /** An enum constant by name. */
    <E extends Enum<E>> E constant(Class<E> type) {
        int at = in.position();
        String name = str();
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw bad(at, "\"" + name + "\" is no " + type.getSimpleName());
        }
    }

    /** Everything was read: trailing bytes mean the writer and reader disagree. */
    void end() {
        if (in.hasRemaining()) {
            throw bad(in.position(), in.remaining() + " unexpected trailing byte(s)");
        }
    }

    int position() {
        return in.position();
    }

    IllegalArgumentException bad(int at, String what) {
        return new IllegalArgumentException(what + " at byte " + at);
    }

    private void need(int n, String what) {
        if (in.remaining() < n) {
            throw bad(in.position(), "truncated: " + what + " needs " + n + " byte(s), " + in.remaining() + " left");
        }
    }
}
