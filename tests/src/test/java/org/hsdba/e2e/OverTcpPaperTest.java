package org.hsdba.e2e;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.southbound.SwitchMode;
import org.junit.Test;

/**
 * The paper's scenarios end to end over real TCP: A's POF server on an ephemeral port, D's
 * reference switch connecting to it, the mode from the adapter's capability probe, the program
 * compiled for the capabilities the adapter learned and sent with {@code send} (waited for until
 * confirmed), frames through the switch in simulated time. In controller-assisted mode every
 * counter read is a QUERYALL and every MODIFY batch a confirmed {@code send}, between frames.
 * Bounds as in process: 2 % per phase in-switch, 5 % after convergence controller-assisted.
 */
public class OverTcpPaperTest {

    @Test
    public void inSwitchSingleLevelWeights112112WithinTwoPercentOfExact() {
        inSwitch(PaperScenario.singleLevel(1, 1, 2, 1, 1, 2));
    }

    @Test
    public void inSwitchTwoLevelWeightsAB12Children112WithinTwoPercentOfExact() {
        inSwitch(PaperScenario.twoLevel(1, 2, 1, 1, 2));
    }

    @Test
    public void assistedSingleLevelWeights112112WithinFivePercentAfterConvergence() {
        assisted(PaperScenario.singleLevel(1, 1, 2, 1, 1, 2));
    }

    @Test
    public void assistedTwoLevelWeightsAB12Children112WithinFivePercentAfterConvergence() {
        assisted(PaperScenario.twoLevel(1, 2, 1, 1, 2));
    }

    private static void inSwitch(BandwidthTree tree) {
        try (TcpSwitchRig rig = TcpSwitchRig.start(true, 1)) {
            assertEquals(SwitchMode.IN_SWITCH, rig.mode());
            assertTrue("the probe's HX_FEATURES_REPLY", rig.session().extensionFeatures().isPresent());
            PhaseRun.Result r = PaperRuns.inSwitch(tree, PaperRuns.IN_SWITCH, rig, PaperScenario.PHASES);
            System.out.println("over TCP: " + rig.traffic());
            assertEquals("ERRORs from the switch", List.of(), rig.errors());
            assertTrue(r.toString(), r.worst < 0.02);
        }
    }

    private static void assisted(BandwidthTree tree) {
        try (TcpSwitchRig rig = TcpSwitchRig.start(false, 1)) {
            assertEquals(SwitchMode.CONTROLLER_ASSISTED, rig.mode());
            assertTrue(rig.session().extensionFeatures().isEmpty());
            PhaseRun.Result r = PaperRuns.assisted(tree, rig);
            System.out.println("over TCP: " + rig.traffic());
            assertEquals("ERRORs from the switch", List.of(), rig.errors());
            assertTrue(r.toString(), r.worst < 0.05);
        }
    }
}
