package org.hsdba.sim.baseline;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.testing.Flat;
import org.hsdba.sim.traffic.TrafficSource;
import org.junit.Test;

public class DwrrLinkTest {

    private static RunResult run(NodeTree tree, List<TrafficSource> sources, double capacity) {
        return Simulation.builder().sources(sources).tree(tree).processor(new ForwardAll(2))
                .link(DwrrLink.forLeaves(tree, capacity, 200_000, 1500))
                .oracle(Flat.oracle(tree, capacity)).durationSeconds(2).seed(5).build().run();
    }

    @Test
    public void backloggedQueuesShareTheLinkInProportionToWeight() {
        NodeTree tree = Flat.tree(1, 1, 2);
        RunResult r = run(tree, List.of(Flat.cbr(0, 100e6, 1000, 0, 2), Flat.cbr(1, 100e6, 1000, 0, 2),
                Flat.cbr(2, 100e6, 1000, 0, 2)), 100e6);
        RunSummary s = RunSummary.of(r, 500_000_000L);
        assertEquals(25e6, s.stat(0, "l0").measuredBps(), 25e6 * 0.03);
        assertEquals(25e6, s.stat(0, "l1").measuredBps(), 25e6 * 0.03);
        assertEquals(50e6, s.stat(0, "l2").measuredBps(), 50e6 * 0.03);
        assertEquals(100e6, s.stat(0, "port").measuredBps(), 100e6 * 0.01);
    }

    @Test
    public void aQueueBelowItsShareGetsItsDemandAndTheRestGoesToTheOthers() {
        NodeTree tree = Flat.tree(1, 1);
        RunResult r = run(tree, List.of(Flat.poisson(0, 10e6, 500, 0, 2), Flat.poisson(1, 200e6, 1500, 0, 2)),
                100e6);
        RunSummary s = RunSummary.of(r, 500_000_000L);
        assertEquals(10e6, s.stat(0, "l0").measuredBps(), 10e6 * 0.05);
        assertEquals(90e6, s.stat(0, "l1").measuredBps(), 90e6 * 0.03);
        assertEquals(0.0, Math.abs(s.stat(0, "l0").relativeError()), 0.05);
    }

    @Test
    public void quantaAreProportionalToWeight() {
        DwrrLink link = new DwrrLink(1e9, 10_000, 10_000, new double[] {2, 1, 4}, 1500);
        assertEquals(3000, link.quantum(0));
        assertEquals(1500, link.quantum(1));
        assertEquals(6000, link.quantum(2));
    }

    @Test
    public void leafQuantaFollowEffectiveWeightsThroughTheTree() {
        // A (w 1) = {a1, a2}, B (w 2) = {b1}: shares a1 1/6, a2 1/6, b1 2/3.
        NodeTree tree = NodeTree.builder("port").add("A", "port", 1).add("B", "port", 2)
                .add("a1", "A", 1).add("a2", "A", 1).add("b1", "B", 5).build();
        DwrrLink link = DwrrLink.forLeaves(tree, 1e9, 30_000, 1500);
        assertEquals(1500, link.quantum(tree.indexOf("a1")));
        assertEquals(1500, link.quantum(tree.indexOf("a2")));
        assertEquals(6000, link.quantum(tree.indexOf("b1")));
    }
}
