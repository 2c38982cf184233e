package org.hsdba.pofswitch.ports;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The few libc calls a raw packet socket needs, bound by JNA direct mapping (no JNI of our own).
 * Structures are passed as byte arrays laid out by {@link SockAddr}; sizes are 64-bit (x86-64,
 * aarch64 Linux).
 */
final class Libc {
    static final int AF_PACKET = 17;
    static final int SOCK_RAW = 3;
    static final int ETH_P_ALL = 0x0003;
    static final int SOL_SOCKET = 1;
    static final int SO_RCVBUF = 8;
    static final int SO_SNDBUF = 7;
    static final int SO_RCVTIMEO = 20;
    static final int SO_RCVBUFFORCE = 33;
    static final int SO_SNDBUFFORCE = 32;
    /** Receive timestamps as struct timespec (CLOCK_REALTIME); the control message has the same number. */
    static final int SO_TIMESTAMPNS = 35;
    static final int SCM_TIMESTAMPNS = SO_TIMESTAMPNS;
    static final int CLOCK_REALTIME = 0;
    static final int SOL_PACKET = 263;
    static final int PACKET_ADD_MEMBERSHIP = 1;
    static final int PACKET_MR_PROMISC = 1;
    static final int PACKET_IGNORE_OUTGOING = 23;
    static final int PACKET_OUTGOING = 4;
    static final int PACKET_STATISTICS = 6;
    static final int MSG_TRUNC = 0x20;
    static final int MSG_WAITFORONE = 0x10000;
    static final int EINTR = 4;
    static final int EAGAIN = 11;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private Libc() {
    }

    static native int socket(int domain, int type, int protocol) throws LastErrorException;

    static native int bind(int fd, byte[] addr, int addrLen) throws LastErrorException;

    static native int setsockopt(int fd, int level, int name, byte[] value, int valueLen) throws LastErrorException;

    static native int getsockopt(int fd, int level, int name, byte[] value, int[] valueLen) throws LastErrorException;

    static native long recvfrom(int fd, byte[] buf, long len, int flags, byte[] from, int[] fromLen)
            throws LastErrorException;

    static native long send(int fd, byte[] buf, long len, int flags) throws LastErrorException;

    static native int recvmmsg(int fd, Pointer msgvec, int vlen, int flags, Pointer timeout) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    /** Fills the struct timespec at {@code ts} (16 bytes) with clock {@code clock}'s time. */
    static native int clock_gettime(int clock, Pointer ts) throws LastErrorException;

    /** htons for the protocol numbers of sockaddr_ll and socket(2). */
    static int htons(int v) {
        return ((v & 0xff) << 8) | ((v >> 8) & 0xff);
    }
}
