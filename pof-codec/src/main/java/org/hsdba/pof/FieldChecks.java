package org.hsdba.pof;

import java.util.Arrays;

/**
 * Range checks for the unsigned wire fields of POF values. Model constructors call these so that
 * a value that cannot be encoded is rejected when it is built, naming the field.
 */
public final class FieldChecks {
    private FieldChecks() {
    }

    /** Checks an unsigned 8-bit field. */
    public static int u8(int value, String field) {
        return range(value, 0xFF, field);
    }

    /** Checks an unsigned 16-bit field. */
    public static int u16(int value, String field) {
        return range(value, 0xFFFF, field);
    }

    /** Checks an unsigned 32-bit field held in a long. */
    public static long u32(long value, String field) {
        if (value < 0 || value > 0xFFFFFFFFL) {
            throw new IllegalArgumentException(field + " must be in 0.." + 0xFFFFFFFFL + ", got " + value);
        }
        return value;
    }

    private static int range(int value, int max, String field) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(field + " must be in 0.." + max + ", got " + value);
        }
        return value;
    }

    /** Checks that a byte array is present and at most {@code max} bytes long. */
    public static byte[] maxLength(byte[] bytes, int max, String field) {
        if (bytes == null) {
            throw new IllegalArgumentException(field + " must not be null");
        }
        if (bytes.length > max) {
            throw new IllegalArgumentException(field + " is at most " + max + " bytes, got " + bytes.length);
        }
        return bytes;
    }

    /** Returns a copy of {@code bytes} zero-padded on the right to exactly {@code size} bytes. */
    public static byte[] padded(byte[] bytes, int size, String field) {
        return Arrays.copyOf(maxLength(bytes, size, field), size);
    }

    /** Checks that a list-like count is within {@code max}. */
    public static int count(int count, int max, String field) {
        if (count > max) {
            throw new IllegalArgumentException("at most " + max + " " + field + " allowed, got " + count);
        }
        return count;
    }

    /** Formats bytes as lower-case hex, for toString. */
    public static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return sb.toString();
    }
}
