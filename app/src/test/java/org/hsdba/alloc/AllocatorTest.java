package org.hsdba.alloc;

import static org.hsdba.model.TestTrees.node;
import static org.hsdba.model.TestTrees.tree;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.HashMap;
import java.util.Map;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/** The worked examples of algorithm section 6, at eta = 1 and C = 10 Gb/s as the paper runs them. */
public class AllocatorTest {

    private static final double G = 1e9;
    private static final double EPS = 1.0; // bits/s

    /** Paper timing: source k (1-based) is active in [10(k-1), 10(k-1)+60] s, 3 Gb/s each. */
    private static Map<String, Double> activeAt(double t, String... leaves) {
        Map<String, Double> d = new HashMap<>();
        for (int k = 1; k <= leaves.length; k++) {
            double start = 10.0 * (k - 1);
            d.put(leaves[k - 1], t >= start && t < start + 60 ? 3 * G : 0.0);
        }
        return d;
    }

    private static ResolvedTree singleLevel(double... weights) {
        BandwidthTree.Builder b = tree(1, "10G", 1.0);
        for (int k = 1; k <= weights.length; k++) {
            b.addNode(node("s" + k, null, k).weight(weights[k - 1]).build());
        }
        return Admission.admit(b.build());
    }

    private static ResolvedTree twoLevel(double wA, double wB, double... childWeights) {
        BandwidthTree.Builder b = tree(2, "10G", 1.0)
                .addNode(node("A", null, 1).weight(wA).build())
                .addNode(node("B", null, 2).weight(wB).build());
        for (int k = 1; k <= 3; k++) {
            b.addNode(node("A" + k, "A", k).weight(childWeights[k - 1]).build());
            b.addNode(node("B" + k, "B", k).weight(childWeights[k - 1]).build());
        }
        return Admission.admit(b.build());
    }

    private static void expect(Allocation a, String id, double gbps) {
        assertEquals(id, gbps * G, a.allocation(id), 1e6); // the paper's figures have 3-4 digits
    }

    @Test
    public void singleLevelEqualWeights() {
        ResolvedTree t = singleLevel(1, 1, 1, 1, 1, 1);
        String[] s = {"s1", "s2", "s3", "s4", "s5", "s6"};
        double[][] expected = {{35, 2.5}, {45, 2.0}, {55, 10.0 / 6}, {65, 2.0}, {75, 2.5}};
        for (double[] e : expected) {
            Allocation a = Allocator.allocate(t, activeAt(e[0], s));
            for (String id : s) {
                if (a.demand(id) > 0) {
                    expect(a, id, e[1]);
                }
            }
            assertEquals(10 * G, a.totalAllocation(), EPS);
        }
    }

    @Test
    public void singleLevelWeighted112112() {
        ResolvedTree t = singleLevel(1, 1, 2, 1, 1, 2);
        Allocation a = Allocator.allocate(t, activeAt(55, "s1", "s2", "s3", "s4", "s5", "s6"));
        expect(a, "s3", 2.5);
        expect(a, "s6", 2.5);
        for (String id : new String[] {"s1", "s2", "s4", "s5"}) {
            expect(a, id, 1.25);
        }
        assertEquals(1.25 * G, a.fairShare((String) null), EPS);
    }

    @Test
    public void twoLevelsEqualWeights() {
        ResolvedTree t = twoLevel(1, 1, 1, 1, 1);
        String[] order = {"A1", "A2", "A3", "B1", "B2", "B3"};
        Allocation a35 = Allocator.allocate(t, activeAt(35, order));
        expect(a35, "A1", 7.0 / 3);
        expect(a35, "A2", 7.0 / 3);
        expect(a35, "A3", 7.0 / 3);
        expect(a35, "B1", 3.0);
        expect(a35, "A", 7.0);
        Allocation a55 = Allocator.allocate(t, activeAt(55, order));
        for (String id : order) {
            expect(a55, id, 5.0 / 3);
        }
    }

    @Test
    public void twoLevelsWeightedOneToTwoWithChildrenOneOneTwo() {
        ResolvedTree t = twoLevel(1, 2, 1, 1, 2);
        Allocation a = Allocator.allocate(t, activeAt(55, "A1", "A2", "A3", "B1", "B2", "B3"));
        expect(a, "A1", 5.0 / 6);
        expect(a, "A2", 5.0 / 6);
        expect(a, "A3", 5.0 / 3);
        expect(a, "B1", 11.0 / 6);
        expect(a, "B2", 11.0 / 6);
        expect(a, "B3", 3.0);
    }

