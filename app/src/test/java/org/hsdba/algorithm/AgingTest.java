package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * Estimates age with time (issue 14, point 2): C = 1 Gb/s, eta 0.95, h1 and h2 of equal weight
 * each offered 1 Gb/s (CBR, 1024-byte packets), K = 10 ms; h1 stops at 1 s. With aging h1 leaves
 * the port's sums max(8 L / R, K/8) = 1.25 ms after its last packet and h2's fair rate becomes B
 * at once; without it h2 is held at B/2 until the idle timeout (here 10 s).
 */
public class AgingTest {

    private static final int BYTES = 1024;
    private static final long STOP = 1_000_000_000L;
    private static final double B = 0.95e9 / 8;

    private static BandwidthTree tree() {
        return PaperSetups.twoHostsGigabit();
    }

    /** h2's fair rate (bytes/s) at its first packet at or after {@code at}, and the kernel state then. */
    private static Object[] run(KernelOptions options, long at) {
        KernelTree kt = KernelTree.of(Admission.admit(tree()));
        HsdbaKernel kernel = new HsdbaKernel(kt, options);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(3);
        long period = Math.round(BYTES * 8 / 1e9 * 1e9);
        long[] next = {1, 4_001};
        while (true) {
            int k = next[0] < next[1] && next[0] < STOP ? 0 : 1;
            long t = next[k];
            next[k] += period;
            PacketVerdict v = kernel.onPacket(s, k, BYTES, t, rnd::nextDouble);
            if (k == 1 && t >= at) {
                return new Object[] {v.fairRate(), s};
            }
        }
    }

    private static final KernelOptions OPTIONS = KernelOptions.builder()
            .estimator(Estimator.ewma(Duration.ofMillis(10))).idleTimeout(Duration.ofSeconds(10)).build();

    @Test
    public void aStoppedClassHandsItsShareToItsSiblingWithinItsAgingGap() {
        Object[] before = run(OPTIONS, STOP - 1_000_000L);
        assertEquals("both competing: h2 gets B/2", B / 2, (double) before[0], B * 0.01);
        // 1.25 ms (K/8 + 1 ns) after h1's last packet h1 is aged: out of the sums, not idle.
        Object[] after = run(OPTIONS, STOP + 1_300_000L);
        KernelState s = (KernelState) after[1];
        assertFalse(s.active(0));
        assertTrue(s.aged(0));
        assertEquals("h2 alone: its fair rate is B", B, (double) after[0], B * 0.001);
        assertEquals(1.0, s.activeWeight(KernelTree.ROOT_SLOT), 1e-9);
        // Just before the gap it still counts.
        Object[] early = run(OPTIONS, STOP + 1_000_000L);
        assertEquals(B / 2, (double) early[0], B * 0.01);
    }

    @Test
    public void withoutAgingTheStoppedClassKeepsItsShareUntilTheIdleTimeout() {
        Object[] after = run(OPTIONS.toBuilder().aging(false).build(), STOP + 100_000_000L);
        assertEquals(B / 2, (double) after[0], B * 0.01);
        assertTrue(((KernelState) after[1]).active(0));
    }

    @Test
    public void theAgingGapIsEightMeanPacketGapsAtLeastAnEighthOfK() {
        long k = 10_000_000L;
        assertEquals("1 Gb/s, 1024 B: 8 gaps are 65.5 us, the floor K/8 + 1 ns wins", k / 8 + 1,
                HsdbaKernel.ageGap(1024, 1e9 / 8, k));
        assertEquals("1 Mb/s: 8 gaps of 8.192 ms", 65_536_000L, HsdbaKernel.ageGap(1024, 1e6 / 8, k));
        assertEquals("no estimate yet: no aging", Long.MAX_VALUE, HsdbaKernel.ageGap(1024, 0, k));
    }
}
