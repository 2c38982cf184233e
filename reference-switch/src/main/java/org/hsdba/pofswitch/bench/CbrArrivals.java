package org.hsdba.pofswitch.bench;

import java.util.PriorityQueue;

/**
 * Constant-bit-rate arrivals of fixed-size packets from several sources, merged in time order
 * (ties by source). Source {@code i} starts at {@code i} ns so sources do not arrive in lockstep.
 */
public final class CbrArrivals {
    private final long[] times;
    private final int[] sources;

    /** All arrivals in {@code [0, durationNanos)}; rates in bytes/s (0 = silent). */
    public CbrArrivals(double[] rateBytesPerSecond, int packetBytes, long durationNanos) {
        PriorityQueue<long[]> queue = new PriorityQueue<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
                : Long.compare(x[1], y[1]));
        double[] gap = new double[rateBytesPerSecond.length];
        int expected = 0;
        for (int i = 0; i < gap.length; i++) {
            if (rateBytesPerSecond[i] > 0) {
                gap[i] = packetBytes * 1e9 / rateBytesPerSecond[i];
                queue.add(new long[] {i, i, 0});
                expected += (int) (durationNanos / gap[i]) + 1;
            }
        }
        long[] t = new long[expected];
        int[] s = new int[expected];
        int n = 0;
        while (!queue.isEmpty()) {
            long[] e = queue.poll();
            if (e[0] >= durationNanos) {
                continue;
            }
            t[n] = e[0];
            s[n] = (int) e[1];
            n++;
            long k = e[2] + 1;
            queue.add(new long[] {(long) (e[1] + k * gap[(int) e[1]]), e[1], k});
        }
        this.times = java.util.Arrays.copyOf(t, n);
        this.sources = java.util.Arrays.copyOf(s, n);
    }

    public int count() {
        return times.length;
    }

    public long time(int i) {
        return times[i];
    }

    public int source(int i) {
        return sources[i];
    }
}
