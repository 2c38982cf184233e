package org.hsdba.pofswitch.ports;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.bench.BinaryTreeSetup;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The reference switch on real Linux interfaces: two veth pairs, the switch's ports 1 and 2 on one
 * end of each, raw sockets of the test on the other ends. Frames of random sizes and contents go in
 * at port 1's wire and must come out of port 2's wire unchanged and in order (stock program), or
 * be forwarded and dropped by the HSDBA program as its rates say (in-switch). Skips without root.
 */
public class RealPortsTest {
    private static final int ETHER = 0x88B5;
    private static Veth veth;
    private static String[] p1;
    private static String[] p2;

    @BeforeClass
    public static void links() throws Exception {
        String why = Veth.unavailable();
        Assume.assumeTrue("SKIPPED real ports: " + why, why == null);
        veth = new Veth();
        p1 = veth.pair("a");
        p2 = veth.pair("b");
    }

    @AfterClass
    public static void removeLinks() {
        if (veth != null) {
            veth.close();
        }
    }

    private static ReferenceSwitch switchOnLinks(boolean extension) throws Exception {
        DatapathConfig dc = DatapathConfig.builder().extensionEnabled(extension)
                .ports(List.of(RealPorts.portConfig(1, p1[0]), RealPorts.portConfig(2, p2[0]))).build();
        // No controller in this test: the program is installed directly.
        ReferenceSwitch sw = new ReferenceSwitch(dc, ControlConfig.builder().build());
        sw.datapath().enableAllPorts();
        return sw;
    }

