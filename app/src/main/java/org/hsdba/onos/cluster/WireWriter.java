package org.hsdba.onos.cluster;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Big-endian primitives and length-prefixed UTF-8 strings into a byte array (the inverse of {@link WireReader}). */
final class WireWriter {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private final DataOutputStream out = new DataOutputStream(bytes);

    WireWriter u8(int v) {
        return run(() -> out.writeByte(v));
    }

    WireWriter bool(boolean v) {
        return run(() -> out.writeBoolean(v));
    }

    WireWriter i32(int v) {
        return run(() -> out.writeInt(v));
    }

    WireWriter i64(long v) {
        return run(() -> out.writeLong(v));
    }

    WireWriter f64(double v) {
        return run(() -> out.writeDouble(v));
    }

    /** Length (i32) and UTF-8 bytes; no 64 KiB limit as in {@link DataOutputStream#writeUTF}. */
    WireWriter str(String v) {
        byte[] b = v.getBytes(StandardCharsets.UTF_8);
        return run(() -> {
            out.writeInt(b.length);
            out.write(b);
        });
    }

    /** A string that may be null: presence flag, then the string. */
    WireWriter optStr(String v) {
        bool(v != null);
        return v == null ? this : str(v);
    }

    byte[] toBytes() {
        return bytes.toByteArray();
    }

    private interface Write {
        void run() throws IOException;
    }

    private WireWriter run(Write w) {
        try {
            w.run();
            return this;
        } catch (IOException e) {
            // a ByteArrayOutputStream does not fail; keep the signature honest anyway
            throw new UncheckedIOException(e);
        }
    }
}
