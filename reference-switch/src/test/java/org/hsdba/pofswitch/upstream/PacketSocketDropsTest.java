package org.hsdba.pofswitch.upstream;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.hsdba.pofswitch.ports.RawSocket;
import org.junit.Assume;
import org.junit.Test;

public class PacketSocketDropsTest {
    /** Two lines per socket, as {@code ss -0 -m -p -e -n} prints into a pipe: the hx build's sockets on one port. */
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

    /** One line per socket (a terminal's layout), stock POFSwitch after a hosts run (2026-11-28 03:15 UTC, inodes added). */
    private static final String STOCK_SOCKETS = String.join("\n",
            "Netid Recv-Q Send-Q Local Address:Port Peer Address:PortProcess",
            "p_raw 213381 0 *:hs14070p1 * users:((\"pofswitch\",pid=14192,fd=3)) ino:11 sk:1 skmem:(r213381,rb212992,t0,tb212992,f0,w0,o0,bl0,d414423) ",
            "p_raw 213186 0 *:* * users:((\"pofswitch\",pid=14192,fd=4)) ino:12 sk:2 skmem:(r213186,rb212992,t0,tb212992,f0,w0,o0,bl0,d1465167) ",
            "p_raw 214720 0 *:hs14070p2 * users:((\"pofswitch\",pid=14192,fd=5)) ino:13 sk:3 skmem:(r214720,rb212992,t0,tb212992,f0,w0,o0,bl0,d302596) ",
            "p_raw 0 0 *:hs14070p1 * users:((\"pofswitch\",pid=14192,fd=10)) ino:14 sk:4 skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d64) ",
            "p_raw 0 0 *:hs14070p2 * users:((\"pofswitch\",pid=14192,fd=11)) ino:15 sk:5 skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d0) ",
            "p_raw 0 0 *:hs14070p10 * users:((\"pofswitch\",pid=14192,fd=14)) ino:16 sk:6 skmem:(r0,rb212992,t0,tb212992,f0,w0,o0,bl0,d999) ",
            "p_raw 0 0 *:hs14070p1 * users:((\"java\",pid=4242,fd=40)) ino:17 sk:7 skmem:(r0,rb8388608,t0,tb8388608,f0,w0,o0,bl0,d777) ");

    @Test
    public void theHxBuildsProtocolZeroSocketsDoNotCount() {
        Map<Long, Long> drops = PacketSocketDrops.of(HX_SOCKETS, 383, "swp1");
        assertEquals(Map.of(901010L, 37L), drops);
        assertEquals(37, PacketSocketDrops.dataPathDrops(Map.of(901010L, 0L), drops));
        assertEquals(37, PacketSocketDrops.dataPathDrops(drops));
    }

    @Test
    public void ofStockSocketsTheReadOneIsTheOneThatDroppedLeast() {
        Map<Long, Long> p1 = PacketSocketDrops.of(STOCK_SOCKETS, 14192, "hs14070p1");
        assertEquals(Map.of(11L, 414423L, 14L, 64L), p1);
        assertEquals(64, PacketSocketDrops.dataPathDrops(p1));
        assertEquals(64, PacketSocketDrops.dataPathDrops(Map.of(11L, 0L, 14L, 0L), p1));
        assertEquals(0, PacketSocketDrops.dataPathDrops(PacketSocketDrops.of(STOCK_SOCKETS, 14192, "hs14070p2")));
    }

    @Test
    public void betweenTwoReadingsOnlySocketsInBothCount() {
        Map<Long, Long> after = PacketSocketDrops.of(STOCK_SOCKETS, 14192, "hs14070p1");
        assertEquals(414423 - 400000, PacketSocketDrops.dataPathDrops(Map.of(11L, 400000L), after));
        assertEquals(-1, PacketSocketDrops.dataPathDrops(Map.of(99L, 0L), after));
    }

    @Test
    public void takesOnlyThatProcessAndThatInterface() {
        assertEquals(Map.of(), PacketSocketDrops.of(STOCK_SOCKETS, 99, "hs14070p1"));
        assertEquals(Map.of(), PacketSocketDrops.of(STOCK_SOCKETS, 14192, "hs14070p3"));
        assertEquals(Map.of(), PacketSocketDrops.of("", 14192, "hs14070p1"));
        assertEquals(-1, PacketSocketDrops.dataPathDrops(Map.of()));
    }

    /** The real {@code ss}' output for a packet socket of this JVM on lo: one socket, read by its inode. */
    @Test
    public void readsTheRealSsOutput() throws Exception {
        RawSocket socket;
        try {
            socket = RawSocket.open("lo");
        } catch (IOException e) {
            Assume.assumeTrue("SKIPPED (needs root): " + e.getMessage(), false);
            return;
        }
        try (socket) {
            Process ss;
            try {
                ss = new ProcessBuilder(PacketSocketDrops.command()).redirectErrorStream(true).start();
            } catch (IOException e) {
                Assume.assumeTrue("SKIPPED (no ss): " + e.getMessage(), false);
                return;
            }
            String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, ss.waitFor());
            Map<Long, Long> drops = PacketSocketDrops.of(out, ProcessHandle.current().pid(), "lo");
            assertEquals(out, 1, drops.size());
            assertEquals(drops.toString(), 0, PacketSocketDrops.dataPathDrops(drops, drops));
        }
    }
}
