package org.hsdba.compiler.assisted;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.function.DoubleUnaryOperator;

import org.junit.Test;

/**
 * The leaf control law of {@link ControllerAssistedLoop} (the same calls its step makes per leaf:
 * {@link Response#next} then {@link ControllerAssistedLoop#control}) against model senders whose
 * offered rate is a function of the drop probability of the period (they react within a poll).
 */
public class ControllerAssistedLoopTest {

    /** A leaf driven for some polls: p, offered and passed rate of each period. */
    private static final class Run {
        double p;
        Response response = Response.UNKNOWN;
        double offered;
        double passed;
        double x;
        double boost = 1;

        /** One period at the current p, then one poll. */
        void poll(DoubleUnaryOperator sender, double x) {
            double errBefore = passed - this.x;
            double offeredBefore = offered;
            offered = sender.applyAsDouble(p);
            passed = offered * (1 - p);
            response = response.next(p, offered);
            if (offered > 0) {
                boost = ControllerAssistedLoop.boost(boost, errBefore, passed - x, x, offeredBefore, offered);
            }
            p = ControllerAssistedLoop.control(p, offered, passed, x, response.responsive(), response.elasticity(),
                    response.previousP(), boost, response.predictedP(x));
            this.x = x;
        }
    }

    /** TCP after Mathis et al.: rate = c / sqrt(p), at most the line rate. */
    private static DoubleUnaryOperator tcp(double c, double line) {
        return p -> p <= 0 ? line : Math.min(line, c / Math.sqrt(p));
    }

    @Test
    public void convergesWithATcpLikeSenderWithoutSwinging() {
        // 20 ms RTT, 1448-byte segments: c = 1.22 * 1448 * 8 / 0.02 = 0.707 Mb/s; line 400 Mb/s; share 12.5.
        DoubleUnaryOperator sender = tcp(0.707, 400);
        double x = 12.5;
        Run r = new Run();
        double maxStep = 0;
        for (int n = 0; n < 40; n++) {
            double before = r.p;
            r.poll(sender, x);
            if (before > 0 && r.p > 0) {
                maxStep = Math.max(maxStep, Math.abs(Math.log(r.p / before)));
            }
            if (n >= 15) {
                assertEquals("poll " + n + ": passed " + r.passed, x, r.passed, 0.02 * x);
            }
        }
        assertTrue(r.response.responsive());
        assertTrue("p changes by at most a factor 4 per poll", maxStep <= Math.log(4) + 1e-9);
        // The p that holds it: (c / x)^2 = 0.32 %, far below the additive steps of an offered-rate gain.
        assertEquals(Math.pow(0.707 / x, 2), r.p, 0.0002);
    }

    @Test
    public void aSenderMoreElasticThanTcpStillConverges() {
        // rate ~ p^-1.5 (a sender that falls into timeouts quickly): the elasticity is learnt.
        DoubleUnaryOperator sender = p -> p <= 0 ? 400 : Math.min(400, 0.01 * Math.pow(p, -1.5));
        double x = 20;
        Run r = new Run();
        for (int n = 0; n < 60; n++) {
            r.poll(sender, x);
            if (n >= 40) {
                assertEquals("poll " + n, x, r.passed, 0.02 * x);
            }
        }
        assertTrue(r.response.elasticity() > 1);
    }

    @Test
    public void anUnresponsiveSenderLandsInOneStepAfterTheFirstAndStays() {
        DoubleUnaryOperator cbr = p -> 90;
        double x = 37.5;
        Run r = new Run();
        r.poll(cbr, x);
        assertEquals(ControllerAssistedLoop.P_START, r.p, 0);
        r.poll(cbr, x);
        assertFalse(r.response.responsive());
        assertEquals(1 - x / 90, r.p, 1e-9);
        for (int n = 0; n < 20; n++) {
            r.poll(cbr, x);
            assertEquals(1 - x / 90, r.p, 1e-9);
            assertEquals(x, r.passed, 1e-6);
        }
        // Its share rises (a neighbour stopped): p falls by at most /4 per poll and lands.
        r.poll(cbr, 80);
        assertEquals((1 - x / 90) / 4, r.p, 1e-9);
        r.poll(cbr, 80);
        assertEquals(1 - 80.0 / 90, r.p, 1e-9);
    }

