package org.hsdba.lab.traffic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Paths;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.Test;

public class TrafficPlayerTest {

    private static SwitchTraffic shortTraffic() {
        LabScenario lab = LabScenario.read(Paths.get(System.getProperty("lab.test.resources", "src/test/resources"),
                "lab-short.json"));
        return lab.trafficFor(1, 1.0);
    }

    @Test
    public void playsTheScheduleInRealTimeAndLoops() throws Exception {
        SwitchTraffic traffic = shortTraffic();
        AtomicLong bytes = new AtomicLong();
        Set<Integer> destinations = ConcurrentHashMap.newKeySet();
        try (TrafficPlayer p = new TrafficPlayer("test", traffic, true, CoarseClock.millisecond(), f -> {
            bytes.addAndGet(f.length);
            destinations.add(f[33] & 0xff);
        }).start()) {
            Thread.sleep(2000);
            // 0..2 s: A1 at 4 Mb/s throughout, the guest A9 at 2 Mb/s in 0.5..1.5 s: 10 Mb in all
            double mbits = bytes.get() * 8 / 1e6;
            assertEquals("megabits played in the first 2 s", 10.0, mbits, 1.0);
            assertEquals(Set.of(1, 9), destinations);
            assertTrue(p.isAlive());
            assertEquals(0, p.loops());
            assertTrue("lag " + p.maxLagNanos(), p.maxLagNanos() < 50_000_000);
        }
    }

    @Test
    public void stopsWhenClosedAndDoesNotLoopUnlessAsked() throws Exception {
        TrafficPlayer p = new TrafficPlayer("once", shortTraffic(), false, CoarseClock.millisecond(), f -> { })
                .start();
        Thread.sleep(300);
        long before = p.packets();
        assertTrue(before > 0);
        p.close();
        assertFalse(p.isAlive());
        long after = p.packets();
        Thread.sleep(100);
        assertEquals(after, p.packets());
    }
}
