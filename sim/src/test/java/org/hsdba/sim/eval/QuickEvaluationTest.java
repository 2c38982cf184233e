package org.hsdba.sim.eval;

import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The evaluation's quick subset: the experiments in quick mode (short, seeded, deterministic
 * runs on the reference switch) must keep meeting their targets; a regression in accuracy,
 * convergence, the binary tree, latency or joins fails here. Quick runs count far fewer packets
 * than the report's, so the phase experiment is judged against 2 % plus 3 sigma of the random
 * drops' sampling noise (the report: 2 % alone). About half a minute on two threads.
 */
public class QuickEvaluationTest {

    @ClassRule
    public static final TemporaryFolder TMP = new TemporaryFolder();

    private static List<ExperimentResult> results;
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();

    @BeforeClass
    public static void runQuickSuite() throws IOException {
        EvalContext ctx = new EvalContext(TMP.getRoot().toPath(), true,
                new PrintStream(LOG, true, StandardCharsets.UTF_8), 2);
        results = Suite.run(List.of(PaperPhasesExperiment.fig8b(), new AccuracyExperiment(),
                new ConvergenceExperiment(), new BinaryTreeExperiment(), new LatencyExperiment(),
                new JoinPruneExperiment()), ctx);
        ReportWriter.write(TMP.getRoot().toPath(), results, true, "QuickEvaluationTest", 0, Double.NaN, 2);
    }

    private static Check check(String experiment, String whatStartsWith) {
        for (ExperimentResult r : results) {
            for (Check c : r.checks()) {
                if (c.experiment().equals(experiment) && c.what().startsWith(whatStartsWith)) {
                    return c;
                }
            }
        }
        throw new AssertionError("no check " + experiment + " / " + whatStartsWith + " in " + results);
    }

    private static void assertMet(Check c) {
        assertTrue(c + "\n" + LOG.toString(StandardCharsets.UTF_8), c.met());
    }

    @Test
    public void twoLevelFig8bStaysWithinTwoPercentOfTheOracleInEveryPhase() {
        assertMet(check("two-level-fig8b", "A:B = 1:2, hosts 1:1:2 (Fig. 8b), in-switch"));
    }

    @Test
    public void peakRatesAreEnforcedWithinOnePercentOnAverage() {
        assertMet(check("accuracy", "in-switch"));
    }

    @Test
    public void shortEstimatorsConvergeWithinTwentyPacketsPerFlow() {
        assertMet(check("convergence", "in-switch, ewma K = 500us"));
        assertMet(check("convergence", "in-switch, window 1ms"));
    }

    @Test
    public void binaryTreeLeavesAreWithinThreePercentWithSharePassDown() {
        assertMet(check("binary-tree", "in-switch, pass-down B = min(w α, l)"));
        assertMet(check("binary-tree", "fifo baseline"));
    }

    @Test
    public void headroomKeepsTheLatencyFarBelowDwrr() {
        assertMet(check("latency", "in-switch eta = 0.95 vs DWRR"));
    }

    @Test
    public void joinedAndPrunedNodesConverge() {
        assertMet(check("joins-prunes", "in-switch + modelled controller"));
    }

    @Test
    public void theReportHasEveryTargetAndItsPlots() throws IOException {
        String md = Files.readString(TMP.getRoot().toPath().resolve("README.md"));
        for (ExperimentResult r : results) {
            assertTrue(r.title(), md.contains("## " + r.title()));
            for (Check c : r.checks()) {
                assertTrue(c.what(), md.contains(c.what()));
            }
        }
        assertTrue(Files.size(TMP.getRoot().toPath().resolve("accuracy/deviation.png")) > 0);
        assertTrue(Files.size(TMP.getRoot().toPath().resolve("accuracy/deviation.svg")) > 0);
        assertTrue(Files.exists(TMP.getRoot().toPath().resolve("results.json")));
    }
}
