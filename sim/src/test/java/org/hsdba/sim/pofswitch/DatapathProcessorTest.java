package org.hsdba.sim.pofswitch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pofswitch.bench.BinaryTreeSetup;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.Oracle;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.link.FifoLink;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.FieldWrite;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;
import org.junit.Test;

/**
 * The harness driving the reference POF switch: a 2-level, fan-out-2 tree programmed with the
 * switch's hand-written HSDBA level program (the compiler will replace it), equal weights, C = 1
 * Gb/s. The nodes of level l are chosen by packet byte 14 + l.
 */
public class DatapathProcessorTest {

    private static final double[] DEMAND_BPS = {100e6, 200e6, 400e6, 400e6};

    private static String nodeName(int level, int index) {
        return level == 0 ? "n" + index : "n" + index / 2 + "." + index % 2;
    }

    @Test
    public void theSwitchProgramEnforcesTheExactAllocationInSimulatedTime() throws Exception {
        BinaryTreeSetup setup = new BinaryTreeSetup(2, 2, 125_000_000L, 2_000_000);
        Datapath dp = new Datapath(DatapathConfig.builder().rngSeed(7).build());
        dp.enableAllPorts();
        setup.install(dp, 2, 20);

        NodeTree.Builder tb = NodeTree.builder("port");
        for (int i = 0; i < 2; i++) {
            tb.add(nodeName(0, i), "port", 1);
        }
        for (int i = 0; i < 4; i++) {
            tb.add(nodeName(1, i), nodeName(0, i / 2), 1);
        }
        NodeTree tree = tb.build();
        List<TrafficSource> sources = new ArrayList<>();
        List<List<FieldWrite>> fields = new ArrayList<>();
        for (int leaf = 0; leaf < 4; leaf++) {
            sources.add(new TrafficSource("s" + leaf, nodeName(1, leaf), DEMAND_BPS[leaf], PacketSizes.fixed(1000),
                    ArrivalProcess.poisson(PacketSizes.fixed(1000)), List.of(ActiveInterval.seconds(0, 0.6))));
            fields.add(List.of(FieldWrite.exact(14 * 8, 8, new byte[] {(byte) (leaf / 2)}),
                    FieldWrite.exact(15 * 8, 8, new byte[] {(byte) leaf})));
        }
        Oracle oracle = demands -> {
            double[] d = new double[4];
            for (int leaf = 0; leaf < 4; leaf++) {
                d[leaf] = demands.getOrDefault(nodeName(1, leaf), 0.0) / 8;
            }
            double[] x = setup.oracle(d);
            Map<String, Double> out = new HashMap<>();
            double total = 0;
            for (int leaf = 0; leaf < 4; leaf++) {
                out.put(nodeName(1, leaf), x[leaf] * 8);
                out.merge(nodeName(0, leaf / 2), x[leaf] * 8, Double::sum);
                total += x[leaf] * 8;
            }
            out.put("port", total);
            return out;
        };
        DatapathProcessor processor = new DatapathProcessor(dp, 2, e -> {
            int level = e.tableId() == BinaryTreeSetup.tableOf(0) ? 0 : 1;
            return nodeName(level, (int) e.index());
        });
        RunResult r = Simulation.builder().sources(sources).fields(fields).tree(tree).processor(processor)
                .link(new FifoLink(1e9, 1_250_000)).oracle(oracle).inPort(1).outPort(2).durationSeconds(0.6)
                .seed(11).build().run();

        assertEquals(0, r.misattributedPackets());
        assertEquals(0, processor.errors());
        RunSummary s = RunSummary.of(r, 200_000_000L);
        // Equal weights, demands 100/200/400/400 Mb/s in 1 Gb/s: 100, 200, 350, 350.
        double[] expected = {100e6, 200e6, 350e6, 350e6};
        for (int leaf = 0; leaf < 4; leaf++) {
            String id = nodeName(1, leaf);
            assertEquals(id + " oracle", expected[leaf], s.stat(0, id).oracleBps(), 1);
            assertEquals(id + " measured", expected[leaf], s.stat(0, id).measuredBps(), expected[leaf] * 0.05);
        }
        assertTrue("drops happened in the switch, not the queue",
                r.dropPps(3, tree.indexOf("n1.0")) > 0 && r.queueDropPps(3, 0) == 0);
    }
}
