package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** A port's line rate as POF's curr_speed carries it: kbit/s in 32 bits, 0 = not known. */
public class PortConfigTest {

    @Test
    public void aStandardPortReportsNoSpeedUntilGivenOne() {
        PortConfig p = PortConfig.standard(2);
        assertEquals(0, p.speedKbps());
        PortConfig fast = p.withSpeedKbps(100_000);
        assertEquals(100_000, fast.speedKbps());
        assertEquals("s1-eth2", fast.name());
        assertEquals(2, fast.id());
        assertEquals(0, p.speedKbps());
    }

    @Test
    public void aSpeedOutsideCurrSpeedIsRefusedWithThePort() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PortConfig.standard(3).withSpeedKbps(1L << 32));
        assertTrue(e.getMessage(), e.getMessage().startsWith("port 3: speed 4294967296 kbit/s"));
        assertThrows(IllegalArgumentException.class, () -> PortConfig.standard(3).withSpeedKbps(-1));
    }
}
