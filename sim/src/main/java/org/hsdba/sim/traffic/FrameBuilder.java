package org.hsdba.sim.traffic;

import java.util.List;

/**
 * Builds real frames: Ethernet II + IPv4 (20 bytes, no options) + UDP, zero payload padding to
 * the requested size, then the match fields written over them, then the IPv4 total length, UDP
 * length and IPv4 header checksum set (so a field write never leaves a bad checksum; a field
 * overlapping those three fields is overwritten by them). UDP checksum 0 (= none, legal in IPv4).
 * Defaults that make sources distinguishable when no field covers them: source MAC
 * 02:00:00:00:xx:xx and IPv4 source 10.255.x.x from the source index, UDP ports 40000+index -> 9.
 */
public final class FrameBuilder {

    public static final int ETHERNET_BYTES = 14;
    public static final int IPV4_BYTES = 20;
    public static final int UDP_BYTES = 8;
    public static final int HEADER_BYTES = ETHERNET_BYTES + IPV4_BYTES + UDP_BYTES;

    private FrameBuilder() {
    }

    /**
     * A frame of {@code frameBytes} bytes for source number {@code sourceIndex} with
     * {@code fields} written.
     *
     * @throws IllegalArgumentException if a field extends past the frame
     */
    public static byte[] build(int frameBytes, int sourceIndex, List<FieldWrite> fields) {
        if (frameBytes < HEADER_BYTES) {
            throw new IllegalArgumentException("frame of " + frameBytes + " bytes cannot hold the "
                    + HEADER_BYTES + " bytes of Ethernet+IPv4+UDP headers");
        }
        for (FieldWrite field : fields) {
            if (field.endBits() > frameBytes * 8) {
                throw new IllegalArgumentException("match " + field + " ends at bit " + field.endBits()
                        + ", beyond the " + frameBytes + "-byte frame of source #" + sourceIndex);
            }
        }
        byte[] f = new byte[frameBytes];
        int idHi = (sourceIndex >>> 8) & 0xff;
        int idLo = sourceIndex & 0xff;
        // Ethernet: destination, source, EtherType IPv4.
        put(f, 0, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01);
        put(f, 6, 0x02, 0x00, 0x00, 0x00, idHi, idLo);
        put(f, 12, 0x08, 0x00);
        // IPv4: version 4 / IHL 5, TOS 0, length (later), id 0, DF, TTL 64, UDP, checksum (later).
        int ip = ETHERNET_BYTES;
        put(f, ip, 0x45, 0x00, 0, 0, 0x00, 0x00, 0x40, 0x00, 64, 17, 0, 0);
        put(f, ip + 12, 10, 255, idHi, idLo);
        put(f, ip + 16, 10, 0, 0, 1);
        // UDP: ports, length (later), checksum 0.
        int udp = ip + IPV4_BYTES;
        int srcPort = 40000 + (sourceIndex % 20000);
        put(f, udp, srcPort >>> 8, srcPort & 0xff, 0, 9, 0, 0, 0, 0);

        for (FieldWrite field : fields) {
            field.applyTo(f);
        }

        putShort(f, ip + 2, frameBytes - ETHERNET_BYTES);
        putShort(f, udp + 4, frameBytes - ETHERNET_BYTES - IPV4_BYTES);
        putShort(f, ip + 10, 0);
        putShort(f, ip + 10, ipv4Checksum(f, ip));
        return f;
    }

    /** The one's-complement header checksum over the 20 bytes at {@code offset}. */
    static int ipv4Checksum(byte[] frame, int offset) {
        int sum = 0;
        for (int i = 0; i < IPV4_BYTES; i += 2) {
            sum += ((frame[offset + i] & 0xff) << 8) | (frame[offset + i + 1] & 0xff);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return ~sum & 0xffff;
    }

    private static void put(byte[] f, int at, int... bytes) {
        for (int i = 0; i < bytes.length; i++) {
            f[at + i] = (byte) bytes[i];
        }
    }

    private static void putShort(byte[] f, int at, int v) {
        f[at] = (byte) (v >>> 8);
        f[at + 1] = (byte) v;
    }
}
