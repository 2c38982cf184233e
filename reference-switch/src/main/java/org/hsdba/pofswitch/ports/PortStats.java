package org.hsdba.pofswitch.ports;

/**
 * What one real port saw, as a snapshot: frames (and bytes) received from the wire, of those the
 * ones the datapath forwarded and the ones it did not (dropped, PACKET_IN only, disabled port), the
 * ones too long for the datapath (offloads on: the datapath takes at most 1514 bytes), and frames
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

    PortStats(int port, String interfaceName, long rxFrames, long rxBytes, long rxNotForwarded, long rxOversize,
            long txFrames, long txBytes, long txErrors) {
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

    @Override
    public String toString() {
        return "port " + port + " (" + interfaceName + "): rx " + rxFrames + " (" + rxBytes + " B, not forwarded "
                + rxNotForwarded + (rxOversize > 0 ? ", oversize " + rxOversize + ": turn offloads off" : "")
                + ") tx " + txFrames + " (" + txBytes + " B" + (txErrors > 0 ? ", refused " + txErrors : "") + ")";
    }
}
