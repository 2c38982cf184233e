package org.hsdba.e2e;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;

import org.hsdba.algorithm.KernelOptions;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.FixedPoint;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.Words;
import org.hsdba.pof.ext.HxEntryStatus;
import org.junit.Test;

/**
 * HX_CALL_BLOCK's idle timeout is a u32 of milliseconds (pof-hsdba-extension.md section 4.1): a
 * 100 s timeout, beyond the 65.5 s a 16-bit field could carry, goes through the codec and the
 * switch's decoder over TCP and expires exactly on time in simulated time, taking the leaf out of
 * its parent's sums and reaching the controller as HX_ENTRY_STATUS(IDLE).
 */
public class OverTcpIdleTimeoutTest {

    private static final long TIMEOUT_NS = 100_000_000_000L;

    @Test
    public void aHundredSecondIdleTimeoutCrossesTheWireAndExpiresOnTime() {
        CompilerOptions options = CompilerOptions.builder()
                .algorithm(KernelOptions.builder().idleTimeout(Duration.ofNanos(TIMEOUT_NS))
                        // The idle timeout alone: with aging A1 would leave A's sums 1.25 ms after its
                        // last packet (InSwitchLifecycleTest covers aging followed by idle).
                        .aging(false).build()).build();
        try (TcpSwitchRig rig = TcpSwitchRig.start(true, 1)) {
            CompiledProgram p = HsdbaCompiler.compile(PaperScenario.twoLevel(1, 2, 1, 1, 2), rig.capabilities(), options);
            rig.install(p.messages());
            NodeSlot a1 = p.slots().get("A1");
            int a1Table = p.layout().globalId(p.layout().levelTable(2));
            int activeWeightOfA = (int) (p.layout().registerBase(p.slots().get("A").registerSlot()) + Words.R_ACTIVE_WEIGHT);
            long lastHit = 0;
            for (int i = 0; i < 10; i++) {
                lastHit = 1_000_000L + i * 100_000L;
                assertTrue(rig.process(PaperScenario.frame(1, 1, i), lastHit));
            }
            assertEquals("A1 joined A's sums", FixedPoint.WEIGHT_ONE, rig.datapath().register(activeWeightOfA));

            // Another leaf's packet 1 ms before A1's expiry lets the switch's clock get there: A1 stays.
            rig.process(PaperScenario.frame(2, 3, 0), lastHit + TIMEOUT_NS - 1_000_000L);
            assertTrue("A1 is still active", rig.datapath().entryRecord(a1Table, a1.entryIndex()).active());
            assertEquals(FixedPoint.WEIGHT_ONE, rig.datapath().register(activeWeightOfA));

            rig.process(PaperScenario.frame(2, 3, 1), lastHit + TIMEOUT_NS);
            HxEntryStatus idle = (HxEntryStatus) rig.awaitUnsolicited("HX_ENTRY_STATUS(IDLE) of A1",
                    m -> m instanceof HxEntryStatus && ((HxEntryStatus) m).reason() == HxEntryStatus.REASON_IDLE
                            && ((HxEntryStatus) m).tableId() == a1Table && ((HxEntryStatus) m).index() == a1.entryIndex());
            assertEquals("expired exactly 100 s after the last packet", lastHit + TIMEOUT_NS, idle.timeNs());
            assertEquals("A1's hook took it out of A's sums", 0, rig.datapath().register(activeWeightOfA));
            assertEquals(10L * PaperScenario.FRAME_BYTES, idle.passedBytes());
        }
    }
}
