package org.hsdba.sim.traffic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.SplittableRandom;
import org.junit.Test;

public class AimdTest {

    private static final Aimd.Params P = new Aimd.Params(0.010, 8192 / 0.010, 0.5, 1e6, 8192 / 0.010);

    @Test
    public void withoutLossTheRateGrowsByTheIncreasePerRoundTripUpToTheCeiling() {
        Aimd.Sender s = (Aimd.Sender) ArrivalProcess.aimd(P).newTimeline(5e6, new SplittableRandom(1));
        double t = s.first(0, 1024);
        while (t < 0.1e9) {
            t = s.next(t, 1024);
        }
        // 1 Mb/s + 0.8192 Mb/s per 10 ms for about 100 ms is over 8 Mb/s: capped at 5 Mb/s.
        assertEquals(5e6, s.rateBps(), 1);
        s = (Aimd.Sender) ArrivalProcess.aimd(P).newTimeline(100e6, new SplittableRandom(1));
        double first = s.first(0, 1024);
        t = first;
        while (t < 0.05e9) {
            t = s.next(t, 1024);
        }
        // Linear growth from the first packet on (the next gap is counted when it is drawn).
        assertEquals(1e6 + 819_200 * (t - first) / 1e7, s.rateBps(), 0.05 * s.rateBps());
    }

    @Test
    public void aLossHalvesTheRateOneRoundTripLaterAndOnlyOncePerRoundTrip() {
        Aimd.Sender s = (Aimd.Sender) ArrivalProcess.aimd(P).newTimeline(100e6, new SplittableRandom(1));
        double t = s.first(0, 1024);
        while (t < 0.05e9) {
            t = s.next(t, 1024);
        }
        double lostAt = t;
        double before = s.rateBps();
        s.lost(lostAt);
        while (t < lostAt + 0.9 * 1e7) {
            t = s.next(t, 1024);
        }
        assertTrue("not cut before the round trip: " + s.rateBps(), s.rateBps() > before);
        double beforeCut = s.rateBps();
        while (t < lostAt + 1.0 * 1e7) {
            t = s.next(t, 1024);
        }
        assertEquals("halved once", (beforeCut + 0.1 * 819_200) / 2, s.rateBps(), 0.1 * beforeCut);
        double afterCut = s.rateBps();
        // A loss of a packet sent before the cut took effect is the same congestion event: ignored.
        s.lost(lostAt + 0.5e7);
        while (t < lostAt + 2.5e7) {
            t = s.next(t, 1024);
        }
        assertTrue("no second cut: " + s.rateBps() + " after " + afterCut, s.rateBps() > afterCut);
    }

    @Test
    public void badParametersAreRefusedWithTheirValues() {
        try {
            new Aimd.Params(0.01, 1, 1.5, 1, 1);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("decrease 1.5"));
            return;
        }
        throw new AssertionError("decrease 1.5 accepted");
    }
}
