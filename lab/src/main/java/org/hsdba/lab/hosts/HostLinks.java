package org.hsdba.lab.hosts;

/**
 * How the hosts lab's links and senders behave beyond the switch: an added round-trip time (netem
 * delay on the way back, so TCP sees a real RTT instead of the namespaces' ~0.1 ms while the
 * frames reach the switch unchanged), whether the egress veth is shaped to the tree's capacity
 * (tc tbf: the "shaped link" case, a real bottleneck of rate C behind the switch) and the
 * senders' TCP congestion control (the host's default otherwise: bbr on some kernels, which does
 * not slow down on random loss the way cubic or reno do). Immutable.
 */
public final class HostLinks {
    /** Namespaces wired directly: no added delay, no shaper. */
    public static final HostLinks DIRECT = new HostLinks(0, false, null);
    /** The tbf queue's latency bound: long enough to hold a few TCP windows, short enough to keep RTTs realistic. */
    static final int SHAPER_LATENCY_MS = 50;

    private final double rttMs;
    private final boolean shaped;
    private final String congestionControl;

    private HostLinks(double rttMs, boolean shaped, String congestionControl) {
        this.rttMs = rttMs;
        this.shaped = shaped;
        this.congestionControl = congestionControl;
    }

    /**
     * @param congestionControl the senders' TCP congestion control (a name the kernel offers, e.g.
     *                          cubic, reno, bbr), or null for the host's default
     * @throws IllegalArgumentException when {@code rttMs} is negative, not finite or above 10 s, or
     *                                  the congestion control name is not a plain word
     */
    public static HostLinks of(double rttMs, boolean shaped, String congestionControl) {
        if (!(rttMs >= 0 && rttMs <= 10_000)) {
            throw new IllegalArgumentException("--rtt must be between 0 and 10000 ms, got " + rttMs);
        }
        if (congestionControl != null && !congestionControl.matches("[a-z0-9_]{1,16}")) {
            throw new IllegalArgumentException("--cc must be a congestion control name such as cubic, got \""
                    + congestionControl + "\"");
        }
        return new HostLinks(rttMs, shaped, congestionControl);
    }

    /** The senders' TCP congestion control, or null for the host's default. */
    public String congestionControl() {
        return congestionControl;
    }

    /** Round-trip time added to every flow, ms (0: none). */
    public double rttMs() {
        return rttMs;
    }

    /** Whether the egress veth is shaped to the tree's capacity. */
    public boolean shaped() {
        return shaped;
    }

    @Override
    public String toString() {
        return (rttMs > 0 ? "added RTT " + rttMs + " ms" : "no added RTT") + (shaped ? ", egress shaped (tbf)" : "")
                + (congestionControl != null ? ", TCP " + congestionControl : "");
    }
}
