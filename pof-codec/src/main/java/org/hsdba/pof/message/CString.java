package org.hsdba.pof.message;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.hsdba.pof.FieldChecks;

/**
 * A fixed-size C char array (names are 64 bytes, error strings 256). The exact bytes are kept,
 * including anything after the terminating NUL (POFSwitch leaves stale bytes there), so
 * re-encoding is exact; {@link #text()} gives the string up to the first NUL.
 */
public final class CString {
    private final byte[] bytes;

    private CString(byte[] bytes) {
        this.bytes = bytes;
    }

    /** {@code text} as ASCII/UTF-8, NUL-padded to {@code size} bytes (it must fit in {@code size}). */
    public static CString of(String text, int size) {
        byte[] raw = text.getBytes(StandardCharsets.UTF_8);
        if (raw.length > size) {
            throw new IllegalArgumentException("string \"" + text + "\" is " + raw.length
                    + " bytes; the field holds " + size);
        }
        return new CString(Arrays.copyOf(raw, size));
    }

    /** Exactly these bytes (the field size is {@code raw.length}). */
    public static CString ofBytes(byte[] raw) {
        return new CString(raw.clone());
    }

    /** The characters before the first NUL. */
    public String text() {
        int n = 0;
        while (n < bytes.length && bytes[n] != 0) {
            n++;
        }
        return new String(bytes, 0, n, StandardCharsets.UTF_8);
    }

    /** The raw field bytes (a copy). */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Size of the field in bytes. */
    public int size() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CString && Arrays.equals(bytes, ((CString) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        String text = text();
        boolean clean = true;
        for (int i = text.length(); i < bytes.length && clean; i++) {
            clean = bytes[i] == 0;
        }
        return "\"" + text + "\"" + (clean ? "" : "+" + FieldChecks.hex(Arrays.copyOfRange(bytes, text.length(), bytes.length)));
    }
}