    @Test
    public void anUnresponsiveSenderThatPausesIsTakenForUnresponsiveAgainAndLands() {
        DoubleUnaryOperator cbr = p -> 1.6;
        double x = 1.422;
        Run r = new Run();
        for (int n = 0; n < 10; n++) {
            r.poll(cbr, x);
        }
        assertEquals(x, r.passed, 1e-6);
        // A pause: a third of its rate for one period, then back. Its return after p fell looks
        // like a reaction (it is taken for responsive) and p then moves by small relative steps.
        r.poll(p -> 0.5, x);
        r.poll(cbr, x);
        assertTrue(r.response.responsive());
        int polls = 0;
        while (r.response.responsive() && polls < 40) {
            r.poll(cbr, x);
            polls++;
        }
        assertFalse("a flat sender is recognised within the history once p spans " + Response.FLAT_SPAN + "x",
                r.response.responsive());
        assertTrue("recognised after " + polls + " polls", polls <= 2 * Response.HISTORY);
        r.poll(cbr, x);
        assertEquals("then one exact step lands it", x, r.passed, 1e-6);
    }

    /**
     * The pause as the real-port data path saw it (2026-11-27, reference switch, 0.5 s polls): the
     * sender stops within a period (a few frames of it counted), sends nothing for a period, and
     * comes back at the p that fell meanwhile. Taken for responsive with an elasticity fitted on
     * that stop, it crept by 1-2 % of p per poll (p 0.039 -> 0.068 in 45 polls, passing 6 % too much);
     * the boost lands it.
     */
    @Test
    public void aConstantRateSenderBackFromAStopLandsWithinAFewPolls() {
        DoubleUnaryOperator cbr = p -> 1.6;
        double x = 1.422;
        Run r = new Run();
        for (int n = 0; n < 10; n++) {
            r.poll(cbr, x);
        }
        r.poll(p -> 0.03, x);
        r.poll(p -> 0, 0.03);
        r.poll(cbr, x);
        int polls = 0;
        while (Math.abs(r.passed - x) > 0.02 * x && polls < 40) {
            r.poll(cbr, x);
            polls++;
        }
        assertTrue("within 2 % after " + polls + " polls (p " + r.p + ", " + r.response + ")", polls <= 10);
        for (int n = 0; n < 20; n++) {
            r.poll(cbr, x);
            assertEquals("stays: poll " + n + " (p " + r.p + ")", x, r.passed, 0.03 * x);
        }
    }

    /**
     * CUBIC as the real hosts lab showed it (2026-11-28, stock mode, 1 s polls, 20 ms RTT): after a
     * change of p its rate takes a few polls to settle (the cubic regrowth lasts seconds) and moves
     * 25-35 % from one second to the next around that (median of the trace); a constant-rate
     * sender's moves by under 1 %. The error then often keeps its sign for two polls without
     * shrinking, which is not a sender ignoring its drops: the loop must hold the mean at x without
     * boosted steps swinging p into timeouts and out.
     */
    @Test
    public void aLaggingNoisyTcpSenderIsHeldAtItsShareOnAverage() {
        double x = 11.1;
        double bias = 0;
        double worstRms = 0;
        int seeds = 10;
        for (int seed = 1; seed <= seeds; seed++) {
            java.util.Random rnd = new java.util.Random(seed);
            double[] rate = {40};
            DoubleUnaryOperator cubic = p -> {
                double target = p <= 0 ? 400 : Math.min(400, 0.707 / Math.sqrt(p));
                rate[0] += 0.35 * (target - rate[0]);
                return rate[0] * Math.exp(0.3 * rnd.nextGaussian());
            };
            Run r = new Run();
            double passed = 0;
            double squares = 0;
            int polls = 0;
            for (int n = 0; n < 220; n++) {
                r.poll(cubic, x);
                if (n >= 20) {
                    passed += r.passed;
                    squares += (r.passed - x) * (r.passed - x);
                    polls++;
                }
            }
            bias += (passed / polls / x - 1) / seeds;
            worstRms = Math.max(worstRms, Math.sqrt(squares / polls) / x);
        }
        System.out.printf("lagging TCP, %d runs of 200 polls: mean bias %+.4f of x, worst rms error %.3f of x%n", seeds,
                bias, worstRms);
        // With a boost on every stuck error the mean sat 3.9 % over x (40 seeds; 7.3 % at worst).
        assertEquals("mean bias of the passed rate over " + seeds + " runs", 0, bias, 0.02);
        assertTrue("rms error " + worstRms + " of x", worstRms < 0.5);
    }

