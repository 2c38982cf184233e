package org.hsdba.e2e;

import static org.junit.Assert.assertTrue;

import org.hsdba.algorithm.DropRule;
import org.hsdba.compiler.CompilerOptions;
import org.junit.Test;

/**
 * The decisive test: the compiled program, installed into the reference switch's datapath (in
 * process, extension on), enforces the paper's allocations per packet. Parameters: see
 * {@link PaperScenario} and {@link PaperRuns#IN_SWITCH}; random seed 1; every node's forwarded
 * rate per phase, averaged after the phase's first second, must be within 2 % of the exact
 * allocator. The literal every-level-drop variant must miss that bound. {@link OverTcpPaperTest}
 * runs the same through the POF adapter over TCP.
 */
public class InSwitchPaperTest {

    @Test
    public void singleLevelWeights112112WithinTwoPercentOfExact() {
        PhaseRun.Result r = PaperRuns.inSwitch(PaperScenario.singleLevel(1, 1, 2, 1, 1, 2), PaperRuns.IN_SWITCH,
                new ReferenceSwitchHarness(true, 1), PaperScenario.PHASES);
        assertTrue(r.toString(), r.worst < 0.02);
    }

    @Test
    public void twoLevelWeightsAB12Children112WithinTwoPercentOfExact() {
        PhaseRun.Result r = PaperRuns.inSwitch(PaperScenario.twoLevel(1, 2, 1, 1, 2), PaperRuns.IN_SWITCH,
                new ReferenceSwitchHarness(true, 1), PaperScenario.PHASES);
        assertTrue(r.toString(), r.worst < 0.02);
    }

    @Test
    public void literalEveryLevelDropMissesTheTwoPercentBound() {
        CompilerOptions literal = PaperRuns.IN_SWITCH.toBuilder()
                .algorithm(PaperRuns.IN_SWITCH.algorithm().toBuilder().dropRule(DropRule.EVERY_LEVEL).build()).build();
        // The first seven phases hold every congested one; the rest would only add run time.
        PhaseRun.Result r = PaperRuns.inSwitch(PaperScenario.twoLevel(1, 2, 1, 1, 2), literal,
                new ReferenceSwitchHarness(true, 1), 7);
        assertTrue("the literal variant should miss 2 %: " + r, r.worst > 0.02);
    }
}
