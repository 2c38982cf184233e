package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * An internal node's demand is what its subtree can use (issue 14, point 1): C = 1 Gb/s, eta 1,
 * A{A1 peak 100 Mb/s offered 800 Mb/s}, B offered 950 Mb/s must give A1 100 and B 900 Mb/s,
 * wherever the peak sits (within 1 %). Two CBR sources of 1024-byte packets, 5 s, forwarded rates
 * over the last 4 s (A1's random drops leave a binomial noise of about 0.4 %).
 */
public class SubtreeDemandTest {

    private static final int BYTES = 1024;

    /** Forwarded b/s of each source over [1 s, 5 s). */
    private static double[] run(ResolvedTree resolved, KernelOptions options, int[] leaves, double[] bps) {
        KernelTree kt = KernelTree.of(resolved);
        HsdbaKernel kernel = new HsdbaKernel(kt, options);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(5);
        long[] next = new long[leaves.length];
        long[] period = new long[leaves.length];
        for (int i = 0; i < leaves.length; i++) {
            period[i] = Math.round(BYTES * 8 / bps[i] * 1e9);
            next[i] = 1 + 3_001L * i;
        }
        long[] passed = new long[leaves.length];
        long end = 5_000_000_000L;
        while (true) {
            int k = -1;
            for (int i = 0; i < leaves.length; i++) {
                if (next[i] < end && (k < 0 || next[i] < next[k])) {
                    k = i;
                }
            }
            if (k < 0) {
                break;
            }
            long t = next[k];
            next[k] += period[k];
            if (kernel.onPacket(s, leaves[k], BYTES, t, rnd::nextDouble).forwarded() && t >= 1_000_000_000L) {
                passed[k] += BYTES;
            }
        }
        double[] out = new double[leaves.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = passed[i] * 8.0 / 4;
        }
        return out;
    }

    private static BandwidthTree tree(boolean peakOnChild) {
        NodeSpec.Builder a = NodeSpec.builder("A").key(MatchKey.exact(16, new byte[] {10, 1}));
        NodeSpec.Builder a1 = NodeSpec.builder("A1").parent("A").key(PaperSetups.ip(10, 1, 0, 1));
        if (peakOnChild) {
            a1.peak(Rate.ofMbps(100));
        } else {
            a.peak(Rate.ofMbps(100));
        }
        NodeSpec b = NodeSpec.builder("B").key(MatchKey.exact(16, new byte[] {10, 2})).build();
        NodeSpec b1 = NodeSpec.builder("B1").parent("B").key(PaperSetups.ip(10, 2, 0, 1)).build();
        return BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(1000)).eta(1.0)
                .levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .nodes(List.of(a.build(), a1.build(), b, b1)).build();
    }

    private static double[] minimalTree(boolean peakOnChild, KernelOptions options) {
        ResolvedTree resolved = Admission.admit(tree(peakOnChild));
        BandwidthTree t = resolved.tree();
        double[] got = run(resolved, options, new int[] {t.indexOf("A1"), t.indexOf("B1")}, new double[] {800e6, 950e6});
        double[] exact = {Allocator.allocate(resolved, Map.of("A1", 800e6, "B1", 950e6)).allocation(t.indexOf("A1")),
                Allocator.allocate(resolved, Map.of("A1", 800e6, "B1", 950e6)).allocation(t.indexOf("B1"))};
        assertEquals(100e6, exact[0], 1);
        assertEquals(900e6, exact[1], 1);
        System.out.printf("peak on %s, %s: A1 %.2f B %.2f Mb/s (exact 100 / 900)%n", peakOnChild ? "A1" : "A", options,
                got[0] / 1e6, got[1] / 1e6);
        return got;
    }

    @Test
    public void aPeakBelowACongestedNodeLosesNoCapacity() {
        double[] got = minimalTree(true, KernelOptions.DEFAULTS);
        assertEquals(100e6, got[0], 1e6);
        assertEquals(900e6, got[1], 9e6);
    }

    @Test
    public void aPeakOnTheNodeItselfStillWorks() {
        double[] got = minimalTree(false, KernelOptions.DEFAULTS);
        assertEquals(100e6, got[0], 1e6);
        assertEquals(900e6, got[1], 9e6);
    }

    @Test
    public void theRawOfferedLoadAsDemandLosesCapacity() {
        double[] got = minimalTree(true, KernelOptions.builder().subtreeDemand(false).build());
        assertTrue("B " + got[1], got[1] < 600e6);
    }

    /**
     * Warm-up (point 3): a CBR flow's estimate is exact from its second packet once the time since
     * its first packet reaches the floor K/8 (1.25 ms here: K pinned at 10 ms, the counts below are
     * written for it), from the second packet for slow flows.
     */
    @Test
    public void aCbrEstimateIsExactOnceTheWarmUpFloorIsPassed() {
        KernelOptions k10 = KernelOptions.builder().estimator(org.hsdba.model.Estimator.ewma(java.time.Duration.ofMillis(10)))
                .build();
        assertEquals(125e3, rateAfter(8_192_000, 2, k10), 125e3 * 1e-9); // 1 Mb/s
        assertEquals(12.5e6, rateAfter(81_920, 17, k10), 12.5e6 * 1e-9); // 100 Mb/s
        double ramp = rateAfter(81_920, 17, KernelOptions.builder().warmUp(false).build());
        assertTrue("without warm-up the estimate ramps from 0: " + ramp, ramp < 0.5 * 12.5e6);
    }

    /** B1's estimate (B/s) after {@code packets} CBR packets {@code gapNs} apart. */
    private static double rateAfter(long gapNs, int packets, KernelOptions options) {
        ResolvedTree resolved = Admission.admit(tree(true));
        KernelTree kt = KernelTree.of(resolved);
        HsdbaKernel kernel = new HsdbaKernel(kt, options);
        KernelState s = KernelState.initial(kt);
        int b1 = resolved.tree().indexOf("B1");
        for (int k = 0; k < packets; k++) {
            kernel.onPacket(s, b1, BYTES, 5_000_000 + k * gapNs, () -> 0.99);
        }
        return s.rate(b1);
    }
}
