package org.hsdba.e2e;

import java.nio.ByteBuffer;

/**
 * Frames as real senders make them, for the stock drop tests: IPv4 UDP (iperf3-like payload:
 * seconds, microseconds, packet count), IPv4 TCP (sequence number advancing by the payload,
 * timestamps option), IPv6 UDP and TCP, and a non-IP frame; IP, UDP and TCP checksums computed as
 * a stack does. The source MAC's last two bytes carry the leaf (group, host), which the test trees
 * classify on, so every kind of frame reaches its leaf.
 */
final class StockFrames {

    private StockFrames() {
    }

    private static ByteBuffer ethernet(int size, int group, int host, int ethertype) {
        ByteBuffer b = ByteBuffer.allocate(size);
        b.put(new byte[] {2, 0, 0, 0, 0, 2});
        b.put(new byte[] {2, 0, 0, 0, (byte) group, (byte) host});
        b.putShort((short) ethertype);
        return b;
    }

    /** IPv4 UDP of {@code size} bytes: identification {@code id}, payload {sec, usec, count} at time tNs. */
    static byte[] ipv4Udp(int size, int group, int host, int id, long count, long tNs) {
        ByteBuffer b = ethernet(size, group, host, 0x0800);
        ipv4(b, size - 14, id, 17, group, host);
        int udp = 34;
        b.putShort(udp, (short) 5201).putShort(udp + 2, (short) 5201).putShort(udp + 4, (short) (size - udp));
        b.putInt(42, (int) (tNs / 1_000_000_000L)).putInt(46, (int) (tNs / 1000 % 1_000_000)).putInt(50, (int) count);
        b.putShort(udp + 6, (short) l4Checksum4(b.array(), udp, 17));
        return b.array();
    }

    /** IPv4 TCP of {@code size} bytes with a timestamps option: identification {@code id}, sequence {@code seq}. */
    static byte[] ipv4Tcp(int size, int group, int host, int id, long seq, long tNs) {
        ByteBuffer b = ethernet(size, group, host, 0x0800);
        ipv4(b, size - 14, id, 6, group, host);
        tcp(b, 34, seq, tNs);
        b.putShort(34 + 16, (short) l4Checksum4(b.array(), 34, 6));
        return b.array();
    }

    /** IPv6 UDP of {@code size} bytes, iperf3-like payload. */
    static byte[] ipv6Udp(int size, int group, int host, long count, long tNs) {
        ByteBuffer b = ethernet(size, group, host, 0x86DD);
        ipv6(b, size - 54, 17, group, host);
        int udp = 54;
        b.putShort(udp, (short) 5201).putShort(udp + 2, (short) 5201).putShort(udp + 4, (short) (size - udp));
        b.putInt(62, (int) (tNs / 1_000_000_000L)).putInt(66, (int) (tNs / 1000 % 1_000_000)).putInt(70, (int) count);
        b.putShort(udp + 6, (short) l4Checksum6(b.array(), udp, 17));
        return b.array();
    }

    /** IPv6 TCP of {@code size} bytes. */
    static byte[] ipv6Tcp(int size, int group, int host, long seq, long tNs) {
        ByteBuffer b = ethernet(size, group, host, 0x86DD);
        ipv6(b, size - 54, 6, group, host);
        tcp(b, 54, seq, tNs);
        b.putShort(54 + 16, (short) l4Checksum6(b.array(), 54, 6));
        return b.array();
    }

    /**
     * A non-IP frame (local experimental ethertype): a 2-byte header, then a 32-bit sequence number
     * at frame bytes 16..19, whose low half is where the drop hash reads an IPv4 identification (a
     * non-IP protocol whose varying bytes lie elsewhere is the identical-frames case).
     */
    static byte[] nonIp(int size, int group, int host, long count) {
        ByteBuffer b = ethernet(size, group, host, 0x88B5);
        b.putShort(14, (short) 1).putInt(16, (int) count);
        return b.array();
    }

    /** The same frame every time: IPv4 UDP, identification 0, constant payload (no field varies). */
    static byte[] identical(int size, int group, int host) {
        return ipv4Udp(size, group, host, 0, 0, 0);
    }

    private static void ipv4(ByteBuffer b, int length, int id, int protocol, int group, int host) {
        int ip = 14;
        b.put(ip, (byte) 0x45).putShort(ip + 2, (short) length).putShort(ip + 4, (short) id)
                .putShort(ip + 6, (short) 0x4000).put(ip + 8, (byte) 64).put(ip + 9, (byte) protocol);
        b.put(ip + 12, (byte) 10).put(ip + 13, (byte) group).put(ip + 14, (byte) 0).put(ip + 15, (byte) host);
        b.put(ip + 16, (byte) 10).put(ip + 17, (byte) 9).put(ip + 18, (byte) 0).put(ip + 19, (byte) 1);
        b.putShort(ip + 10, (short) (~sum(b.array(), ip, 20, 0) & 0xFFFF));
    }

    private static void ipv6(ByteBuffer b, int payload, int next, int group, int host) {
        int ip = 14;
        b.putInt(ip, 0x6000_0000 | (group << 8 | host)).putShort(ip + 4, (short) payload).put(ip + 6, (byte) next)
                .put(ip + 7, (byte) 64);
        b.putLong(ip + 8, 0xFD00_0000_0000_0000L | group).putLong(ip + 16, host);
        b.putLong(ip + 24, 0xFD00_0000_0000_0009L).putLong(ip + 32, 1);
    }

    private static void tcp(ByteBuffer b, int at, long seq, long tNs) {
        b.putShort(at, (short) 40000).putShort(at + 2, (short) 5201).putInt(at + 4, (int) seq)
                .putInt(at + 8, 0x1234_5678).put(at + 12, (byte) 0x80).put(at + 13, (byte) 0x18)
                .putShort(at + 14, (short) 502);
        // NOP, NOP, timestamps (kind 8, length 10): TSval in ms, TSecr.
        b.put(at + 20, (byte) 1).put(at + 21, (byte) 1).put(at + 22, (byte) 8).put(at + 23, (byte) 10)
                .putInt(at + 24, (int) (tNs / 1_000_000)).putInt(at + 28, 0x0BAD_CAFE);
    }

    private static int l4Checksum4(byte[] f, int at, int protocol) {
        int len = f.length - at;
        long s = sum(f, 26, 8, 0) + protocol + len;
        int c = ~sum(f, at, len, s) & 0xFFFF;
        return c == 0 && protocol == 17 ? 0xFFFF : c;
    }

    private static int l4Checksum6(byte[] f, int at, int protocol) {
        int len = f.length - at;
        long s = sum(f, 22, 32, 0) + protocol + len;
        int c = ~sum(f, at, len, s) & 0xFFFF;
        return c == 0 && protocol == 17 ? 0xFFFF : c;
    }

    /** Ones'-complement sum of 16-bit words, folded to 16 bits. */
    private static int sum(byte[] f, int at, int len, long start) {
        long s = start;
        for (int i = 0; i < len; i += 2) {
            int hi = f[at + i] & 0xFF;
            int lo = i + 1 < len ? f[at + i + 1] & 0xFF : 0;
            s += hi << 8 | lo;
        }
        while (s >> 16 != 0) {
            s = (s & 0xFFFF) + (s >> 16);
        }
        return (int) s;
    }
}
