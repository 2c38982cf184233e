package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * Children whose demands add up to just under their parent's allocatable bandwidth (issue 14,
 * random hierarchies): every child is satisfied in the exact allocation, but the estimates of
 * jittered CBR traffic put the sum above B now and then. Such a tie must cost no capacity: each
 * leaf within 0.5 % of its exact allocation (seeded; the dropped leaf's binomial noise over 3 s is
 * about 0.15 %). Before the fix (a node judged against sums holding its own contribution, no
 * {@code U_demand}) the heavy leaves of the three-level case lost 1.1-1.6 %, and up to 14 % in
 * the random hierarchy of seed 24: the congestion restart cut a satisfied heavy child to
 * {@code B / W_active} for a packet, and a light sibling judged unsatisfied at such a moment kept
 * its weight in the sums until its next packet. The one- and two-level cases passed before too.
 */
public class NearTieTest {

    private static final int BYTES = 1024;

    private static NodeSpec node(String id, String parent, int key, double weight) {
        NodeSpec.Builder b = NodeSpec.builder(id).key(MatchKey.exact(8, new byte[] {(byte) key})).weight(weight);
        if (parent != null) {
            b.parent(parent);
        }
        return b.build();
    }

    /** Forwarded b/s per leaf over [1 s, 4 s) for CBR sources with gaps jittered by +-5 %. */
    private static Map<String, Double> run(ResolvedTree resolved, Map<String, Double> offered) {
        KernelTree kt = KernelTree.of(resolved);
        HsdbaKernel kernel = new HsdbaKernel(kt, KernelOptions.DEFAULTS);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(14);
        List<String> ids = new ArrayList<>(offered.keySet());
        int n = ids.size();
        double[] period = new double[n];
        double[] next = new double[n];
        long[] passed = new long[n];
        for (int i = 0; i < n; i++) {
            period[i] = BYTES * 8 / offered.get(ids.get(i)) * 1e9;
            next[i] = rnd.nextDouble() * period[i];
        }
        double end = 4e9;
        while (true) {
            int k = -1;
            for (int i = 0; i < n; i++) {
                if (next[i] < end && (k < 0 || next[i] < next[k])) {
                    k = i;
                }
            }
            if (k < 0) {
                break;
            }
            long t = (long) next[k];
            next[k] += period[k] * (0.95 + 0.1 * rnd.nextDouble());
            int leaf = resolved.tree().indexOf(ids.get(k));
            if (kernel.onPacket(s, leaf, BYTES, t, rnd::nextDouble).forwarded() && t >= 1e9) {
                passed[k] += BYTES;
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            out.put(ids.get(i), passed[i] * 8.0 / 3);
        }
        return out;
    }

    private static void assertExact(BandwidthTree tree, Map<String, Double> offered) {
        ResolvedTree resolved = Admission.admit(tree);
        Allocation exact = Allocator.allocate(resolved, offered);
        Map<String, Double> got = run(resolved, offered);
        for (Map.Entry<String, Double> e : got.entrySet()) {
            System.out.printf("%s: %.2f Mb/s (exact %.2f)%n", e.getKey(), e.getValue() / 1e6,
                    exact.allocation(e.getKey()) / 1e6);
        }
        for (Map.Entry<String, Double> e : got.entrySet()) {
            double x = exact.allocation(e.getKey());
            assertEquals(e.getKey() + " (b/s)", x, e.getValue(), 0.005 * x);
        }
    }

    private static BandwidthTree.Builder port(int levels) {
        List<LevelSpec> l = new ArrayList<>();
        for (int k = 0; k < levels; k++) {
            l.add(LevelSpec.of("l" + (k + 1), FieldSpec.of(240 + 8 * k, 8)));
        }
        return BandwidthTree.builder(PaperSetups.PORT).capacity(Rate.ofMbps(1000)).eta(1.0).levels(l);
    }

    /** One level: 700 + 200 + 98 Mb/s under B = 1 Gb/s. */
    @Test
    public void childrenJustUnderThePortLoseNothing() {
        BandwidthTree tree = port(1).addNode(node("H", null, 1, 1)).addNode(node("L", null, 2, 3))
                .addNode(node("M", null, 3, 2)).build();
        assertExact(tree, Map.of("H", 700e6, "L", 200e6, "M", 98e6));
    }

    /**
     * Two levels: A is satisfied just under its share (499 of 500 Mb/s against Z, which wants
     * more), so the B it passes down is a near tie for its own children too.
     */
    @Test
    public void aNearTieOneLevelUpLosesNothingBelow() {
        BandwidthTree tree = port(2).addNode(node("A", null, 1, 4)).addNode(node("Z", null, 2, 4))
                .addNode(node("H", "A", 1, 1)).addNode(node("L", "A", 2, 3)).addNode(node("M", "A", 3, 2))
                .addNode(node("Z1", "Z", 1, 1)).build();
        assertExact(tree, Map.of("H", 400e6, "L", 70e6, "M", 29e6, "Z1", 800e6));
    }

    /** Three levels: as above, H an aggregate of four leaves. */
    @Test
    public void aNearTieOverAggregatesLosesNothing() {
        BandwidthTree tree = port(3).addNode(node("A", null, 1, 4)).addNode(node("Z", null, 2, 4))
                .addNode(node("H", "A", 1, 1)).addNode(node("L", "A", 2, 3)).addNode(node("M", "A", 3, 2))
                .addNode(node("H1", "H", 1, 1)).addNode(node("H2", "H", 2, 2)).addNode(node("H3", "H", 3, 3))
                .addNode(node("H4", "H", 4, 4)).addNode(node("L1", "L", 1, 1)).addNode(node("M1", "M", 1, 1))
                .addNode(node("Z1", "Z", 1, 1)).addNode(node("Z11", "Z1", 1, 1)).build();
        assertExact(tree, Map.of("H1", 80e6, "H2", 100e6, "H3", 120e6, "H4", 140e6, "L1", 45e6, "M1", 14e6,
                "Z11", 800e6));
    }
}
