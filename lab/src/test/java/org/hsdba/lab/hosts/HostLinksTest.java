package org.hsdba.lab.hosts;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

public class HostLinksTest {

    @Test
    public void keepsWhatItWasGiven() {
        HostLinks l = HostLinks.of(10, true, "reno");
        assertEquals(10, l.rttMs(), 0);
        assertTrue(l.shaped());
        assertEquals("reno", l.congestionControl());
        assertEquals("added RTT 10.0 ms, egress shaped (tbf), TCP reno", l.toString());
        assertNull(HostLinks.DIRECT.congestionControl());
        assertFalse(HostLinks.DIRECT.shaped());
    }

    @Test
    public void refusesANegativeOrHugeRttAndANameThatIsNotAWord() {
        for (double rtt : new double[] {-1, Double.NaN, 10_001}) {
            try {
                HostLinks.of(rtt, false, null);
                fail("accepted --rtt " + rtt);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().startsWith("--rtt must be between 0 and 10000 ms"));
            }
        }
        try {
            HostLinks.of(0, false, "cubic; reboot");
            fail("accepted a congestion control that is not a name");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("--cc must be a congestion control name"));
        }
    }
}
