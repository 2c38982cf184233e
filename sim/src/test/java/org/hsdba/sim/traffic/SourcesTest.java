package org.hsdba.sim.traffic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class SourcesTest {

    private static TrafficSource source(String id, double rate, PacketSizes sizes, ArrivalProcess p,
                                        ActiveInterval... intervals) {
        return new TrafficSource(id, "leaf-" + id, rate, sizes, p, List.of(intervals));
    }

    private static List<Arrival> drain(ArrivalStream s) {
        List<Arrival> out = new ArrayList<>();
        while (s.hasNext()) {
            out.add(s.next());
        }
        return out;
    }

    private static double meanRate(List<Arrival> arrivals, double seconds) {
        long bytes = 0;
        for (Arrival a : arrivals) {
            bytes += a.bytes();
        }
        return bytes * 8 / seconds;
    }

    @Test
    public void strictCbrSendsEvenlySpacedPacketsAtExactlyItsRate() {
        TrafficSource s = source("a", 1e9, PacketSizes.fixed(1000), ArrivalProcess.cbr(0),
                ActiveInterval.seconds(0, 0.1));
        List<Arrival> arrivals = drain(new ArrivalStream(List.of(s), 7, 1_000_000_000L));
        assertEquals(12_500, arrivals.size());
        long phase = arrivals.get(0).timeNs();
        assertTrue("random phase within one gap: " + phase, phase >= 0 && phase < 8_000);
        for (int i = 1; i < arrivals.size(); i++) {
            assertEquals(8_000, arrivals.get(i).timeNs() - arrivals.get(i - 1).timeNs(), 1);
        }
        assertEquals(phase + 8_000L * 12_499, arrivals.get(12_499).timeNs(), 1);
    }

    @Test
    public void defaultCbrJittersEachGapByAtMostFivePercentAndKeepsTheRate() {
        TrafficSource s = source("a", 1e9, PacketSizes.fixed(1000), ArrivalProcess.cbr(),
                ActiveInterval.seconds(0, 0.1));
        List<Arrival> arrivals = drain(new ArrivalStream(List.of(s), 7, 1_000_000_000L));
        boolean varied = false;
        for (int i = 1; i < arrivals.size(); i++) {
            long gap = arrivals.get(i).timeNs() - arrivals.get(i - 1).timeNs();
            assertTrue("gap " + gap, gap >= 7_599 && gap <= 8_401);
            varied |= gap != 8_000;
        }
        assertTrue(varied);
        // 12 500 gaps of +-5 % uniform jitter drift by sqrt(12 500) * 2.9 % = 3.2 gaps (1 sigma).
        assertEquals(12_500, arrivals.size(), 10);
    }

    @Test
    public void poissonMeanRateWithinTwoPercentOverLongWindow() {
        TrafficSource s = source("p", 100e6, PacketSizes.fixed(1000), ArrivalProcess.poisson(PacketSizes.fixed(1000)),
                ActiveInterval.seconds(0, 10));
        List<Arrival> arrivals = drain(new ArrivalStream(List.of(s), 11, 10_000_000_000L));
        assertEquals(100e6, meanRate(arrivals, 10), 2e6);
        // Exponential gaps: about 1/e of gaps exceed the mean gap (80 us).
        int longer = 0;
        for (int i = 1; i < arrivals.size(); i++) {
            if (arrivals.get(i).timeNs() - arrivals.get(i - 1).timeNs() > 80_000) {
                longer++;
            }
        }
        assertEquals(Math.exp(-1), longer / (double) (arrivals.size() - 1), 0.01);
    }

    @Test
    public void onOffMeanRateIsRateTimesDutyCycle() {
        ArrivalProcess onOff = ArrivalProcess.onOff(0.005, 0.015);
        TrafficSource s = source("o", 100e6, PacketSizes.fixed(1500), onOff, ActiveInterval.seconds(0, 50));
        assertEquals(0.25, onOff.dutyCycle(), 1e-12);
        assertEquals(25e6, s.meanRateBps(), 1e-6);
        List<Arrival> arrivals = drain(new ArrivalStream(List.of(s), 3, 50_000_000_000L));
        assertEquals(25e6, meanRate(arrivals, 50), 25e6 * 0.08);
        // While on, packets are back to back at the peak rate (120 us apart at 100 Mb/s).
        int backToBack = 0;
        for (int i = 1; i < arrivals.size(); i++) {
            if (arrivals.get(i).timeNs() - arrivals.get(i - 1).timeNs() == 120_000) {
                backToBack++;
            }
        }
        assertTrue("most gaps are the peak-rate gap", backToBack > 0.8 * arrivals.size());
    }

    @Test
    public void sizeMixDrawsSizesInProportionAndRateCountsBytes() {
        PacketSizes mix = PacketSizes.mix(Map.of(64, 1.0, 1500, 3.0));
        assertEquals((64 + 3 * 1500) / 4.0, mix.meanBytes(), 1e-9);
        TrafficSource s = source("m", 50e6, mix, ArrivalProcess.cbr(), ActiveInterval.seconds(0, 4));
        List<Arrival> arrivals = drain(new ArrivalStream(List.of(s), 5, 4_000_000_000L));
        int small = 0;
        for (Arrival a : arrivals) {
            assertTrue(a.bytes() == 64 || a.bytes() == 1500);
            if (a.bytes() == 64) {
                small++;
            }
        }
        assertEquals(0.25, small / (double) arrivals.size(), 0.01);
        // CBR spaces each packet by its own serialisation time: the byte rate is exact.
        assertEquals(50e6, meanRate(arrivals, 4), 50e6 * 0.001);
    }

    @Test
    public void packetsStayInsideActiveIntervalsAndHorizon() {
        TrafficSource s = source("i", 10e6, PacketSizes.fixed(100), ArrivalProcess.poisson(PacketSizes.fixed(100)),
                ActiveInterval.seconds(0.5, 1.0), ActiveInterval.seconds(2.0, 3.0));
        List<Arrival> arrivals = drain(new ArrivalStream(List.of(s), 9, 2_500_000_000L));
        boolean sawFirst = false;
        boolean sawSecond = false;
        for (Arrival a : arrivals) {
            long t = a.timeNs();
            boolean first = t >= 500_000_000L && t < 1_000_000_000L;
            boolean second = t >= 2_000_000_000L && t < 2_500_000_000L;
            assertTrue("arrival at " + t + " outside the active intervals", first || second);
            sawFirst |= first;
            sawSecond |= second;
        }
        assertTrue(sawFirst && sawSecond);
    }

    @Test
    public void mergedStreamIsTimeOrderedAndReproducible() {
        List<TrafficSource> sources = List.of(
                source("a", 30e6, PacketSizes.fixed(500), ArrivalProcess.poisson(PacketSizes.fixed(500)),
                        ActiveInterval.seconds(0, 1)),
                source("b", 20e6, PacketSizes.mix(Map.of(100, 1.0, 900, 1.0)), ArrivalProcess.onOff(0.01, 0.01),
                        ActiveInterval.seconds(0.2, 1)),
                source("c", 10e6, PacketSizes.fixed(1000), ArrivalProcess.cbr(), ActiveInterval.seconds(0, 1)));
        List<Arrival> one = drain(new ArrivalStream(sources, 42, 1_000_000_000L));
        List<Arrival> two = drain(new ArrivalStream(sources, 42, 1_000_000_000L));
        List<Arrival> other = drain(new ArrivalStream(sources, 43, 1_000_000_000L));
        assertEquals(one, two);
        assertNotEquals(one, other);
        for (int i = 1; i < one.size(); i++) {
            Arrival p = one.get(i - 1);
            Arrival a = one.get(i);
            assertTrue(p.timeNs() < a.timeNs() || p.timeNs() == a.timeNs() && p.sourceIndex() < a.sourceIndex());
        }
    }

    @Test
    public void addingASourceDoesNotChangeTheOthersPackets() {
        TrafficSource a = source("a", 30e6, PacketSizes.fixed(500), ArrivalProcess.poisson(PacketSizes.fixed(500)),
                ActiveInterval.seconds(0, 1));
        TrafficSource b = source("b", 30e6, PacketSizes.fixed(500), ArrivalProcess.poisson(PacketSizes.fixed(500)),
                ActiveInterval.seconds(0, 1));
        List<Arrival> alone = drain(new ArrivalStream(List.of(a), 1, 1_000_000_000L));
        List<Arrival> together = new ArrayList<>();
        for (Arrival x : drain(new ArrivalStream(List.of(a, b), 1, 1_000_000_000L))) {
            if (x.sourceIndex() == 0) {
                together.add(x);
            }
        }
        assertEquals(alone, together);
    }

    @Test
    public void badInputsAreRejectedWithTheReason() {
        expectMessage(() -> PacketSizes.fixed(20), "packet size 20 bytes out of range");
        expectMessage(() -> PacketSizes.mix(Map.of(100, 0.0)), "share of 100 bytes must be > 0");
        expectMessage(() -> source("x", 0, PacketSizes.fixed(100), ArrivalProcess.cbr()),
                "source x: rate must be > 0");
        expectMessage(() -> source("y", 1e6, PacketSizes.fixed(100), ArrivalProcess.cbr(),
                ActiveInterval.seconds(0, 2), ActiveInterval.seconds(1, 3)), "source y: active intervals");
        expectMessage(() -> ActiveInterval.seconds(2, 1), "need 0 <= start < end");
        expectMessage(() -> ArrivalProcess.onOff(0, 1), "mean on time must be > 0");
    }

    static void expectMessage(Runnable r, String fragment) {
        try {
            r.run();
            fail("expected an error containing: " + fragment);
        } catch (IllegalArgumentException e) {
            assertTrue("message \"" + e.getMessage() + "\" lacks \"" + fragment + "\"",
                    e.getMessage().contains(fragment));
        }
    }
}
