package org.hsdba.lab.hosts;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.hsdba.lab.traffic.LabScenario;
import org.junit.Assume;
import org.junit.Test;

/**
 * The way back of a host network with added round-trip times: which frames the delay line holds
 * and for how long (pure), and the wiring through the root namespace (root; skips otherwise).
 */
public class HostNetworkTest {

    /** An Ethernet/IPv4 frame of {@code proto} from source port {@code sport}, IPv4 header of {@code ihlWords} words. */
    private static byte[] frame(int proto, int sport, int ihlWords) {
        byte[] f = new byte[14 + ihlWords * 4 + 20];
        f[12] = 0x08;
        f[14] = (byte) (0x40 | ihlWords);
        f[14 + 9] = (byte) proto;
        f[14 + ihlWords * 4] = (byte) (sport >> 8);
        f[14 + ihlWords * 4 + 1] = (byte) sport;
        return f;
    }

    @Test
    public void theDelayLineHoldsAFlowsFramesByItsServerPort() {
        Map<Integer, Long> delays = Map.of(5201, 3_000_000L, 5202, 7_000_000L);
        assertEquals(3_000_000L, DelayLine.delayOf(frame(6, 5201, 5), 54, delays));
        assertEquals(7_000_000L, DelayLine.delayOf(frame(17, 5202, 5), 54, delays));
        assertEquals(7_000_000L, DelayLine.delayOf(frame(6, 5202, 6), 58, delays)); // IPv4 options
        assertEquals(0L, DelayLine.delayOf(frame(6, 5203, 5), 54, delays)); // not a flow's port
        assertEquals(0L, DelayLine.delayOf(frame(1, 5201, 5), 54, delays)); // ICMP
        byte[] arp = frame(6, 5201, 5);
        arp[13] = 0x06;
        assertEquals(0L, DelayLine.delayOf(arp, 54, delays));
        assertEquals(0L, DelayLine.delayOf(frame(6, 5201, 5), 30, delays)); // truncated
    }

    @Test
    public void withAddedRoundTripTimesTheWayBackGoesThroughTheRootNamespaceAndIsRemoved() throws Exception {
        String why = HostsLab.unavailable();
        Assume.assumeTrue("SKIPPED host network: " + why, why == null);
        String json = HostsLabTest.scenario(1, 1, 5, 5, 6, "\"u2\"")
                .replaceFirst("\"loop\": false,", "\"loop\": false, \"rtt\": {\"u2\": \"7ms\"},");
        Path f = Files.createTempFile("host-network", ".json");
        Files.writeString(f, json);
        HostPlan plan = HostPlan.of(LabScenario.read(f), 1.0);
        String prefix;
        try (HostNetwork net = HostNetwork.create(plan, 2)) {
            prefix = net.receiverNamespace();
            assertTrue(net.delayedWayBack());
            String links = Shell.run("ip", "-o", "link");
            assertTrue(links, links.contains(net.wayBackIn() + "@") && links.contains(net.wayBackOut() + "@"));
            assertTrue(Shell.inNs(net.receiverNamespace(), "ip", "-o", "link").contains("ret0@"));
            assertTrue(Shell.inNs(net.senderNamespace(), "ip", "-o", "link").contains("ret0@"));
            try (DelayLine line = DelayLine.start(net.wayBackIn(), net.wayBackOut(), Map.of(5202, 7_000_000L), m -> { })) {
                assertTrue(line.stats().startsWith("way back: "));
            }
        }
        assertFalse(Shell.run("ip", "netns", "list").contains(prefix));
        assertFalse(Shell.run("ip", "-o", "link").contains("hs" + ProcessHandle.current().pid() % 100000 + "b"));
    }
}
