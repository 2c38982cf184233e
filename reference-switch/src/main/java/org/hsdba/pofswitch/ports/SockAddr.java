package org.hsdba.pofswitch.ports;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The byte layouts of {@code struct sockaddr_ll}, {@code packet_mreq}, {@code timeval} and an int option. */
final class SockAddr {
    static final int SOCKADDR_LL_LEN = 20;
    /** Offset of sll_pkttype in sockaddr_ll. */
    static final int SLL_PKTTYPE = 10;

    private SockAddr() {
    }

    /** sockaddr_ll binding to every protocol on interface {@code ifindex}. */
    static byte[] packetAll(int ifindex) {
        ByteBuffer b = ByteBuffer.allocate(SOCKADDR_LL_LEN).order(ByteOrder.nativeOrder());
        b.putShort((short) Libc.AF_PACKET);
        b.order(ByteOrder.BIG_ENDIAN).putShort((short) Libc.ETH_P_ALL).order(ByteOrder.nativeOrder());
        b.putInt(ifindex);
        return b.array();
    }

    /** packet_mreq asking for promiscuous mode on {@code ifindex}. */
    static byte[] promisc(int ifindex) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
        b.putInt(ifindex).putShort((short) Libc.PACKET_MR_PROMISC);
        return b.array();
    }

    static byte[] timeval(long millis) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
        b.putLong(millis / 1000).putLong((millis % 1000) * 1000);
        return b.array();
    }

    static byte[] intValue(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(v).array();
    }
}
