package org.hsdba.pofswitch.support;

/** Test frames: Ethernet header + payload, padded to 60 bytes as on the wire. */
public final class Frames {
    private Frames() {
    }

    /** Broadcast destination, source 02:00:00:00:00:01, the given EtherType and payload. */
    public static byte[] ethernet(int etherType, byte[] payload) {
        byte[] f = new byte[Math.max(60, 14 + payload.length)];
        for (int i = 0; i < 6; i++) {
            f[i] = (byte) 0xFF;
        }
        f[6] = 2;
        f[11] = 1;
        f[12] = (byte) (etherType >>> 8);
        f[13] = (byte) etherType;
        System.arraycopy(payload, 0, f, 14, payload.length);
        return f;
    }

    /** A frame of {@code size} bytes with the EtherType and a 32-bit number right after it. */
    public static byte[] withNumber(int etherType, long number, int size) {
        byte[] f = ethernet(etherType, new byte[] {(byte) (number >>> 24), (byte) (number >>> 16),
            (byte) (number >>> 8), (byte) number});
        return size <= f.length ? f : java.util.Arrays.copyOf(f, size);
    }
}
