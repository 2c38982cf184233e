package org.hsdba.sim.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class LatencyHistogramTest {

    @Test
    public void percentilesWithinBucketPrecisionAndExactMean() {
        LatencyHistogram h = new LatencyHistogram();
        for (long v = 1; v <= 100_000; v++) {
            h.record(v);
        }
        LatencySummary s = h.summary();
        assertEquals(100_000, s.count());
        assertEquals(50_000.5, s.meanNs(), 1e-6);
        assertEquals(50_000, s.p50Ns(), 50_000 * 0.008);
        assertEquals(99_000, s.p99Ns(), 99_000 * 0.008);
        assertEquals(1, s.minNs());
        assertEquals(100_000, s.maxNs());
    }

    @Test
    public void smallValuesAreExactAndBucketsTileTheRange() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(7);
        h.record(7);
        h.record(9);
        assertEquals(7, h.percentileNs(0.5), 0);
        assertEquals(9, h.percentileNs(1.0), 0);
        for (int b = 1; b < 2000; b++) {
            assertEquals(LatencyHistogram.lowerBound(b - 1) + LatencyHistogram.width(b - 1),
                    LatencyHistogram.lowerBound(b));
            assertEquals(b, LatencyHistogram.bucket(LatencyHistogram.lowerBound(b)));
        }
    }

    @Test
    public void emptyHistogramHasNoPercentiles() {
        assertTrue(Double.isNaN(new LatencyHistogram().summary().p99Ns()));
    }
}
