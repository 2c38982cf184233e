package org.hsdba.e2e;

import static org.junit.Assert.assertTrue;

import org.junit.Test;

/**
 * Controller-assisted mode against the reference switch in stock mode (extension off, in
 * process): the controller polls the entry counters every second of simulated time, runs the
 * loop and installs its FLOW_MOD MODIFYs ({@link PaperRuns#assisted}). Every node's forwarded
 * rate per phase, averaged after the phase's first 3 s (the two-poll demand window, then one step),
 * must be within 5 % of the exact allocator. {@link OverTcpPaperTest} runs the same over TCP.
 */
public class ControllerAssistedPaperTest {

    @Test
    public void singleLevelWeights112112WithinFivePercentAfterConvergence() {
        PhaseRun.Result r = PaperRuns.assisted(PaperScenario.singleLevel(1, 1, 2, 1, 1, 2),
                new ReferenceSwitchHarness(false, 1));
        assertTrue(r.toString(), r.worst < 0.05);
    }

    @Test
    public void twoLevelWeightsAB12Children112WithinFivePercentAfterConvergence() {
        PhaseRun.Result r = PaperRuns.assisted(PaperScenario.twoLevel(1, 2, 1, 1, 2), new ReferenceSwitchHarness(false, 1));
        assertTrue(r.toString(), r.worst < 0.05);
    }
}
