package org.hsdba.sim.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.Oracle;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;

/** Test fixtures: a one-level tree "port" -> leaves, sources, and a flat weighted max-min oracle. */
public final class Flat {

    private Flat() {
    }

    /** Leaves "l0".."l{n-1}" under "port" with the given weights. */
    public static NodeTree tree(double... weights) {
        NodeTree.Builder b = NodeTree.builder("port");
        for (int i = 0; i < weights.length; i++) {
            b.add("l" + i, "port", weights[i]);
        }
        return b.build();
    }

    public static TrafficSource poisson(int leaf, double rateBps, int bytes, double from, double to) {
        return new TrafficSource("s" + leaf, "l" + leaf, rateBps, PacketSizes.fixed(bytes),
                ArrivalProcess.poisson(PacketSizes.fixed(bytes)), List.of(ActiveInterval.seconds(from, to)));
    }

    /** Strictly periodic (no jitter, random phase only): packet counts and bin rates are exact. */
    public static TrafficSource strictCbr(int leaf, double rateBps, int bytes, double from, double to) {
        return new TrafficSource("s" + leaf, "l" + leaf, rateBps, PacketSizes.fixed(bytes), ArrivalProcess.cbr(0),
                List.of(ActiveInterval.seconds(from, to)));
    }

    public static TrafficSource cbr(int leaf, double rateBps, int bytes, double from, double to) {
        return new TrafficSource("s" + leaf, "l" + leaf, rateBps, PacketSizes.fixed(bytes), ArrivalProcess.cbr(),
                List.of(ActiveInterval.seconds(from, to)));
    }

    /**
     * Weighted max-min over one level with capacity {@code bps} (test double of the exact
     * allocator): repeatedly give every unsatisfied leaf its weighted share, fix those whose
     * demand is below it.
     */
    public static Oracle oracle(NodeTree tree, double bps) {
        return demands -> {
            Map<String, Double> alloc = new HashMap<>();
            List<Integer> open = new ArrayList<>();
            for (int n = 1; n < tree.size(); n++) {
                double d = demands.getOrDefault(tree.id(n), 0.0);
                alloc.put(tree.id(n), d);
                if (d > 0) {
                    open.add(n);
                }
            }
            double left = bps;
            boolean changed = true;
            while (changed && !open.isEmpty()) {
                changed = false;
                double weights = 0;
                for (int n : open) {
                    weights += tree.weight(n);
                }
                for (int n : new ArrayList<>(open)) {
                    double share = left * tree.weight(n) / weights;
                    if (demands.get(tree.id(n)) <= share) {
                        open.remove(Integer.valueOf(n));
                        changed = true;
                    }
                }
                if (changed) {
                    left = bps;
                    for (int n = 1; n < tree.size(); n++) {
                        if (!open.contains(n)) {
                            left -= alloc.get(tree.id(n));
                        }
                    }
                }
            }
            double weights = 0;
            for (int n : open) {
                weights += tree.weight(n);
            }
            for (int n : open) {
                alloc.put(tree.id(n), left * tree.weight(n) / weights);
            }
            double total = 0;
            for (double v : alloc.values()) {
                total += v;
            }
            alloc.put("port", total);
            return alloc;
        };
    }
}
