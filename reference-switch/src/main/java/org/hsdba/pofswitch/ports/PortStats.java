package org.hsdba.pofswitch.ports;

/**
 * What one real port saw, as a snapshot: frames (and bytes) received from the wire, of those the
 * ones the datapath forwarded and the ones it did not (dropped, PACKET_IN only, disabled port), the
 * ones too long for the datapath (offloads on: the datapath takes at most 1514 bytes), the ones the
 * kernel dropped before the switch read them (receive buffer full), and frames
 * (bytes) sent to the wire and refused by the kernel; and how late the switch ran the frames that
 * carried the kernel's receive time (processing time minus receive time: how long they waited for
 * the receive thread).
 */
public final class PortStats {
    private final int port;
    private final String interfaceName;
    private final long rxFrames;
    private final long rxBytes;
    private final long rxNotForwarded;
    private final long rxOversize;
    private final long txFrames;
    private final long txBytes;
    private final long txErrors;
    private final long rxKernelDrops;
    private final long rxStamped;
    private final long lateSumNs;
    private final long lateMaxNs;

    PortStats(int port, String interfaceName, long rxFrames, long rxBytes, long rxNotForwarded, long rxOversize,
            long txFrames, long txBytes, long txErrors, long rxKernelDrops, long rxStamped, long lateSumNs,
            long lateMaxNs) {
        this.rxKernelDrops = rxKernelDrops;
        this.rxStamped = rxStamped;
        this.lateSumNs = lateSumNs;
        this.lateMaxNs = lateMaxNs;
        this.port = port;
        this.interfaceName = interfaceName;
        this.rxFrames = rxFrames;
        this.rxBytes = rxBytes;
        this.rxNotForwarded = rxNotForwarded;
        this.rxOversize = rxOversize;
        this.txFrames = txFrames;
        this.txBytes = txBytes;
        this.txErrors = txErrors;
    }

    public int port() {
        return port;
    }

    public String interfaceName() {
        return interfaceName;
    }

    public long rxFrames() {
        return rxFrames;
    }

    public long rxBytes() {
        return rxBytes;
    }

    public long rxNotForwarded() {
        return rxNotForwarded;
    }

    public long rxOversize() {
        return rxOversize;
    }

    public long txFrames() {
        return txFrames;
    }

    public long txBytes() {
        return txBytes;
    }

    public long txErrors() {
        return txErrors;
    }

    /** Frames that arrived while the switch's socket buffer was full: lost before the datapath saw them. */
    public long rxKernelDrops() {
        return rxKernelDrops;
    }

    /** Received frames that ran at the kernel's receive time (the rest ran at the live clock). */
    public long rxStamped() {
        return rxStamped;
    }

    /** Mean wait between the kernel's receive and the datapath of the stamped frames, ns (0 if none). */
    public long lateMeanNanos() {
        return rxStamped == 0 ? 0 : lateSumNs / rxStamped;
    }

    /** Longest such wait, ns. */
    public long lateMaxNanos() {
        return lateMaxNs;
    }

    @Override
    public String toString() {
        return "port " + port + " (" + interfaceName + "): rx " + rxFrames + " (" + rxBytes + " B, not forwarded "
                + rxNotForwarded + (rxOversize > 0 ? ", oversize " + rxOversize + ": turn offloads off" : "")
                + (rxKernelDrops > 0 ? ", lost in the kernel (switch too slow) " + rxKernelDrops : "")
                + ") tx " + txFrames + " (" + txBytes + " B" + (txErrors > 0 ? ", refused " + txErrors : "") + ")"
                + (rxStamped > 0 ? String.format(" late mean %.0f µs max %.1f ms", lateMeanNanos() / 1e3,
                        lateMaxNs / 1e6) : "");
    }
}
