package org.hsdba.sim.traffic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class RealTimePacerTest {

    /** A clock that advances only when the pacer sleeps. */
    private static final class FakeClock implements WallClock {
        long now = 1_000;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepNanos(long nanos) {
            now += nanos;
        }
    }

    @Test
    public void playsTheStreamWithGapsDividedByTheScale() throws InterruptedException {
        TrafficSource s = new TrafficSource("s", "leaf", 1e9, PacketSizes.fixed(1000), ArrivalProcess.cbr(0),
                List.of(ActiveInterval.seconds(0, 0.00004)));
        FakeClock clock = new FakeClock();
        RealTimePacer pacer = new RealTimePacer(new ArrivalStream(List.of(s), 1, 1_000_000_000L), 0.001, clock);
        List<Arrival> played = new ArrayList<>();
        pacer.play(played::add);
        // 1 Gb/s scaled by 0.001 -> 1 Mb/s: 1000-byte packets every 8 ms of wall time.
        assertEquals(5, played.size());
        // The CBR source starts at a random phase within one gap (8 us, i.e. 8 ms scaled).
        long first = played.get(0).timeNs();
        assertTrue(first >= 0 && first < 8_000_000L);
        for (int i = 1; i < 5; i++) {
            assertEquals(8_000_000L, played.get(i).timeNs() - played.get(i - 1).timeNs(), 1000);
        }
        assertEquals(0, pacer.maxLagNs());
        assertEquals(5, pacer.played());
    }

    @Test
    public void aSlowSinkDelaysButSkipsNothing() throws InterruptedException {
        TrafficSource s = new TrafficSource("s", "leaf", 1e9, PacketSizes.fixed(1000), ArrivalProcess.cbr(0),
                List.of(ActiveInterval.seconds(0, 0.00004)));
        FakeClock clock = new FakeClock();
        RealTimePacer pacer = new RealTimePacer(new ArrivalStream(List.of(s), 1, 1_000_000_000L), 1.0, clock);
        List<Arrival> played = new ArrayList<>();
        pacer.play(a -> {
            played.add(a);
            clock.now += 10_000; // the sink takes 10 us per packet, gaps are 8 us
        });
        assertEquals(5, played.size());
        assertEquals(4 * 2_000, pacer.maxLagNs());
    }
}
