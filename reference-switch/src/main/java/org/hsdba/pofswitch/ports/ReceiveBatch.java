package org.hsdba.pofswitch.ports;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * Native buffers for one {@code recvmmsg(2)}: up to {@link #capacity()} frames per system call
 * instead of one {@code recvfrom} each. Laid out as x86-64 / aarch64 Linux lays out
 * {@code struct mmsghdr} (a 56-byte {@code msghdr} and the received length, 64 bytes), one
 * {@code iovec}, one {@code sockaddr_ll} and room for one control message per frame (the kernel's
 * receive timestamp, {@link #receivedAtNanos}, on a socket that asks for them). One per receive
 * thread; not thread-safe.
 */
public final class ReceiveBatch {
    static final int MMSGHDR = 64;
    private static final int IOVEC = 16;
    private static final int MSG_NAME = 0;
    private static final int MSG_NAMELEN = 8;
    private static final int MSG_IOV = 16;
    private static final int MSG_IOVLEN = 24;
    private static final int MSG_CONTROL = 32;
    private static final int MSG_CONTROLLEN = 40;
    private static final int MSG_LEN = 56;
    /**
     * Control bytes per frame: CMSG_SPACE(sizeof(struct timespec)) is 32; twice that leaves room
     * for one more message the kernel might add before it (it then sets MSG_CTRUNC, not overflows).
     */
    static final int CONTROL = 64;
    /** struct cmsghdr: cmsg_len (size_t), cmsg_level, cmsg_type (int); data follows, 8-aligned. */
    private static final int CMSG_LEVEL = 8;
    private static final int CMSG_TYPE = 12;
    private static final int CMSG_DATA = 16;

    private final int capacity;
    private final int frameBytes;
    final Memory headers;
    private final Memory iovecs;
    private final Memory frames;
    private final Memory addresses;
    private final Memory controls;
    private final Memory clock = new Memory(16);
    private int count;

    /** Room for {@code capacity} frames of up to {@code frameBytes} bytes (longer ones are cut, their length kept). */
    public ReceiveBatch(int capacity, int frameBytes) {
        if (capacity < 1 || frameBytes < 1) {
            throw new IllegalArgumentException("a batch needs room for at least one frame of one byte, got " + capacity
                    + " x " + frameBytes);
        }
        this.capacity = capacity;
        this.frameBytes = frameBytes;
        headers = new Memory((long) MMSGHDR * capacity);
        iovecs = new Memory((long) IOVEC * capacity);
        frames = new Memory((long) frameBytes * capacity);
        addresses = new Memory((long) SockAddr.SOCKADDR_LL_LEN * capacity);
        controls = new Memory((long) CONTROL * capacity);
        headers.clear();
        for (int i = 0; i < capacity; i++) {
            iovecs.setPointer((long) IOVEC * i, frames.share((long) frameBytes * i));
            iovecs.setLong((long) IOVEC * i + 8, frameBytes);
            long h = (long) MMSGHDR * i;
            headers.setPointer(h + MSG_NAME, addresses.share((long) SockAddr.SOCKADDR_LL_LEN * i));
            headers.setPointer(h + MSG_IOV, iovecs.share((long) IOVEC * i));
            headers.setLong(h + MSG_IOVLEN, 1);
            headers.setPointer(h + MSG_CONTROL, controls.share((long) CONTROL * i));
        }
    }

    public int capacity() {
        return capacity;
    }

    /** Frames the last receive got. */
    public int count() {
        return count;
    }

    /** Before a receive: the kernel overwrites each address and control length with what it wrote. */
    void reset() {
        for (int i = 0; i < capacity; i++) {
            headers.setInt((long) MMSGHDR * i + MSG_NAMELEN, SockAddr.SOCKADDR_LL_LEN);
            headers.setLong((long) MMSGHDR * i + MSG_CONTROLLEN, CONTROL);
        }
        count = 0;
    }

    void received(int n) {
        count = n;
    }

    /** Frame {@code i}'s length on the wire (more than the buffer if it was cut). */
    public int length(int i) {
        check(i);
        return headers.getInt((long) MMSGHDR * i + MSG_LEN);
    }

    /** True if frame {@code i} is one this host sent (kernels before 4.20 still deliver those). */
    public boolean outgoing(int i) {
        check(i);
        return addresses.getByte((long) SockAddr.SOCKADDR_LL_LEN * i + SockAddr.SLL_PKTTYPE) == Libc.PACKET_OUTGOING;
    }

    /**
     * When the kernel received frame {@code i}, in nanoseconds since the epoch (CLOCK_REALTIME, the
     * SCM_TIMESTAMPNS control message), or -1 if no timestamp came with it (the socket did not ask
     * for them, or the control buffer was too small).
     */
    public long receivedAtNanos(int i) {
        check(i);
        long c = (long) CONTROL * i;
        long len = headers.getLong((long) MMSGHDR * i + MSG_CONTROLLEN);
        long at = 0;
        while (at + CMSG_DATA <= len) {
            long cmsgLen = controls.getLong(c + at);
            if (cmsgLen < CMSG_DATA || at + cmsgLen > len) {
                return -1; // malformed or cut: trust none of it
            }
            if (controls.getInt(c + at + CMSG_LEVEL) == Libc.SOL_SOCKET
                    && controls.getInt(c + at + CMSG_TYPE) == Libc.SCM_TIMESTAMPNS && cmsgLen >= CMSG_DATA + 16) {
                return controls.getLong(c + at + CMSG_DATA) * 1_000_000_000L + controls.getLong(c + at + CMSG_DATA + 8);
            }
            at += (cmsgLen + 7) & ~7L;
        }
        return -1;
    }

    /** Now on the clock of {@link #receivedAtNanos} (CLOCK_REALTIME), in ns since the epoch, without allocating. */
    public long realtimeNowNanos() {
        Libc.clock_gettime(Libc.CLOCK_REALTIME, clock);
        return clock.getLong(0) * 1_000_000_000L + clock.getLong(8);
    }

    /** Copies frame {@code i} (up to {@code dst.length} bytes) into {@code dst}; returns the bytes copied. */
    public int copy(int i, byte[] dst) {
        int n = Math.min(Math.min(length(i), frameBytes), dst.length);
        frames.read((long) frameBytes * i, dst, 0, n);
        return n;
    }

    Pointer vector() {
        return headers;
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("frame " + i + " of " + count);
        }
    }
}
