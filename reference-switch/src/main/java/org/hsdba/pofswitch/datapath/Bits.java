package org.hsdba.pofswitch.datapath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Bit-field access with POF's conventions (pof-protocol.md section 1): offsets and lengths in
 * bits, MSB-first (bit 0 is the MSB of byte 0); copied values are left-aligned; numbers read from
 * fields are right-aligned and written back truncated to the field length. Callers check bounds.
 */
public final class Bits {
    /** Big-endian 64-bit access to byte arrays (an intrinsic: one load or store). */
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Bits() {
    }

    /**
     * Copies bits {@code [offsetBits, offsetBits + lenBits)} of {@code src} (from byte {@code srcBase})
     * to {@code dst}, left-aligned from bit 0 of byte {@code dstBase}; the unused low bits of the last
     * destination byte are zero (pofbf_copy_bit).
     */
    public static void copy(byte[] src, int srcBase, int offsetBits, int lenBits, byte[] dst, int dstBase) {
        int bytes = (lenBits + 7) >>> 3;
        int from = srcBase + (offsetBits >>> 3);
        int shift = offsetBits & 7;
        if (shift == 0 && from >= 0 && from + bytes <= src.length) {
            System.arraycopy(src, from, dst, dstBase, bytes);
        } else {
            for (int i = 0; i < bytes; i++) {
                int hi = (at(src, from + i) << shift) & 0xFF;
                int lo = shift == 0 ? 0 : at(src, from + i + 1) >>> (8 - shift);
                dst[dstBase + i] = (byte) (hi | lo);
            }
        }
        int spare = bytes * 8 - lenBits;
        if (bytes > 0 && spare > 0) {
            dst[dstBase + bytes - 1] &= (byte) (0xFF << spare);
        }
    }

    /** Byte {@code i} of {@code buf} as 0..255, or 0 outside the array. */
    private static int at(byte[] buf, int i) {
        return i >= 0 && i < buf.length ? buf[i] & 0xFF : 0;
    }

    /** A new left-aligned copy of the field (see {@link #copy}). */
    public static byte[] extract(byte[] src, int srcBase, int offsetBits, int lenBits) {
        byte[] out = new byte[(lenBits + 7) >>> 3];
        copy(src, srcBase, offsetBits, lenBits, out, 0);
        return out;
    }

    /**
     * Writes the first {@code lenBits} bits of {@code value} (left-aligned, from byte {@code valueBase})
     * into {@code dst} at bit {@code offsetBits} from byte {@code dstBase}, keeping all other bits
     * (pofbf_cover_bit). Bits of {@code value} beyond its array read as zero.
     */
    public static void cover(byte[] dst, int dstBase, int offsetBits, byte[] value, int valueBase, int lenBits) {
        if ((offsetBits & 7) == 0 && (lenBits & 7) == 0 && valueBase + (lenBits >>> 3) <= value.length) {
            System.arraycopy(value, valueBase, dst, dstBase + (offsetBits >>> 3), lenBits >>> 3);
            return;
        }
        for (int i = 0; i < lenBits; i++) {
            int srcByte = valueBase + (i >>> 3);
            int v = srcByte < value.length ? (value[srcByte] >>> (7 - (i & 7))) & 1 : 0;
            int pos = offsetBits + i;
            int idx = dstBase + (pos >>> 3);
            int mask = 1 << (7 - (pos & 7));
            dst[idx] = (byte) (v != 0 ? dst[idx] | mask : dst[idx] & ~mask);
        }
    }

    /** Reads a field of 1..64 bits as an unsigned right-aligned number. */
    public static long read(byte[] buf, int base, int offsetBits, int lenBits) {
        int shift = offsetBits & 7;
        int from = base + (offsetBits >>> 3);
        if (lenBits == 64 && shift == 0) {
            return (long) LONG.get(buf, from);
        }
        int bytes = (shift + lenBits + 7) >>> 3;
        if (bytes > 8) {
            // 9 bytes: the rest of the first byte, then a byte-aligned remainder
            int first = 8 - shift;
            int rest = lenBits - first;
            return (read(buf, base, offsetBits, first) << rest) | read(buf, base, offsetBits + first, rest);
        }
        long acc = 0;
        for (int i = 0; i < bytes; i++) {
            acc = (acc << 8) | (buf[from + i] & 0xFF);
        }
        return (acc >>> (bytes * 8 - shift - lenBits)) & mask(lenBits);
    }

    /** Writes the low {@code lenBits} (1..64) bits of {@code value} into a field. */
    public static void write(byte[] buf, int base, int offsetBits, int lenBits, long value) {
        int shift = offsetBits & 7;
        int from = base + (offsetBits >>> 3);
        if (lenBits == 64 && shift == 0) {
            LONG.set(buf, from, value);
            return;
        }
        int bytes = (shift + lenBits + 7) >>> 3;
        if (bytes > 8) {
            int first = 8 - shift;
            int rest = lenBits - first;
            write(buf, base, offsetBits, first, value >>> rest);
            write(buf, base, offsetBits + first, rest, value);
            return;
        }
        int low = bytes * 8 - shift - lenBits;
        long m = mask(lenBits) << low;
        long acc = 0;
        if (shift != 0 || low != 0) {
            for (int i = 0; i < bytes; i++) {
                acc = (acc << 8) | (buf[from + i] & 0xFF);
            }
        }
        acc = (acc & ~m) | ((value << low) & m);
        for (int i = bytes - 1; i >= 0; i--) {
            buf[from + i] = (byte) acc;
            acc >>>= 8;
        }
    }

    private static long mask(int lenBits) {
        return lenBits >= 64 ? -1L : (1L << lenBits) - 1;
    }
}