    @Test
    public void stockProgramForwardsRandomFramesUnchangedAndInOrder() throws Exception {
        ReferenceSwitch sw = switchOnLinks(false);
        sw.datapath().tableMod(TableMod.builder().xid(1).command(0).table(0, 0).size(10).keyLengthBits(16)
                .name("ether").match(Match.of(0, 96, 16)).build());
        sw.datapath().flowMod(FlowMod.builder().xid(2).command(0).table(0, 0).index(0).priority(1)
                .match(MatchX.exact(Match.of(0, 96, 16), ETHER)).instruction(ApplyActions.of(OutputAction.toPort(2)))
                .build());
        Random rnd = new Random();
        List<byte[]> sent = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            byte[] f = new byte[60 + rnd.nextInt(RealPorts.MAX_FRAME - 60 + 1)];
            rnd.nextBytes(f);
            f[0] = 0x02; // a unicast destination: no multicast filtering on the way
            f[12] = (byte) (ETHER >> 8);
            f[13] = (byte) ETHER;
            sent.add(f);
        }
        List<byte[]> got = new ArrayList<>();
        try (RawSocket in = RawSocket.open(p1[1]); RawSocket out = RawSocket.open(p2[1]);
                RealPorts ports = RealPorts.attach(sw, Map.of(1, p1[0], 2, p2[0]), m -> { })) {
            byte[] other = new byte[60];
            other[0] = 0x02;
            other[13] = 0x01; // ether type 0x0001: matches no entry, must not come out
            assertTrue(in.send(other, other.length));
            for (byte[] f : sent) {
                assertTrue(in.send(f, f.length));
                if (got.size() < sent.size()) {
                    drain(out, got, sent.size(), 0);
                }
            }
            drain(out, got, sent.size(), 2000);
            PortStats s1 = stats(ports, 1);
            PortStats s2 = stats(ports, 2);
            assertEquals(s1.toString(), sent.size() + 1, s1.rxFrames());
            assertEquals(s1.toString(), 1, s1.rxNotForwarded());
            assertEquals(s2.toString(), sent.size(), s2.txFrames());
        }
        assertEquals("frames out of port 2", sent.size(), got.size());
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals("frame " + i, sent.get(i), got.get(i));
        }
    }

    private static PortStats stats(RealPorts ports, int port) {
        return ports.stats().stream().filter(s -> s.port() == port).findFirst().orElseThrow();
    }

    /** Receives until {@code want} frames of our ether type are in {@code got} or {@code waitMs} passed. */
    private static void drain(RawSocket s, List<byte[]> got, int want, long waitMs) throws Exception {
        byte[] buf = new byte[2048];
        long end = System.currentTimeMillis() + waitMs;
        do {
            int n = s.receive(buf);
            if (n > 0 && (buf[12] & 0xff) == (ETHER >> 8) && (buf[13] & 0xff) == (ETHER & 0xff)) {
                got.add(java.util.Arrays.copyOf(buf, n));
            } else if (n == 0 && waitMs == 0) {
                return;
            }
        } while (got.size() < want && System.currentTimeMillis() < end);
    }

    @Test
    public void inSwitchProgramPassesTheAllocationOfTwoLeaves() throws Exception {
        ReferenceSwitch sw = switchOnLinks(true);
        long capacity = 1_000_000; // bytes/s; the two leaves offer 2x and 0.25x of it
        BinaryTreeSetup tree = new BinaryTreeSetup(1, 2, capacity, 10_000_000L);
        tree.install(sw.datapath(), 2, 0);
        try (RawSocket in = RawSocket.open(p1[1]); RawSocket out = RawSocket.open(p2[1]);
                RealPorts ports = RealPorts.attach(sw, Map.of(1, p1[0], 2, p2[0]), m -> { })) {
            int size = 1000;
            long[] outBytes = new long[2];
            Thread counter = new Thread(() -> {
                byte[] buf = new byte[2048];
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        int n = out.receive(buf);
                        if (n > 0 && (buf[12] & 0xff) == 0x88) {
                            synchronized (outBytes) {
                                outBytes[buf[14] & 1] += n;
                            }
                        }
                    }
                } catch (java.io.IOException e) {
                    // socket closed at the end
                }
            });
            counter.start();
            // 2 s: leaf 0 offers 2,000,000 B/s, leaf 1 250,000 B/s (paced every 1 ms). A sender
            // the scheduler delayed skips the slots it missed rather than sending them in a burst:
            // a burst is a different offered load (leaf 1 briefly above its share), not the one
            // this test judges. What leaf 1 really offered after warm-up is its exact allocation.
            long start = System.nanoTime();
            long seconds = 2;
            long warm = start + 500_000_000L;
            long[] atWarm = null;
            long leaf0Offered = 0;
            long leaf1Offered = 0;
            long skipped = 0;
            for (long ms = 0; ms < seconds * 1000; ms++) {
                long due = start + ms * 1_000_000L;
                long now;
                while ((now = System.nanoTime()) < due) {
                    Thread.onSpinWait();
                }
                if (now - due > 1_000_000L) {
                    skipped++;
                    continue;
                }
                if (atWarm == null && now >= warm) {
                    synchronized (outBytes) {
                        atWarm = outBytes.clone();
                    }
                }
                for (int k = 0; k < 2; k++) {
                    in.send(tree.frameFor(0, size), size);
                    if (atWarm != null) {
                        leaf0Offered += size;
                    }
                }
                if (ms % 4 == 0) {
                    in.send(tree.frameFor(1, size), size);
                    if (atWarm != null) {
                        leaf1Offered += size;
                    }
                }
            }
            long elapsed = System.nanoTime() - warm;
            Thread.sleep(200);
            counter.interrupt();
            counter.join(2000);
            double secs = elapsed / 1e9;
            double leaf0;
            double leaf1;
            synchronized (outBytes) {
                leaf0 = (outBytes[0] - atWarm[0]) / secs;
                leaf1 = (outBytes[1] - atWarm[1]) / secs;
            }
            double leaf1Exact = leaf1Offered / secs;
            double leaf0Exact = Math.min(leaf0Offered / secs, capacity - leaf1Exact);
            String figures = String.format("leaf 0 %.0f B/s (exact %.0f), leaf 1 %.0f B/s (exact %.0f:"
                    + " what it offered); %d of 2000 sending slots skipped (late); %s",
                    leaf0, leaf0Exact, leaf1, leaf1Exact, skipped, ports.stats());
            // The exact allocation: leaf 1 (under its share) gets its demand, leaf 0 the rest of the
            // capacity. What the real ports must show: the program's decisions reach the wire (the
            // under-share leaf passes whole, the link is capped, nobody is starved); the precision of
            // the algorithm itself is HsdbaLevelProgramTest's (a loaded machine paces this sender
            // unevenly, which moves leaf 0 by about 10 % on a 1.5 s window).
            System.out.println("RealPortsTest in-switch: " + figures);
            assertEquals(figures, leaf1Exact, leaf1, 0.1 * leaf1Exact);
            assertTrue(figures, leaf0 + leaf1 <= 1.1 * capacity);
            assertTrue(figures, leaf0 >= 0.6 * leaf0Exact);
        }
    }
}
