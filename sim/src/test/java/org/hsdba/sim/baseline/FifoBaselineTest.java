package org.hsdba.sim.baseline;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.link.FifoLink;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.testing.Flat;
import org.junit.Test;

public class FifoBaselineTest {

    @Test
    public void tailDropFifoSharesByOfferedLoadAndStarvesTheSmallFlow() {
        // 100 Mb/s link, a 150 Mb/s flow and a 10 Mb/s flow (Poisson, so no phase locking).
        // Max-min would give the small flow all of its 10 Mb/s; a FIFO drops without looking at
        // flows, so each keeps the same fraction of its load: 10 * 100 / 160 = 6.25 Mb/s.
        NodeTree tree = Flat.tree(1, 1);
        RunResult r = Simulation.builder()
                .sources(List.of(Flat.poisson(0, 150e6, 1000, 0, 3), Flat.poisson(1, 10e6, 1000, 0, 3)))
                .tree(tree).processor(new ForwardAll(2)).link(new FifoLink(100e6, 64_000))
                .oracle(Flat.oracle(tree, 100e6)).durationSeconds(3).seed(3).build().run();
        RunSummary s = RunSummary.of(r, 500_000_000L);
        double small = s.stat(0, "l1").measuredBps();
        assertEquals(6.25e6, small, 6.25e6 * 0.08);
        assertEquals(10e6, s.stat(0, "l1").oracleBps(), 1);
        assertTrue("small flow below its fair share", s.stat(0, "l1").relativeError() < -0.25);
        assertEquals(100e6, s.stat(0, "port").measuredBps(), 100e6 * 0.01);
        // Every drop is a queue drop: the processor drops nothing.
        double queueDrops = 0;
        double drops = 0;
        for (int b = 0; b < r.bins(); b++) {
            queueDrops += r.queueDropPps(b, 0);
            drops += r.dropPps(b, 0);
        }
        assertTrue(queueDrops > 0);
        assertEquals(drops, queueDrops, 1e-9);
    }

    @Test
    public void equalCbrSourcesLoseEquallyBecauseJitterUnlocksTheirPhases() {
        // Six 30 Mb/s CBR sources into 100 Mb/s: a FIFO keeps 100/180 of each. Strictly periodic
        // sources would lock in phase and some would get nothing.
        NodeTree tree = Flat.tree(1, 1, 1, 1, 1, 1);
        List<org.hsdba.sim.traffic.TrafficSource> sources = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            sources.add(Flat.cbr(i, 30e6, 1024, 0, 3));
        }
        RunResult r = Simulation.builder().sources(sources).tree(tree).processor(new ForwardAll(2))
                .link(new FifoLink(100e6, 125_000)).oracle(Flat.oracle(tree, 100e6)).durationSeconds(3).build().run();
        RunSummary s = RunSummary.of(r, 1_000_000_000L);
        for (int i = 0; i < 6; i++) {
            assertEquals("l" + i, 100e6 / 6, s.stat(0, "l" + i).measuredBps(), 100e6 / 6 * 0.15);
        }
    }
}
