package org.hsdba.sim.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.Test;

public class EvalPiecesTest {

    @Test
    public void samplingSigmaIsTheBinomialOneOfTheKeptShare() {
        // 30 Mb/s offered, 10 kept, 9 s of 1024-byte frames: n = 32959 packets, q = 1/3.
        double n = 30e6 * 9 / 8192;
        assertEquals(Math.sqrt((2.0 / 3) / (n / 3)), PhaseErrors.sigma(30e6, 10e6, 9, 1024), 1e-12);
        assertEquals("nothing dropped, no noise", 0, PhaseErrors.sigma(10e6, 10e6, 9, 1024), 0);
        assertEquals(0, PhaseErrors.sigma(0, 0, 9, 1024), 0);
    }

    @Test
    public void quantilesInterpolateBetweenSortedValues() {
        double[] v = {1, 2, 3, 4};
        assertEquals(2.5, ConvergenceExperiment.quantile(v, 0.5), 1e-12);
        assertEquals(1, ConvergenceExperiment.quantile(v, 0), 0);
        assertEquals(4, ConvergenceExperiment.quantile(v, 1), 0);
        assertTrue(Double.isNaN(ConvergenceExperiment.quantile(new double[0], 0.5)));
    }

    @Test
    public void accuracyPeaksAreNineLogSpacedPointsWithAKeepingAboutTheSamePacketsPerTimeConstant() {
        double[] p = AccuracyExperiment.peaks();
        assertEquals(9, p.length);
        assertEquals(1e5, p[0], 1e-6);
        assertEquals(1e9, p[8], 1e-3);
        assertEquals(10_000_000_000L, AccuracyExperiment.k(1e5).toNanos());
        assertEquals(10_000_000L, AccuracyExperiment.k(1e9).toNanos());
    }

    @Test
    public void theBinaryTreeHasThirtyTwoLeavesUnderFiveLevels() {
        org.hsdba.model.BandwidthTree t = BinaryTreeExperiment.tree(1e9);
        assertEquals(5, t.levels().size());
        assertEquals(62, t.size());
        assertEquals(5, t.depth("leaf32"));
        assertTrue(t.isLeaf("leaf1"));
    }

    @Test
    public void selectingAnUnknownExperimentNamesTheKnownOnes() {
        assertEquals(List.of("latency"), Suite.select(Set.of("latency")).stream().map(Experiment::id)
                .collect(java.util.stream.Collectors.toList()));
        try {
            Suite.select(Set.of("nope"));
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("unknown experiment \"nope\"")
                    && e.getMessage().contains("binary-tree"));
            return;
        }
        throw new AssertionError("accepted an unknown experiment");
    }

    @Test
    public void markdownTablesEscapePipesAndAnchorsFollowGitHub() {
        String t = new Md.Table("a", "b").row("x|y", 1).toString();
        assertTrue(t, t.contains("| x\\|y | 1 |"));
        assertEquals("binary-tree-32-leaves", ReportWriter.anchor("Binary tree, 32 leaves"));
    }
}
