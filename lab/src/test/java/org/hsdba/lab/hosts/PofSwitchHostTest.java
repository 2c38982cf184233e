package org.hsdba.lab.hosts;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class PofSwitchHostTest {
    /** ss -0 -m -p -n as printed at the end of a hosts run through the patched POFSwitch of main (2026-11-28 03:15 UTC). */
    private static final String STOCK_SOCKETS = String.join("\n",
            "Netid Recv-Q Send-Q Local Address:Port Peer Address:PortProcess",
            "p_raw 213381 0 *:hs14070p1 * users:((\"pofswitch\",pid=14192,fd=3)) skmem:(r213381,rb212992,t0,tb212992,f0,w0,o0,bl0,d414423) ",
            "p_raw 213186 0 *:* * users:((\"pofswitch\",pid=14192,fd=4)) skmem:(r213186,rb212992,t0,tb212992,f0,w0,o0,bl0,d1465167) ",
            "p_raw 214720 0 *:hs14070p2 * users:((\"pofswitch\",pid=14192,fd=5)) skmem:(r214720,rb212992,t0,tb212992,f0,w0,o0,bl0,d302596) ",
            "p_raw 0 0 *:hs14070p1 * users:((\"pofswitch\",pid=14192,fd=10)) skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d64) ",
            "p_raw 0 0 *:hs14070p2 * users:((\"pofswitch\",pid=14192,fd=11)) skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d0) ",
            "p_raw 0 0 *:hs14070p10 * users:((\"pofswitch\",pid=14192,fd=14)) skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d999) ",
            "p_raw 0 0 *:hs14070p1 * users:((\"java\",pid=4242,fd=40)) skmem:(r0,rb8388608,t0,tb8388608,f0,w0,o0,bl0,d777) ");

    @Test
    public void countsTheDropsOfTheSocketThePofSwitchReadsNotOfTheOnesItNeverReads() {
        // fd 3 is full (never read: it drops every frame), fd 10 is the one the receive task reads
        assertEquals(64, PofSwitchHost.receiveSocketDrops(STOCK_SOCKETS, 14192, "hs14070p1"));
        assertEquals(0, PofSwitchHost.receiveSocketDrops(STOCK_SOCKETS, 14192, "hs14070p2"));
    }

    @Test
    public void takesOnlyThatProcessAndThatInterface() {
        assertEquals(-1, PofSwitchHost.receiveSocketDrops(STOCK_SOCKETS, 99, "hs14070p1"));
        assertEquals(-1, PofSwitchHost.receiveSocketDrops(STOCK_SOCKETS, 14192, "hs14070p3"));
        assertEquals(-1, PofSwitchHost.receiveSocketDrops("", 14192, "hs14070p1"));
    }
}