    @Test
    public void theBoostGrowsOnlyWhileTheErrorIsStuck() {
        assertEquals(2, ControllerAssistedLoop.boost(1, 0.06, 0.058, 1, 1.6, 1.6), 0);
        assertEquals(16, ControllerAssistedLoop.boost(16, 0.06, 0.058, 1, 1.6, 1.6), 0);
        assertEquals("sign changed", 1, ControllerAssistedLoop.boost(8, 0.06, -0.05, 1, 1.6, 1.6), 0);
        assertEquals("shrank by half", 1, ControllerAssistedLoop.boost(8, 0.06, 0.03, 1, 1.6, 1.6), 0);
        assertEquals("within the band", 1, ControllerAssistedLoop.boost(8, 0.006, 0.006, 1, 1.6, 1.6), 0);
        assertEquals("offered rate moved by 4 %", 2, ControllerAssistedLoop.boost(1, 0.06, 0.058, 1, 1.6, 1.664), 0);
        assertEquals("offered rate moved by 10 % (a sender reacting)", 1,
                ControllerAssistedLoop.boost(8, 0.06, 0.058, 1, 1.6, 1.76), 0);
        assertEquals("nothing offered before", 1, ControllerAssistedLoop.boost(1, 0.06, 0.058, 1, 0, 1.6), 0);
    }

    @Test
    public void noWindupWhileTheSenderStaysUnderItsShare() {
        DoubleUnaryOperator tcp = tcp(0.707, 400);
        Run r = new Run();
        for (int n = 0; n < 30; n++) {
            r.poll(tcp, 12.5);
        }
        double held = r.p;
        // 50 polls of offering less than its share (an application limit): p goes to 0 and stays there.
        for (int n = 0; n < 50; n++) {
            r.poll(p -> 5, 12.5);
        }
        assertEquals(0, r.p, 0);
        // Greedy again: it is held again as quickly as from a fresh start, no accumulated error to unwind.
        int polls = 0;
        do {
            r.poll(tcp, 12.5);
            polls++;
        } while (Math.abs(r.passed / 12.5 - 1) > 0.05 && polls < 100);
        Run fresh = new Run();
        int freshPolls = 0;
        do {
            fresh.poll(tcp, 12.5);
            freshPolls++;
        } while (Math.abs(fresh.passed / 12.5 - 1) > 0.05 && freshPolls < 100);
        assertTrue(polls + " polls after the idle spell, " + freshPolls + " fresh", polls <= freshPolls + 2);
        assertEquals(held, r.p, 0.2 * held);
    }

