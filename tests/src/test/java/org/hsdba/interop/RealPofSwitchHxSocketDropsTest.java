package org.hsdba.interop;

import static org.junit.Assert.assertEquals;

import java.util.Map;

import org.junit.Test;

/**
 * The switch's own ingress-socket drops as the data-path tests read them ({@link RealPofSwitch#socketDrops}),
 * for the hx build's sockets (pofswitch-hx/patches/hx/0002): its never-read sockets are opened with
 * protocol 0 and must not count, or their constant 0 hides the read socket's drops.
 */
public class RealPofSwitchHxSocketDropsTest {
    /** The layout of {@code ss -0 -m -p -e} (two lines per socket), with the hx build's four sockets on one port. */
    private static final String HX_SOCKETS = String.join("\n",
            "Netid Recv-Q Send-Q Local Address:Port Peer Address:PortProcess",
            "p_raw 0      0                [0]:swp1               *     users:((\"pofswitch\",pid=383,fd=3)) ino:901001 sk:1",
            "\tver:0 cpy_thresh:0 flags( 0 ) skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d0)",
            "p_raw 0      0                [0]:*                  *     users:((\"pofswitch\",pid=383,fd=4)) ino:901002 sk:2",
            "\tver:0 cpy_thresh:0 flags( 0 ) skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d0)",
            "p_raw 0      0                  *:swp1               *     users:((\"pofswitch\",pid=383,fd=10)) ino:901010 sk:3",
            "\tver:0 cpy_thresh:0 flags( running ) skmem:(r0,rb8388608,t0,tb212992,f0,w0,o0,bl0,d37)",
            "p_raw 0      0                  *:swp2               *     users:((\"pofswitch\",pid=383,fd=12)) ino:901012 sk:4",
            "\tver:0 cpy_thresh:0 flags( running ) skmem:(r0,rb8388608,t0,tb212992,f0,w0,o0,bl0,d5)",
            "p_raw 0      0                  *:swp1               *     users:((\"java\",pid=77,fd=9)) ino:901099 sk:5",
            "\tver:0 cpy_thresh:0 flags( running ) skmem:(r0,rb8388608,t0,tb8388608,f0,w0,o0,bl0,d99)");

    @Test
    public void theHxBuildsProtocolZeroSocketsDoNotCount() {
        Map<Long, Long> drops = RealPofSwitch.socketDrops(HX_SOCKETS, 383, "swp1");
        assertEquals(Map.of(901010L, 37L), drops);
        assertEquals(37, RealPofSwitch.dataPathDrops(Map.of(901010L, 0L), drops));
    }

    @Test
    public void stockSocketsStillCountAndTheSmallestIncreaseIsTheReadOne() {
        String stock = String.join("\n",
                "p_raw 213381 0                  *:swp1               *     users:((\"pofswitch\",pid=9,fd=3)) ino:5 sk:1",
                "\tver:0 cpy_thresh:0 flags( running ) skmem:(r213381,rb212992,t0,tb212992,f0,w0,o0,bl0,d414423)",
                "p_raw 0      0                  *:swp1               *     users:((\"pofswitch\",pid=9,fd=10)) ino:6 sk:2",
                "\tver:0 cpy_thresh:0 flags( running ) skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d64)");
        Map<Long, Long> drops = RealPofSwitch.socketDrops(stock, 9, "swp1");
        assertEquals(Map.of(5L, 414423L, 6L, 64L), drops);
        assertEquals(64, RealPofSwitch.dataPathDrops(Map.of(5L, 0L, 6L, 0L), drops));
    }
}
