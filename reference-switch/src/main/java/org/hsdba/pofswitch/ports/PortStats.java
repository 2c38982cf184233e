package org.hsdba.pofswitch.ports;

/**
 * What one real port saw, as a snapshot: frames (and bytes) received from the wire, of those the
 * ones the datapath forwarded and the ones it did not (dropped, PACKET_IN only, disabled port), the
 * ones too long for the datapath (offloads on: the datapath takes at most 1514 bytes), the ones the
 * kernel dropped before the switch read them (receive buffer full), and frames
 * (bytes) sent to the wire and refused by the kernel.
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

    PortStats(int port, String interfaceName, long rxFrames, long rxBytes, long rxNotForwarded, long rxOversize,
            long txFrames, long txBytes, long txErrors, long rxKernelDrops) {
        this.rxKernelDrops = rxKernelDrops;
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

    @Override
    public String toString() {
        return "port " + port + " (" + interfaceName + "): rx " + rxFrames + " (" + rxBytes + " B, not forwarded "
                + rxNotForwarded + (rxOversize > 0 ? ", oversize " + rxOversize + ": turn offloads off" : "")
                + (rxKernelDrops > 0 ? ", lost in the kernel (switch too slow) " + rxKernelDrops : "")
                + ") tx " + txFrames + " (" + txBytes + " B" + (txErrors > 0 ? ", refused " + txErrors : "") + ")";
    }
}
