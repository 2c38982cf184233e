package org.hsdba.lab.hosts;

/**
 * How the hosts lab's egress link behaves beyond the switch: shaped to the tree's capacity or not
 * (tc tbf: the "shaped link" case of issue 20, a real bottleneck of rate C with a queue behind the
 * switch). Round-trip times and the senders' congestion control are the lab file's (per flow
 * {@code rtt}, {@code congestionControl}; see {@link HostPlan}). Immutable.
 */
public final class HostLinks {
    /** The egress veth as it is: no shaper. */
    public static final HostLinks DIRECT = new HostLinks(false);
    /** Shaped to the tree's capacity ({@code --shape}). */
    public static final HostLinks SHAPED = new HostLinks(true);
    /** The tbf queue's latency bound: long enough to hold a few TCP windows, short enough to keep RTTs realistic. */
    static final int SHAPER_LATENCY_MS = 50;

    private final boolean shaped;

    private HostLinks(boolean shaped) {
        this.shaped = shaped;
    }

    public static HostLinks of(boolean shaped) {
        return shaped ? SHAPED : DIRECT;
    }

    /** Whether the egress veth is shaped to the tree's capacity. */
    public boolean shaped() {
        return shaped;
    }

    @Override
    public String toString() {
        return shaped ? "egress shaped to the tree's capacity (tbf)" : "egress not shaped";
    }
}
