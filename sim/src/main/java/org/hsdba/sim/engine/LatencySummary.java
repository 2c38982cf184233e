package org.hsdba.sim.engine;

/** Latency statistics of a set of packets, ns. Immutable; NaN fields when there were none. */
public final class LatencySummary {

    static final LatencySummary EMPTY =
            new LatencySummary(0, Double.NaN, Double.NaN, Double.NaN, 0, 0);

    private final long count;
    private final double meanNs;
    private final double p50Ns;
    private final double p99Ns;
    private final long minNs;
    private final long maxNs;

    public LatencySummary(long count, double meanNs, double p50Ns, double p99Ns, long minNs, long maxNs) {
        this.count = count;
        this.meanNs = meanNs;
        this.p50Ns = p50Ns;
        this.p99Ns = p99Ns;
        this.minNs = minNs;
        this.maxNs = maxNs;
    }

    public long count() {
        return count;
    }

    public double meanNs() {
        return meanNs;
    }

    public double p50Ns() {
        return p50Ns;
    }

    public double p99Ns() {
        return p99Ns;
    }

    public long minNs() {
        return minNs;
    }

    public long maxNs() {
        return maxNs;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%d packets, mean %.1f us, p50 %.1f us, p99 %.1f us",
                count, meanNs / 1e3, p50Ns / 1e3, p99Ns / 1e3);
    }
}
