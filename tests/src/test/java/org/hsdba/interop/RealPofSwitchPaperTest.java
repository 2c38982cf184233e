package org.hsdba.interop;

import java.time.Duration;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;

/**
 * The paper's two-level scenario ({@link PaperScenario}) through the real, stock POFSwitch 1.4.0
 * (controller-assisted, polling every 500 ms): every node within 5 % of exact in every measured
 * phase. Figures on stdout and in {@code target/pofswitch-paper.txt}.
 */
public class RealPofSwitchPaperTest {

    @ClassRule
    @Rule
    public static final RealSwitchRule RIGS = RealSwitchRule.stock();

    private static RealSwitchRig rig;
    private static BandwidthTree tree;

    @BeforeClass
    public static void start() {
        rig = RIGS.start(HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(500)).build());
        tree = PaperScenario.install(rig);
    }

    @Test
    public void everyNodeWithinFivePercentOfExactInEveryPhase() {
        PaperScenario.measure(rig, tree, "real POFSwitch 1.4.0 (stock, controller-assisted)", 0.05, "pofswitch-paper.txt");
    }
}
