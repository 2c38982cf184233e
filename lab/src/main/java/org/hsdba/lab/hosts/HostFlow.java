package org.hsdba.lab.hosts;

import java.net.InetAddress;
import java.time.Duration;

/**
 * One iperf3 flow of {@code hsdba lab --hosts}: the scenario source it stands for, the leaf whose
 * address it is sent to (or from), TCP (greedy) or UDP (at the source's rate), when it runs.
 * Rates are on-wire: Ethernet frame bytes without FCS, as the tree counts them. {@link #addedRtt()}
 * is the round-trip time the host network adds to the flow (the namespaces alone give tens of
 * microseconds). Immutable.
 */
public final class HostFlow {
    /** Ethernet + IPv4 + UDP headers: a UDP datagram of L bytes is a frame of L + 42. */
    static final int UDP_OVERHEAD = 42;

    private final String sourceId;
    private final String leafId;
    private final InetAddress leafAddress;
    private final boolean tcp;
    private final double wireBps;
    private final int frameBytes;
    private final double start;
    private final double end;
    private final int port;
    private final Duration addedRtt;

    HostFlow(String sourceId, String leafId, InetAddress leafAddress, boolean tcp, double wireBps, int frameBytes,
            double start, double end, int port, Duration addedRtt) {
        this.sourceId = sourceId;
        this.leafId = leafId;
        this.leafAddress = leafAddress;
        this.tcp = tcp;
        this.wireBps = wireBps;
        this.frameBytes = frameBytes;
        this.start = start;
        this.end = end;
        this.port = port;
        this.addedRtt = addedRtt;
    }

    /** Round-trip time added to this flow by the host network (a delay on its way back); zero for none. */
    public Duration addedRtt() {
        return addedRtt;
    }

    public String sourceId() {
        return sourceId;
    }

    public String leafId() {
        return leafId;
    }

    public InetAddress leafAddress() {
        return leafAddress;
    }

    public boolean tcp() {
        return tcp;
    }

    /** The UDP source's on-wire rate (b/s); for TCP, unlimited (the sender takes what it gets). */
    public double wireBps() {
        return tcp ? Double.POSITIVE_INFINITY : wireBps;
    }

    /** UDP frame size (bytes, without FCS). */
    public int frameBytes() {
        return frameBytes;
    }

    /** UDP payload per datagram. */
    public int udpPayload() {
        return frameBytes - UDP_OVERHEAD;
    }

    /** iperf3's -b for UDP: the payload rate that makes {@link #wireBps()} on the wire. */
    public long iperfPayloadBps() {
        return Math.round(wireBps * udpPayload() / frameBytes);
    }

    /** Seconds after the traffic start. */
    public double start() {
        return start;
    }

    public double end() {
        return end;
    }

    /** The iperf3 server's TCP/UDP port. */
    public int port() {
        return port;
    }

    public String protocol() {
        return tcp ? "tcp" : "udp";
    }
}
