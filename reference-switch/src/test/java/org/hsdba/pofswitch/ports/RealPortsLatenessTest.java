package org.hsdba.pofswitch.ports;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** How a frame's kernel stamp becomes its age at processing time, and when the stamp is not believed. */
public class RealPortsLatenessTest {
    private static final long NOW = 1_700_000_000_000_000_000L;

    @Test
    public void aStampedFrameIsAsLateAsTheWallClockSays() {
        assertEquals(5_000_000L, RealPorts.lateness(NOW, NOW - 5_000_000L));
        assertEquals(0L, RealPorts.lateness(NOW, NOW));
        assertEquals(RealPorts.MAX_LATE_NS, RealPorts.lateness(NOW, NOW - RealPorts.MAX_LATE_NS));
    }

    @Test
    public void noStampOrAnUnbelievableOneMeansTheLiveClock() {
        assertEquals("no stamp", -1L, RealPorts.lateness(NOW, -1));
        assertEquals("older than a second: a stepped clock", -1L, RealPorts.lateness(NOW, NOW - RealPorts.MAX_LATE_NS - 1));
        assertEquals("ahead of the clock: just arrived", 0L, RealPorts.lateness(NOW, NOW + 3_000_000L));
    }
}
