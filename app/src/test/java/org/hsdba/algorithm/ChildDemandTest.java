package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * {@link KernelOptions#childDemand()}: a parent's demand follows a child that starts or stops as
 * fast as the child's own estimate does. C = 6 Mb/s, eta 1, K = 1 s (what a port below 12 Mb/s
 * derives); A{A1} offers 4 Mb/s, B{B1, B2} of twice A's weight; B1 offers 1.5 Mb/s throughout,
 * B2 1.5 Mb/s in [5 s, 10 s). B's demand is read at its packets 0.5 s after B2's start and stop:
 * 3 and 1.5 Mb/s. From B's own EWMA it lags by the step times about e^(-0.5) (0.9 Mb/s).
 */
public class ChildDemandTest {

    private static final int BYTES = 400;
    private static final long SECOND = 1_000_000_000L;

    private static BandwidthTree tree() {
        return BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(6)).eta(1.0)
                .levels(List.of(LevelSpec.of("group", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .nodes(List.of(NodeSpec.builder("A").key(MatchKey.exact(16, new byte[] {10, 1})).weight(1.0).build(),
                        NodeSpec.builder("A1").parent("A").key(PaperSetups.ip(10, 1, 0, 1)).build(),
                        NodeSpec.builder("B").key(MatchKey.exact(16, new byte[] {10, 2})).weight(2.0).build(),
                        NodeSpec.builder("B1").parent("B").key(PaperSetups.ip(10, 2, 0, 1)).build(),
                        NodeSpec.builder("B2").parent("B").key(PaperSetups.ip(10, 2, 0, 2)).build()))
                .build();
    }

    /** B's demand in b/s at its first packet at or after each of {@code at} (ns). */
    private static double[] demandOfB(KernelOptions options, long... at) {
        ResolvedTree resolved = Admission.admit(tree());
        BandwidthTree t = resolved.tree();
        KernelTree kt = KernelTree.of(resolved);
        HsdbaKernel kernel = new HsdbaKernel(kt, options);
        KernelState s = KernelState.initial(kt);
        int[] leaf = {t.indexOf("A1"), t.indexOf("B1"), t.indexOf("B2")};
        double[] bps = {4e6, 1.5e6, 1.5e6};
        long[] from = {0, 0, 5 * SECOND};
        long[] to = {12 * SECOND, 12 * SECOND, 10 * SECOND};
        long[] next = {1, 7_001, from[2] + 13_001};
        double[] out = new double[at.length];
        int asked = 0;
        while (asked < at.length) {
            int k = -1;
            for (int i = 0; i < leaf.length; i++) {
                if (next[i] < to[i] && (k < 0 || next[i] < next[k])) {
                    k = i;
                }
            }
            long now = next[k];
            next[k] += Math.round(BYTES * 8 / bps[k] * 1e9);
            kernel.advanceTime(s, now);
            kernel.onPacket(s, leaf[k], BYTES, now, () -> 0.5);
            if (k > 0 && now >= at[asked]) {
                out[asked++] = s.demand(t.indexOf("B")) * 8;
            }
        }
        return out;
    }

    @Test
    public void aParentsDemandFollowsAChildThatStartsOrStops() {
        KernelOptions k1 = KernelOptions.builder().estimator(Estimator.ewma(Duration.ofSeconds(1))).build();
        long start = 5 * SECOND + SECOND / 2;
        long stop = 10 * SECOND + SECOND / 2;
        double[] children = demandOfB(k1, start, stop);
        double[] own = demandOfB(k1.toBuilder().childDemand(false).build(), start, stop);
        System.out.printf("B's demand 0.5 s after B2 starts / stops (exact 3.000 / 1.500 Mb/s): children's demands"
                + " %.3f / %.3f, B's own estimate %.3f / %.3f%n", children[0] / 1e6, children[1] / 1e6, own[0] / 1e6,
                own[1] / 1e6);
        assertEquals(3e6, children[0], 3e6 * 0.01);
        assertEquals(1.5e6, children[1], 1.5e6 * 0.01);
        assertTrue("B's own EWMA lags the start: " + own[0], own[0] < 2.7e6);
        assertTrue("B's own EWMA lags the stop: " + own[1], own[1] > 1.8e6);
    }
}