    @Test
    public void aSilencedSenderGetsItsDropsLoweredGradually() {
        Run r = new Run();
        r.p = 0.5;
        // Silenced by drops: a retransmission now and then, nothing in some periods.
        double[] offered = {0.2, 0, 0.3, 0, 0, 0.2};
        double last = r.p;
        for (double o : offered) {
            r.poll(p -> o, 12.5);
            assertTrue("never more than /4 per poll", r.p >= last / 4 - 1e-12);
            if (o == 0) {
                assertEquals("nothing offered: held", last, r.p, 0);
            }
            last = r.p;
        }
        assertEquals(0.5 / 64, r.p, 1e-12);
    }

    @Test
    public void aTcpSenderTakenForUnresponsiveWhileRampingUpGetsTheRiseUndone() {
        Run r = new Run();
        // Slow start: 25 then 29 Mb/s (p rose from 0 and the rate did not fall: taken as unresponsive).
        r.poll(p -> 25, 8.3);
        assertEquals(ControllerAssistedLoop.P_START, r.p, 0);
        r.poll(p -> 29, 8.3);
        assertFalse(r.response.responsive());
        assertEquals("the exact step for a constant rate", 1 - 8.3 / 29, r.p, 1e-9);
        // It was TCP: silenced at once. The next poll goes back to the p before the rise, not /4.
        r.poll(p -> 0.9, 8.3);
        assertTrue(r.response.responsive());
        assertEquals(ControllerAssistedLoop.P_START, r.p, 0);
    }

    /**
     * A large TCP flow whose p decayed to 0 restarts near the p its history says holds it, not at
     * P_START: 29.6 Mb/s at 20 ms RTT needs about 1/1750, and P_START (1/256) would halve it.
     */
    @Test
    public void aLargeTcpFlowBackFromZeroRestartsAtThePredictedP() {
        DoubleUnaryOperator sender = tcp(0.707, 400);
        double x = 29.6;
        double holds = Math.pow(0.707 / x, 2);
        Run r = new Run();
        for (int n = 0; n < 30; n++) {
            r.poll(sender, x);
        }
        assertTrue("converged near " + holds + ": " + r.p, Math.abs(Math.log(r.p / holds)) < Math.log(1.5));
        // Its p decayed to 0 (an under-share spell) and it grew back above x.
        r.p = 0;
        r.poll(sender, x);
        assertTrue("restarted within 1.5x of " + holds + ", not at P_START: " + r.p,
                Math.abs(Math.log(r.p / holds)) < Math.log(1.5));
        // With nothing in its history, the first p is P_START as before.
        Run fresh = new Run();
        fresh.poll(sender, x);
        assertEquals(ControllerAssistedLoop.P_START, fresh.p, 0);
    }

    @Test
    public void elasticityIsTheLeastSquaresSlopeWithinItsBounds() {
        double[] ps = {0.01, 0.02, 0.04, 0.08};
        double[] tcp = new double[ps.length];
        double[] steep = new double[ps.length];
        double[] flat = new double[ps.length];
        for (int i = 0; i < ps.length; i++) {
            tcp[i] = 1 / Math.sqrt(ps[i]);
            steep[i] = Math.pow(ps[i], -1.2);
            flat[i] = 90;
        }
        assertEquals(0.5, Response.fit(ps, tcp), 1e-9);
        assertEquals(1.2, Response.fit(ps, steep), 1e-9);
        assertEquals(0, Response.fit(ps, flat), 1e-12);
        assertTrue("p spanned less than 2x: none",
                Double.isNaN(Response.fit(new double[] {0.01, 0.012, 0.015}, new double[] {3, 2, 1})));
        assertTrue("fewer than three periods with p > 0: none",
                Double.isNaN(Response.fit(new double[] {0, 0.01, 0.04}, new double[] {400, 10, 5})));
        // The learnt value stays within [TCP's 0.5, 2].
        Response r = Response.UNKNOWN;
        for (int i = 0; i < ps.length; i++) {
            r = r.next(ps[i], flat[i]);
        }
        assertEquals(Response.TCP_ELASTICITY, r.elasticity(), 0);
        assertFalse("a flat offered rate while p rose 8x: unresponsive", r.responsive());
    }
}
