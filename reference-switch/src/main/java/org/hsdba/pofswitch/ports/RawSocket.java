package org.hsdba.pofswitch.ports;

import com.sun.jna.LastErrorException;
import java.io.IOException;

/**
 * A raw {@code AF_PACKET} socket bound to one interface: whole Ethernet frames in and out, the
 * interface in promiscuous mode, frames the host itself sends on it not seen. Receives wait at most
 * {@link #POLL_MS} so that a receive loop notices when it is asked to stop. Needs CAP_NET_RAW.
 */
public final class RawSocket implements AutoCloseable {
    /** How long a receive waits before returning 0, so a stopping loop is never stuck. */
    public static final long POLL_MS = 100;

    private final NetInterface netInterface;
    private final int fd;
    private final byte[] from = new byte[SockAddr.SOCKADDR_LL_LEN];
    private final int[] fromLen = new int[1];
    private volatile boolean closed;
    private boolean timestamps;

    private RawSocket(NetInterface netInterface, int fd) {
        this.netInterface = netInterface;
        this.fd = fd;
    }

    /** Opens a socket on interface {@code name}; says which step failed and why. */
    public static RawSocket open(String name) throws IOException {
        NetInterface nif = NetInterface.byName(name);
        int fd;
        try {
            fd = Libc.socket(Libc.AF_PACKET, Libc.SOCK_RAW, Libc.htons(Libc.ETH_P_ALL));
        } catch (LastErrorException e) {
            throw new IOException("raw socket for " + name + ": " + errno(e)
                    + (e.getErrorCode() == 1 ? " (needs root or CAP_NET_RAW)" : ""), e);
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new IOException("raw sockets need Linux and JNA's native library: " + e.getMessage(), e);
        }
        RawSocket s = new RawSocket(nif, fd);
        try {
            s.option(Libc.SOL_PACKET, Libc.PACKET_IGNORE_OUTGOING, SockAddr.intValue(1), true);
            s.option(Libc.SOL_SOCKET, Libc.SO_RCVTIMEO, SockAddr.timeval(POLL_MS), false);
            // The kernel's receive time per frame: a receive thread that was kept off the CPU runs
            // its backlog at the times the frames arrived, not all at the moment it woke up.
            s.timestamps = s.option(Libc.SOL_SOCKET, Libc.SO_TIMESTAMPNS, SockAddr.intValue(1), true);
            // A big buffer rides out the moments the datapath lock is held by the control channel.
            if (!s.option(Libc.SOL_SOCKET, Libc.SO_RCVBUFFORCE, SockAddr.intValue(4 << 20), true)) {
                s.option(Libc.SOL_SOCKET, Libc.SO_RCVBUF, SockAddr.intValue(4 << 20), true);
            }
            if (!s.option(Libc.SOL_SOCKET, Libc.SO_SNDBUFFORCE, SockAddr.intValue(4 << 20), true)) {
                s.option(Libc.SOL_SOCKET, Libc.SO_SNDBUF, SockAddr.intValue(4 << 20), true);
            }
            byte[] addr = SockAddr.packetAll(nif.index());
            try {
                Libc.bind(fd, addr, addr.length);
            } catch (LastErrorException e) {
                throw new IOException("binding the raw socket to " + name + ": " + errno(e), e);
            }
            s.option(Libc.SOL_PACKET, Libc.PACKET_ADD_MEMBERSHIP, SockAddr.promisc(nif.index()), false);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    /** Sets an option; an optional one that the kernel refuses returns false, a required one throws. */
    private boolean option(int level, int name, byte[] value, boolean optional) throws IOException {
        try {
            Libc.setsockopt(fd, level, name, value, value.length);
            return true;
        } catch (LastErrorException e) {
            if (optional) {
                return false;
            }
            throw new IOException("setsockopt(" + level + ", " + name + ") on " + netInterface.name() + ": " + errno(e), e);
        }
    }

    public NetInterface netInterface() {
        return netInterface;
    }

    /** Whether the kernel agreed to stamp received frames ({@link ReceiveBatch#receivedAtNanos}). */
    public boolean timestamps() {
        return timestamps;
    }

    /**
     * Waits up to {@link #POLL_MS} for a frame and copies it into {@code buf}. Returns its length
     * (which may exceed {@code buf.length} if it was truncated), 0 if none came or it was one this
     * host sent, and throws once the socket is closed or broken.
     */
    public int receive(byte[] buf) throws IOException {
        fromLen[0] = from.length;
        long n;
        try {
            n = Libc.recvfrom(fd, buf, buf.length, Libc.MSG_TRUNC, from, fromLen);
        } catch (LastErrorException e) {
            int code = e.getErrorCode();
            if (!closed && (code == Libc.EAGAIN || code == Libc.EINTR)) {
                return 0;
            }
            throw new IOException("receive on " + netInterface.name() + ": " + errno(e), e);
        }
        if (from[SockAddr.SLL_PKTTYPE] == Libc.PACKET_OUTGOING) {
            return 0; // kernels before 4.20 ignore PACKET_IGNORE_OUTGOING
        }
        return (int) n;
    }

    /**
     * Waits up to {@link #POLL_MS} for frames and receives as many as are queued, up to the batch's
     * capacity, in one {@code recvmmsg(2)}. Returns how many (0 if none came); frames this host sent
     * are among them, flagged ({@link ReceiveBatch#outgoing}); each with the kernel's receive time
     * if {@link #timestamps()}. Throws once the socket is closed or broken.
     */
    public int receive(ReceiveBatch batch) throws IOException {
        batch.reset();
        int n;
        try {
            n = Libc.recvmmsg(fd, batch.vector(), batch.capacity(), Libc.MSG_TRUNC | Libc.MSG_WAITFORONE, null);
        } catch (LastErrorException e) {
            int code = e.getErrorCode();
            if (!closed && (code == Libc.EAGAIN || code == Libc.EINTR)) {
                return 0;
            }
            throw new IOException("receive on " + netInterface.name() + ": " + errno(e), e);
        }
        batch.received(n);
        return n;
    }

    /**
     * Frames the kernel dropped for this socket since the last call because its receive buffer
     * was full (PACKET_STATISTICS tp_drops; reading resets the kernel's count): the switch did not
     * keep up. -1 if the kernel does not say.
     */
    public long takeKernelDrops() {
        byte[] stats = new byte[8];
        int[] len = {stats.length};
        try {
            Libc.getsockopt(fd, Libc.SOL_PACKET, Libc.PACKET_STATISTICS, stats, len);
        } catch (LastErrorException e) {
            return -1;
        }
        return java.nio.ByteBuffer.wrap(stats).order(java.nio.ByteOrder.nativeOrder()).getInt(4) & 0xFFFFFFFFL;
    }

    /** Sends one frame; false if the kernel refused it (full queue, interface down), with no exception. */
    public boolean send(byte[] frame, int length) {
        try {
            return Libc.send(fd, frame, length, 0) == length;
        } catch (LastErrorException e) {
            return false;
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                Libc.close(fd);
            } catch (LastErrorException e) {
                // closing a socket twice or after an error: nothing left to release
            }
        }
    }

    private static String errno(LastErrorException e) {
        return "errno " + e.getErrorCode() + " (" + e.getMessage() + ")";
    }
}
