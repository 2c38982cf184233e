package org.hsdba.sim.engine;

/**
 * Latency distribution in nanoseconds with bounded memory: exact below 128 ns, above that 128
 * linear sub-buckets per power of two (relative bucket width under 0.8 %). Count, mean, min and
 * max are exact; percentiles are the midpoint of the bucket holding the rank, clamped to
 * [min, max]. Mutable accumulator; {@link #summary()} gives an immutable snapshot.
 */
public final class LatencyHistogram {

    private static final int SUB_BITS = 7;
    private static final int SUB = 1 << SUB_BITS;
    private static final int BUCKETS = SUB + (63 - SUB_BITS) * SUB;

    private final long[] counts = new long[BUCKETS];
    private long count;
    private double sumNs;
    private long minNs = Long.MAX_VALUE;
    private long maxNs = Long.MIN_VALUE;

    public void record(long ns) {
        if (ns < 0) {
            throw new IllegalArgumentException("negative latency " + ns + " ns");
        }
        counts[bucket(ns)]++;
        count++;
        sumNs += ns;
        minNs = Math.min(minNs, ns);
        maxNs = Math.max(maxNs, ns);
    }

    /** Adds every sample of {@code other} into this one. */
    public void addAll(LatencyHistogram other) {
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] += other.counts[i];
        }
        count += other.count;
        sumNs += other.sumNs;
        minNs = Math.min(minNs, other.minNs);
        maxNs = Math.max(maxNs, other.maxNs);
    }

    public long count() {
        return count;
    }

    /** The latency at or below which a fraction {@code p} (0..1] of samples lie; NaN if empty. */
    public double percentileNs(double p) {
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("percentile must be in (0, 1], got " + p);
        }
        if (count == 0) {
            return Double.NaN;
        }
        long rank = (long) Math.ceil(p * count);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                double mid = lowerBound(i) + (width(i) - 1) / 2.0;
                return Math.min(maxNs, Math.max(minNs, mid));
            }
        }
        return maxNs;
    }

    public LatencySummary summary() {
        if (count == 0) {
            return LatencySummary.EMPTY;
        }
        return new LatencySummary(count, sumNs / count, percentileNs(0.5), percentileNs(0.99), minNs, maxNs);
    }

    static int bucket(long ns) {
        if (ns < SUB) {
            return (int) ns;
        }
        int exp = 63 - Long.numberOfLeadingZeros(ns);
        int sub = (int) (ns >>> (exp - SUB_BITS)) & (SUB - 1);
        return SUB + (exp - SUB_BITS) * SUB + sub;
    }

    static long lowerBound(int bucket) {
        if (bucket < SUB) {
            return bucket;
        }
        int exp = (bucket - SUB) / SUB + SUB_BITS;
        int sub = (bucket - SUB) % SUB;
        return ((long) (SUB + sub)) << (exp - SUB_BITS);
    }

    static long width(int bucket) {
        if (bucket < SUB) {
            return 1;
        }
        int exp = (bucket - SUB) / SUB + SUB_BITS;
        return 1L << (exp - SUB_BITS);
    }
}
