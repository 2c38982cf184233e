package org.hsdba.lab.hosts;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

import org.hsdba.pofswitch.datapath.OutputFrame;

/**
 * Bytes the switch sent out of the egress port per leaf address and per second since
 * {@link #start}: frame bytes without FCS, the unit the tree allocates. Frames are told apart by
 * the IPv4 address field the tree matches on.
 */
final class EgressMeter {
    private final int port;
    private final int fieldByte;
    private final int seconds;
    private final Map<Integer, AtomicLongArray> bins = new ConcurrentHashMap<>();
    private volatile long startNanos = Long.MAX_VALUE;

    EgressMeter(int port, int fieldOffsetBits, int seconds) {
        this.port = port;
        this.fieldByte = fieldOffsetBits / 8;
        this.seconds = seconds;
    }

    void start() {
        startNanos = System.nanoTime();
    }

    void accept(OutputFrame f) {
        if (f.port() == port) {
            accept(f.data(), f.length());
        }
    }

    /** A frame of {@code length} bytes in {@code d} that left the egress port. */
    void accept(byte[] d, int length) {
        long now = System.nanoTime();
        if (now < startNanos || length < fieldByte + 4) {
            return;
        }
        if (d[12] != 0x08 || d[13] != 0x00) {
            return; // IPv4 only: the tree's fields are IPv4 addresses
        }
        int addr = ((d[fieldByte] & 0xff) << 24) | ((d[fieldByte + 1] & 0xff) << 16) | ((d[fieldByte + 2] & 0xff) << 8)
                | (d[fieldByte + 3] & 0xff);
        int sec = (int) ((now - startNanos) / 1_000_000_000L);
        if (sec < seconds) {
            bins.computeIfAbsent(addr, a -> new AtomicLongArray(seconds)).addAndGet(sec, length);
        }
    }

    /** Bytes sent to/from {@code addr} in second {@code sec}. */
    long bytes(int addr, int sec) {
        AtomicLongArray a = bins.get(addr);
        return a == null || sec < 0 || sec >= seconds ? 0 : a.get(sec);
    }

    static int address(java.net.InetAddress a) {
        byte[] b = a.getAddress();
        return ((b[0] & 0xff) << 24) | ((b[1] & 0xff) << 16) | ((b[2] & 0xff) << 8) | (b[3] & 0xff);
    }
}