    /**
     * 32 leaves under 5 levels of fan-out 2; leaves 1-12 send 100 Mb/s, 13-32 send 500 Mb/s.
     * At eta = 1 the left half (3.2 Gb/s) is satisfied and leaves 17-32 share 6.8 Gb/s: 0.425
     * each. At the default eta = 0.95 they share 6.3 Gb/s: 0.39375 each.
     */
    @Test
    public void binaryTreeOf32Leaves() {
        for (double[] etaAndShare : new double[][] {{1.0, 0.425}, {0.95, 0.39375}}) {
            BandwidthTree.Builder b = tree(5, "10G", etaAndShare[0]);
            addBinary(b, null, "n", 5);
            ResolvedTree t = Admission.admit(b.build());
            Map<String, Double> demand = new HashMap<>();
            for (int leaf = 1; leaf <= 32; leaf++) {
                demand.put(leafId(leaf), leaf <= 12 ? 0.1 * G : 0.5 * G);
            }
            Allocation a = Allocator.allocate(t, demand);
            for (int leaf = 1; leaf <= 32; leaf++) {
                double want = leaf <= 16 ? demand.get(leafId(leaf)) : etaAndShare[1] * G;
                assertEquals("leaf " + leaf + " at eta " + etaAndShare[0], want, a.allocation(leafId(leaf)), EPS);
            }
            assertEquals(etaAndShare[0] * 10 * G, a.totalAllocation(), EPS);
        }
    }

    private static String leafId(int leaf) {
        StringBuilder id = new StringBuilder("n");
        int bits = leaf - 1;
        for (int level = 4; level >= 0; level--) {
            id.append((bits >> level) & 1);
        }
        return id.toString();
    }

    private static void addBinary(BandwidthTree.Builder b, String parent, String prefix, int levels) {
        if (levels == 0) {
            return;
        }
        for (int bit = 0; bit < 2; bit++) {
            String id = prefix + bit;
            b.addNode(node(id, parent, bit).build());
            addBinary(b, id, id, levels - 1);
        }
    }

    @Test
    public void peakRatesCapDemandAndEffectiveLimitsFollowAncestors() {
        BandwidthTree t = tree(2, "10G", 1.0)
                .addNode(node("A", null, 1).peak(Rate.parse("4G")).build())
                .addNode(node("B", null, 2).build())
                .addNode(node("a1", "A", 1).peak(Rate.parse("6G")).build())
                .addNode(node("a2", "A", 2).peak(Rate.parse("1G")).build())
                .addNode(node("b1", "B", 1).build())
                .build();
        Allocation a = Allocator.allocate(Admission.admit(t), Map.of("a1", 9 * G, "a2", 9 * G, "b1", 9 * G));
        expect(a, "a2", 1.0);
        expect(a, "a1", 3.0);
        expect(a, "A", 4.0);
        expect(a, "b1", 6.0);
        assertEquals(18 * G, a.demand("A"), EPS);
        assertEquals(4 * G, a.effectiveDemand("A"), EPS);
        assertEquals(4 * G, a.effectiveLimit("a1"), EPS);
        assertEquals(1 * G, a.effectiveLimit("a2"), EPS);
        assertEquals(10 * G, a.effectiveLimit("b1"), EPS);
    }

    @Test
    public void guaranteePlusExcessGivesGuaranteesFirstThenSharesByWeight() {
        BandwidthTree t = tree(1, "10G", 1.0).mode(AllocationMode.GUARANTEE_EXCESS)
                .addNode(node("gold", null, 1).guaranteed(Rate.parse("4G")).weight(1.0).build())
                .addNode(node("silver", null, 2).guaranteed(Rate.parse("1G")).weight(1.0).build())
                .addNode(node("bronze", null, 3).weight(2.0).build())
                .build();
        ResolvedTree r = Admission.admit(t);
        Allocation a = Allocator.allocate(r, Map.of("gold", 9 * G, "silver", 9 * G, "bronze", 9 * G));
        // excess 5G shared 1:1:2 on top of 4, 1, 0
        expect(a, "gold", 5.25);
        expect(a, "silver", 2.25);
        expect(a, "bronze", 2.5);
        Allocation low = Allocator.allocate(r, Map.of("gold", 0.5 * G, "silver", 9 * G, "bronze", 9 * G));
        expect(low, "gold", 0.5);
        expect(low, "silver", 1 + 8.5 / 3);
        expect(low, "bronze", 2 * 8.5 / 3);
    }

    @Test
    public void templatesGetNothingAndDemandsMustBeForLeaves() {
        BandwidthTree t = tree(2, "10G", 1.0)
                .addNode(node("A", null, 1).build())
                .addNode(node("a1", "A", 1).build())
                .addNode(NodeSpec.builder("tmpl").parent("A").template(true).build())
                .build();
        ResolvedTree r = Admission.admit(t);
        Allocation a = Allocator.allocate(r, Map.of("a1", 20 * G));
        expect(a, "a1", 10);
        assertEquals(0, a.allocation("tmpl"), 0);
        expectError(r, Map.of("A", G), "is not a leaf");
        expectError(r, Map.of("zz", G), "unknown node \"zz\"");
        expectError(r, Map.of("a1", -1.0), "must be finite and >= 0");
    }

    private static void expectError(ResolvedTree r, Map<String, Double> demand, String fragment) {
        try {
            Allocator.allocate(r, demand);
            fail();
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(fragment));
        }
    }
}
