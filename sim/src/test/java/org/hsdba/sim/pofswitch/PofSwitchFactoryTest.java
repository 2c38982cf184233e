package org.hsdba.sim.pofswitch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import org.hsdba.model.Estimator;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.record.PhaseStat;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.reference.KernelProcessorTest;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.run.Runner;
import org.junit.Test;

/**
 * The compiled switch program on the reference datapath, driven by the harness through the
 * paper's two-level case (A:B = 1:2, children 1:1:2) scaled to C = 100 Mb/s and 2 s phases.
 */
public class PofSwitchFactoryTest {

    private static final String[] LEAVES = {"A1", "A2", "A3", "B1", "B2", "B3"};

    @Test
    public void theCompiledProgramEnforcesTheExactAllocationInEveryPhase() {
        RuntimeParameters runtime = RuntimeParameters.DEFAULTS.withEstimator(Estimator.ewma(Duration.ofMillis(10)))
                .withIdleTimeout(Duration.ofMillis(100));
        RunSpec spec = RunSpec.builder("pof").tree(TreeBinding.of(KernelProcessorTest.twoLevel(1, 2, 1, 1, 2)))
                .sources(KernelProcessorTest.sixSources(LEAVES)).mode(Mode.IN_SWITCH).runtime(runtime)
                .durationSeconds(16).settleSeconds(0.5).seed(5).build();
        RunResult r = Runner.run(spec, new PofSwitchFactory(), null);
        assertEquals("every decision names a node on the packet's path", 0, r.misattributedPackets());
        RunSummary s = RunSummary.of(r, spec.settleNs());
        for (int p = 0; p < r.phases().size(); p++) {
            for (PhaseStat st : s.phase(p)) {
                if (st.leaf() && st.oracleBps() > 0 && st.bins() > 0) {
                    // 3 sigma of the random drops for the smallest share (8.3 of 30 Mb/s over 1.5 s).
                    assertEquals("phase " + p + " " + st.node(), st.oracleBps(), st.measuredBps(),
                            st.oracleBps() * 0.07);
                }
            }
            assertTrue("phase " + p + " mean |error| " + s.meanAbsLeafError(p),
                    Double.isNaN(s.meanAbsLeafError(p)) || s.meanAbsLeafError(p) < 0.03);
        }
    }

    @Test
    public void theCompiledLiteralVariantGivesTheLiteralReadingsShares() {
        KernelProcessorTest.assertLiteralReading(new PofSwitchFactory());
    }

    /**
     * The compiled program takes the responsive hold from the run-time parameters: the summed 2 s
     * hold by default in-switch, none for literal or when the parameters turn it off; the factory's
     * {@code responsiveHold(h)} sets it whatever the parameters say (zero: back to no hold at all).
     */
    @Test
    public void theHoldComesFromTheRuntimeAndTheVariantSetsIt() {
        org.hsdba.algorithm.KernelOptions in = PofSwitchFactory.options(Mode.IN_SWITCH, RuntimeParameters.DEFAULTS)
                .algorithm();
        assertEquals(Duration.ofSeconds(2), in.responsiveHold());
        assertTrue(in.toString(), in.holdClaim() && in.holdSums() && !in.holdClimbs());
        assertEquals(Duration.ZERO, PofSwitchFactory.options(Mode.LITERAL, RuntimeParameters.DEFAULTS).algorithm()
                .responsiveHold());
        assertEquals(Duration.ZERO, PofSwitchFactory.options(Mode.IN_SWITCH,
                RuntimeParameters.DEFAULTS.withResponsiveHold(Duration.ZERO)).algorithm().responsiveHold());
        org.hsdba.algorithm.KernelOptions off = PofSwitchFactory.responsiveHold(Duration.ZERO).apply(in);
        assertEquals(Duration.ZERO, off.responsiveHold());
        assertEquals(in.toBuilder().responsiveHold(Duration.ZERO).holdClaim(false).holdSums(false).holdClimbs(true)
                .build(), off);
        assertEquals(Duration.ofSeconds(5), PofSwitchFactory.responsiveHold(Duration.ofSeconds(5)).apply(off)
                .responsiveHold());
    }

    @Test
    public void modesOtherThanInSwitchAndLiteralAreRefused() {
        assertTrue(new PofSwitchFactory().supports(Mode.LITERAL));
        assertTrue(!new PofSwitchFactory().supports(Mode.CONTROLLER_ASSISTED));
    }
}
