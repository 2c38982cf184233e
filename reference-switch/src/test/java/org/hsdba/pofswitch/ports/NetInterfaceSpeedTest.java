package org.hsdba.pofswitch.ports;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** sysfs "speed": Mb/s, -1 (or an unreadable file) when the driver gives none. */
public class NetInterfaceSpeedTest {

    @Test
    public void readsMegabitsAndTakesUnknownAsZero() {
        assertEquals(10_000, NetInterface.parseSpeed("10000\n"));
        assertEquals(100, NetInterface.parseSpeed("100"));
        assertEquals(0, NetInterface.parseSpeed("-1"));
        assertEquals(0, NetInterface.parseSpeed(""));
        assertEquals(0, NetInterface.parseSpeed("unknown"));
    }
}
