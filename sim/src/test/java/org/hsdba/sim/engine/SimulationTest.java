package org.hsdba.sim.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import org.hsdba.sim.baseline.ForwardAll;
import org.hsdba.sim.link.FifoLink;
import org.hsdba.sim.testing.Flat;
import org.hsdba.sim.traffic.FieldWrite;
import org.junit.Test;

public class SimulationTest {

    private static final double GBPS = 1e9;

    @Test
    public void measuresOfferedAndDeliveredRatesPerBinAndRollsLeavesUp() {
        NodeTree tree = Flat.tree(1, 1);
        RunResult r = Simulation.builder()
                .sources(List.of(Flat.strictCbr(0, 2 * GBPS, 1000, 0, 1), Flat.strictCbr(1, 1 * GBPS, 1000, 0, 1)))
                .tree(tree).processor(new ForwardAll(2)).link(new FifoLink(10 * GBPS, 1_000_000))
                .durationSeconds(1).build().run();
        assertEquals(10, r.bins());
        for (int b = 1; b < 10; b++) {
            assertEquals(2 * GBPS, r.offeredBps(b, 1), 1e-3 * GBPS);
            assertEquals(2 * GBPS, r.measuredBps(b, 1), 1e-3 * GBPS);
            assertEquals(3 * GBPS, r.measuredBps(b, 0), 2e-3 * GBPS);
            assertEquals(0, r.dropBps(b, 0), 0);
            assertTrue(Double.isNaN(r.oracleBps(b, 0)));
        }
        // Under load 0.3 a packet waits at most one other packet: latency <= 2 x 0.8 us.
        LatencySummary all = r.latency(0);
        assertEquals(r.packets(), all.count());
        assertTrue(all.maxNs() <= 1600);
        assertEquals(800, all.minNs());
    }

    @Test
    public void oracleIsTimeWeightedOverPhasesWithinABin() {
        NodeTree tree = Flat.tree(1, 1);
        RunResult r = Simulation.builder()
                .sources(List.of(Flat.strictCbr(0, 8e6, 1000, 0, 0.35), Flat.strictCbr(1, 8e6, 1000, 0.15, 0.4)))
                .tree(tree).processor(new ForwardAll(2)).link(new FifoLink(10e6, 100_000))
                .oracle(Flat.oracle(tree, 10e6)).durationSeconds(0.4).build().run();
        // Phases: [0, .15) s0 alone, [.15, .35) both, [.35, .4) s1 alone.
        assertEquals(3, r.phases().size());
        assertEquals(List.of("s0", "s1"), r.phases().get(1).activeSources());
        assertEquals(8e6, r.phases().get(0).oracleBps("l0"), 1e-6);
        assertEquals(5e6, r.phases().get(1).oracleBps("l0"), 1e-6);
        // Bin 1 = [.1, .2): half at 8 Mb/s, half at 5 Mb/s.
        assertEquals(6.5e6, r.oracleBps(1, 1), 1e-6);
        // Bin 3 = [.3, .4): l0 shares (5 Mb/s) until .35, then stops; l1 then has 8 Mb/s alone.
        assertEquals(2.5e6, r.oracleBps(3, 1), 1e-6);
        assertEquals(6.5e6, r.oracleBps(3, 2), 1e-6);
        assertEquals(Map.of("l0", 8e6), r.phases().get(0).leafDemandsBps());
    }

    @Test
    public void processorDropsCountAsPolicedAndWrongNodesAsMisattributed() {
        NodeTree tree = Flat.tree(1, 1);
        PacketProcessor everyOther = new PacketProcessor() {
            private int n;

            @Override
            public Verdict process(byte[] frame, int inPort, long tNs) {
                // Decides "l1" for everything: wrong for the packets of l0.
                return n++ % 2 == 0 ? Verdict.forward(2, "l1") : Verdict.drop("l1", "policed");
            }
        };
        RunResult r = Simulation.builder().sources(List.of(Flat.strictCbr(0, 8e6, 1000, 0, 1)))
                .tree(tree).processor(everyOther).link(new FifoLink(100e6, 100_000))
                .durationSeconds(1).build().run();
        assertEquals(1000, r.packets());
        assertEquals(1000, r.misattributedPackets());
        for (int b = 0; b < r.bins(); b++) {
            assertEquals(4e6, r.measuredBps(b, 1), 0.01e6);
            assertEquals(4e6, r.dropBps(b, 1), 0.01e6);
            assertEquals(500, r.dropPps(b, 1), 1e-9);
            assertEquals(0, r.queueDropPps(b, 1), 0);
        }
    }

    @Test
    public void framesCarryTheSourcesMatchFieldsAndStatesAreSampledPerBin() {
        NodeTree tree = Flat.tree(1);
        FieldWrite dst = FieldWrite.exact(240, 32, new byte[] {10, 0, 0, 9});
        PacketProcessor check = (frame, inPort, tNs) -> {
            assertEquals(9, frame[33]);
            assertEquals(7, inPort);
            return Verdict.forward(2, "l0");
        };
        RunResult r = Simulation.builder().sources(List.of(Flat.strictCbr(0, 8e6, 1000, 0, 0.3)))
                .fields(List.of(List.of(dst))).inPort(7).tree(tree).processor(check)
                .link(new FifoLink(100e6, 100_000)).stateProbe(id -> id.equals("l0") ? "S" : null)
                .durationSeconds(0.3).build().run();
        assertEquals(0, r.misattributedPackets());
        for (int b = 0; b < 3; b++) {
            assertEquals("S", r.state(b, 1));
            assertNull(r.state(b, 0));
        }
    }

    @Test
    public void packetsToAnotherPortAreNotDelivered() {
        NodeTree tree = Flat.tree(1);
        RunResult r = Simulation.builder().sources(List.of(Flat.strictCbr(0, 8e6, 1000, 0, 0.1)))
                .tree(tree).processor(new ForwardAll(5)).outPort(2).link(new FifoLink(100e6, 100_000))
                .durationSeconds(0.1).build().run();
        assertEquals(100, r.otherPortPackets());
        assertEquals(0, r.measuredBps(0, 0), 0);
    }

    @Test(expected = IllegalArgumentException.class)
    public void aSourceIntoAnUnknownNodeIsRejected() {
        Simulation.builder().sources(List.of(Flat.strictCbr(3, 8e6, 1000, 0, 0.1))).tree(Flat.tree(1))
                .processor(new ForwardAll(2)).link(new FifoLink(100e6, 100_000)).durationSeconds(0.1).build().run();
    }
}
