package org.hsdba.algorithm;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;

import org.hsdba.admission.Admission;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * A sustained fall restarts the estimate ({@link KernelOptions#fallRestart()}, issue 14's class
 * that slows): C = 1 Gb/s, eta 0.95, h1 and h2 of equal weight, h2 offered 1 Gb/s throughout, K =
 * 10 ms; h1's packet gaps are given per test. With the rule a class that slows from 1 Gb/s to
 * 100 Mb/s (below a quarter of its estimate) is measured at its new rate within a fraction of K and h2's fair rate rises to what h1
 * leaves; without it h1's EWMA falls with K and h2 waits. Sources that do not fall (steady ones
 * with jitter, on/off ones whose silences aging leaves alone, ones that halve once or
 * twice, one that rises) never restart, and their estimates are those of the EWMA without the rule.
 */
public class FallRestartTest {

    private static final int BYTES = 1024;
    private static final long K = 10_000_000L;
    private static final long CHANGE = 1_000_000_000L;
    private static final long END = 1_200_000_000L;
    private static final double B = 0.95e9 / 8;
    /** One 1024-byte frame at 1 Gb/s, ns. */
    private static final long GIG = 8_192;

    private static final KernelOptions PLAIN = KernelOptions.builder()
            .estimator(Estimator.ewma(Duration.ofNanos(K))).idleTimeout(Duration.ofSeconds(10)).fallRestart(false).build();
    private static final KernelOptions FALL = PLAIN.toBuilder().fallRestart(true).build();

    @Test
    public void theRuleIsOnByDefault() {
        assertTrue(KernelOptions.DEFAULTS.fallRestart());
        assertTrue("it lives in the warm-up's word", !KernelOptions.builder().warmUp(false).build().fallRestart());
    }

    private static BandwidthTree tree() {
        return PaperSetups.twoHostsGigabit();
    }

    /** What a run saw: h1's estimate and h2's fair rate at their last packets before {@code probe}, and h1's restarts. */
    private static final class Seen {
        double h1Rate;
        double h2Fair;
        int restarts;
        long firstRestart = -1;
        double[] h1Rates = new double[0];
    }

    /**
     * Runs h1 with gaps {@code gap(t)} ns after a packet at {@code t} (jittered by ±5 %) against h2 at
     * 1 Gb/s until {@code probe}. A restart is an estimate that reads 0 after the warm-up (only
     * activation and the rule set it to 0).
     */
    private static Seen run(KernelOptions options, java.util.function.Supplier<LongUnaryOperator> gaps, long probe) {
        LongUnaryOperator gap = gaps.get();
        KernelTree kt = KernelTree.of(Admission.admit(tree()));
        HsdbaKernel kernel = new HsdbaKernel(kt, options);
        KernelState s = KernelState.initial(kt);
        SplittableRandom rnd = new SplittableRandom(7);
        Seen seen = new Seen();
        java.util.List<Double> rates = new java.util.ArrayList<>();
        long[] next = {1, 4_001};
        while (true) {
            int k = next[0] <= next[1] ? 0 : 1;
            long t = next[k];
            if (t >= probe) {
                break;
            }
            long g = k == 0 ? gap.applyAsLong(t) : GIG;
            next[k] += Math.max(1, Math.round(g * (0.95 + 0.1 * rnd.nextDouble())));
            PacketVerdict v = kernel.onPacket(s, k, BYTES, t, rnd::nextDouble);
            if (k == 0) {
                seen.h1Rate = s.rate(0);
                if (t > 2 * K && s.rate(0) == 0) {
                    seen.restarts++;
                    seen.firstRestart = seen.firstRestart < 0 ? t : seen.firstRestart;
                }
                rates.add(s.rate(0));
            } else {
                seen.h2Fair = v.fairRate();
            }
        }
        seen.h1Rates = rates.stream().mapToDouble(Double::doubleValue).toArray();
        return seen;
    }

    /** 1 Gb/s until CHANGE, then 100 Mb/s. */
    private static long slows(long t) {
        return t < CHANGE ? GIG : 10 * GIG;
    }

