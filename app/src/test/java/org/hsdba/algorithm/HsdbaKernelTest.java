package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;
import org.junit.Test;

/**
 * The kernel on the paper's phases (scaled, see {@link PaperSetups}): K = 10 ms EWMA, idle
 * timeout 50 ms, 1024-byte CBR packets, seeded random drops.
 */
public class HsdbaKernelTest {

    private static final KernelOptions OPTIONS = KernelOptions.builder().idleTimeout(Duration.ofMillis(50)).build();

    private static CbrRun.Result run(BandwidthTree tree, KernelOptions options) {
        ResolvedTree resolved = Admission.admit(tree);
        HsdbaKernel kernel = new HsdbaKernel(KernelTree.of(resolved), options);
        CbrRun.Result r = CbrRun.run(resolved, CbrRun.kernel(kernel, 42));
        System.out.println(tree.nodes().size() + " nodes, " + options + ": worst " + r.worst + " at " + r.where + "\n"
                + r.table);
        return r;
    }

    @Test
    public void singleLevelWeightedMatchesExactAllocatorWithin2Percent() {
        CbrRun.Result r = run(PaperSetups.singleLevel(1, 1, 2, 1, 1, 2), OPTIONS);
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }

    @Test
    public void singleLevelEqualWeightsMatchesExactAllocatorWithin2Percent() {
        CbrRun.Result r = run(PaperSetups.singleLevel(1, 1, 1, 1, 1, 1), OPTIONS);
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }

    @Test
    public void twoLevelWeightedMatchesExactAllocatorWithin2Percent() {
        CbrRun.Result r = run(PaperSetups.twoLevel(1, 2, 1, 1, 2), OPTIONS);
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }

    @Test
    public void twoLevelEqualWeightsMatchesExactAllocatorWithin2Percent() {
        CbrRun.Result r = run(PaperSetups.twoLevel(1, 1, 1, 1, 1), OPTIONS);
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }

    @Test
    public void guaranteePlusExcessMatchesExactAllocatorWithin2Percent() {
        CbrRun.Result r = run(PaperSetups.singleLevelExcess(new double[] {10, 10, 10, 40, 40, 40},
                new double[] {1, 1, 2, 1, 1, 2}), OPTIONS);
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }

    @Test
    public void literalEveryLevelDropMissesTheTwoLevelAllocation() {
        KernelOptions literal = OPTIONS.toBuilder().dropRule(DropRule.EVERY_LEVEL).build();
        CbrRun.Result r = run(PaperSetups.twoLevel(1, 2, 1, 1, 2), literal);
        assertTrue("literal variant unexpectedly within 2 %: worst " + r.worst + "\n" + r.table, r.worst > 0.02);
    }

    @Test
    public void windowEstimatorAlsoConverges() {
        KernelOptions window = OPTIONS.toBuilder().estimator(org.hsdba.model.Estimator.window(Duration.ofMillis(20)))
                .build();
        CbrRun.Result r = run(PaperSetups.singleLevel(1, 1, 2, 1, 1, 2), window);
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }

    @Test
    public void withoutInactiveWeightRemovalAStoppedSourceHoldsItsSiblingsBelowTheirShare() {
        KernelOptions keep = OPTIONS.toBuilder().removeInactiveWeights(false).build();
        CbrRun.Result r = run(PaperSetups.singleLevel(1, 1, 1, 1, 1, 1), keep);
        assertTrue("worst " + r.worst + "\n" + r.table, r.worst > 0.05);
    }

    @Test
    public void fairShareGuardsNoCongestionAndRestart() {
        ResolvedTree resolved = Admission.admit(PaperSetups.singleLevel(1, 1, 2, 1, 1, 2));
        KernelTree tree = KernelTree.of(resolved);
        HsdbaKernel kernel = new HsdbaKernel(tree, OPTIONS);
        KernelState s = KernelState.initial(tree);
        assertEquals(Double.POSITIVE_INFINITY, kernel.fairShare(s, KernelTree.ROOT_SLOT), 0);
        // Two packets of s1 make it active and satisfied (its rate is far below +inf).
        kernel.onPacket(s, 0, 1000, 1_000_000, () -> 0.5);
        kernel.onPacket(s, 0, 1000, 2_000_000, () -> 0.5);
        assertTrue(s.active(0));
        assertTrue(s.satisfied(0));
        assertEquals(Double.POSITIVE_INFINITY, kernel.fairShare(s, KernelTree.ROOT_SLOT), 0);
        // A satisfied rate above B restarts water-filling: alpha = B / active weights.
        s.satisfiedRate[KernelTree.ROOT_SLOT] = tree.rootBandwidth() * 2;
        assertEquals(tree.rootBandwidth() / 1.0, kernel.fairShare(s, KernelTree.ROOT_SLOT), 1e-6);
        KernelOptions noRestart = OPTIONS.toBuilder().congestionRestart(false).build();
        assertEquals(Double.POSITIVE_INFINITY, new HsdbaKernel(tree, noRestart).fairShare(s, KernelTree.ROOT_SLOT), 0);
    }

    @Test
    public void peakRateCapsAnUncongestedNode() {
        BandwidthTree base = PaperSetups.singleLevel(1, 1, 1, 1, 1, 1);
        BandwidthTree capped = base.toBuilder().nodes(base.nodes().stream()
                .map(n -> n.id().equals("s1") ? n.toBuilder().peak(org.hsdba.model.Rate.ofMbps(10)).build() : n)
                .collect(java.util.stream.Collectors.toList())).build();
        ResolvedTree resolved = Admission.admit(capped);
        CbrRun.Result r = CbrRun.run(resolved, CbrRun.kernel(new HsdbaKernel(KernelTree.of(resolved), OPTIONS), 7));
        assertTrue("worst " + r.worst + " at " + r.where + "\n" + r.table, r.worst < 0.02);
    }
}
