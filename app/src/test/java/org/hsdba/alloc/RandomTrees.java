package org.hsdba.alloc;

import static org.hsdba.model.TestTrees.node;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TestTrees;

/** Seeded random admissible trees for property tests and the benchmark. */
final class RandomTrees {

    private RandomTrees() {
    }

    /**
     * A random tree with up to {@code maxDepth} levels and fan-out 1..{@code maxFanOut}: weights
     * only (weighted mode) or fitting guarantees with independent weights (guarantee+excess),
     * some peak rates.
     */
    static BandwidthTree generate(SplittableRandom rnd, int maxDepth, int maxFanOut, AllocationMode mode) {
        int depth = 1 + rnd.nextInt(maxDepth);
        BandwidthTree.Builder b = TestTrees.tree(depth, "10G", 0.8 + 0.2 * rnd.nextDouble()).mode(mode);
        double rootBudget = 8e9;
        addChildren(b, rnd, null, 1, depth, maxFanOut, rootBudget, mode, new int[1]);
        return b.build();
    }

    private static void addChildren(BandwidthTree.Builder b, SplittableRandom rnd, String parent, int level, int depth,
                                    int maxFanOut, double guaranteeBudget, AllocationMode mode, int[] counter) {
        int fanOut = 1 + rnd.nextInt(maxFanOut);
        for (int k = 0; k < fanOut; k++) {
            String id = "n" + counter[0]++;
            NodeSpec.Builder n = node(id, parent, k).weight(1.0 + rnd.nextInt(4));
            double g = 0;
            if (mode == AllocationMode.GUARANTEE_EXCESS && rnd.nextBoolean()) {
                g = Math.floor(guaranteeBudget / fanOut * rnd.nextDouble());
                n.guaranteed(Rate.ofBps((long) g));
            }
            if (rnd.nextInt(4) == 0) {
                n.peak(Rate.ofBps((long) Math.max(g, 1e8 + rnd.nextDouble() * 5e9)));
            }
            b.addNode(n.build());
            if (level < depth && rnd.nextInt(5) != 0) {
                addChildren(b, rnd, id, level + 1, depth, maxFanOut, g, mode, counter);
            }
        }
    }

    /** Random leaf demands: 0 with probability 1/5, otherwise up to 3 Gb/s. */
    static double[] demands(SplittableRandom rnd, BandwidthTree t) {
        double[] d = new double[t.size()];
        for (int i = 0; i < t.size(); i++) {
            if (t.isLeaf(i) && rnd.nextInt(5) != 0) {
                d[i] = rnd.nextDouble() * 3e9;
            }
        }
        return d;
    }

    /** The same tree with every sibling group shuffled. */
    static BandwidthTree shuffled(SplittableRandom rnd, BandwidthTree t) {
        List<NodeSpec> nodes = new ArrayList<>(t.nodes());
        for (int i = nodes.size() - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            NodeSpec tmp = nodes.get(i);
            nodes.set(i, nodes.get(j));
            nodes.set(j, tmp);
        }
        return t.toBuilder().nodes(nodes).build();
    }
}