    @Test
    public void aClassThatSlowsIsMeasuredAtItsNewRateWithinAFractionOfK() {
        long probe = CHANGE + K / 2;
        Seen with = run(FALL, () -> FallRestartTest::slows, probe);
        Seen without = run(PLAIN, () -> FallRestartTest::slows, probe);
        double slow = 100e6 / 8;
        assertEquals("restarted once", 1, with.restarts);
        // Its clock falls behind at about 1 - 4 * 100 / R of real time (R falling from 1000); the aging gap is K/8.
        assertTrue("restarted " + (with.firstRestart - CHANGE) + " ns after it slowed",
                with.firstRestart > CHANGE + K / 8 && with.firstRestart < CHANGE + K / 4);
        // The warm-up since the restart (bytes over max(E, K/8)) reads the new rate once E >= K/8.
        assertEquals("h1 measured at 100 Mb/s K/2 after it slowed", slow, with.h1Rate, slow * 0.06);
        assertEquals("h2 gets what h1 leaves of B", B - with.h1Rate, with.h2Fair, B * 0.01);
        // The EWMA alone: 100 + 900 e^(-1/2) Mb/s, still above the fair share, so h2 stays at B/2.
        assertEquals(slow + 9 * slow * Math.exp(-0.5), without.h1Rate, slow * 0.2);
        assertEquals(0, without.restarts);
        assertEquals(B / 2, without.h2Fair, B * 0.01);
    }

    /** Steady, on/off within the aging gap, halving (once or twice), rising: no restart, and the same estimates as without the rule. */
    @Test
    public void sourcesThatDoNotFallBelowHalfTheirEstimateNeverRestart() {
        java.util.function.Supplier<LongUnaryOperator> steady = () -> t -> 2 * GIG;
        // Bursts of 20 frames at line rate, each followed by 1 ms of silence (< K/8 = 1.25 ms: not
        // aged): about 142 Mb/s on average, with samples from line rate to 8 Mb/s.
        java.util.function.Supplier<LongUnaryOperator> onOff = () -> {
            int[] n = {0};
            return t -> ++n[0] % 20 == 0 ? 1_000_000L : GIG;
        };
        // A congestion window's decreases: to 1/2 (AIMD), to 1/4 (halved twice) and to 0.57 (about
        // CUBIC's 0.7 with its lag).
        java.util.function.Supplier<LongUnaryOperator> halves = () -> t -> t < CHANGE ? 4 * GIG : 8 * GIG;
        java.util.function.Supplier<LongUnaryOperator> twice = () -> t -> t < CHANGE ? 4 * GIG : 16 * GIG;
        java.util.function.Supplier<LongUnaryOperator> cubic = () -> t -> t < CHANGE ? 4 * GIG : 7 * GIG;
        java.util.function.Supplier<LongUnaryOperator> rises = () -> t -> t < CHANGE ? 10 * GIG : 2 * GIG;
        for (java.util.function.Supplier<LongUnaryOperator> gap : List.of(steady, onOff, halves, twice, cubic, rises)) {
            Seen with = run(FALL, gap, END);
            Seen without = run(PLAIN, gap, END);
            assertEquals(0, with.restarts);
            assertEquals(without.h1Rates.length, with.h1Rates.length);
            for (int i = 0; i < with.h1Rates.length; i++) {
                assertEquals("packet " + i, without.h1Rates[i], with.h1Rates[i], 0.0);
            }
        }
    }

    /** An on/off source that is silent longer than K/8 ages instead (aging restarts it); the rule adds nothing there. */
    @Test
    public void aFallIsToldFromASilenceByItsLength() {
        // 100 Mb/s with every 50th gap 1.5 ms (above K/8): aged at each silence, never restarted by the rule.
        java.util.function.Supplier<LongUnaryOperator> pauses = () -> {
            int[] n = {0};
            return t -> ++n[0] % 50 == 0 ? 1_500_000L : 10 * GIG;
        };
        Seen with = run(FALL, pauses, END);
        Seen without = run(PLAIN, pauses, END);
        assertEquals(without.restarts, with.restarts);
        assertTrue("aged and restarted at its silences", without.restarts > 0);
    }
}
