package org.hsdba.lab.traffic;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;

/**
 * Multiplies every rate of a tree by a factor (capacity, guarantees, peaks, templates and level
 * join templates), leaving weights, keys and times alone: the same scenario at another line rate,
 * with the same allocation shape, played on the same timeline. Pure.
 */
public final class RateScaling {

    private RateScaling() {
    }

    /** The tree with every rate times {@code factor} (> 0); unlimited stays unlimited. */
    public static BandwidthTree scale(BandwidthTree tree, double factor) {
        checkFactor(factor);
        if (factor == 1.0) {
            return tree;
        }
        List<LevelSpec> levels = new ArrayList<>();
        for (LevelSpec l : tree.levels()) {
            levels.add(l.join().isPresent() ? LevelSpec.of(l.name(), l.field(), scale(l.join().get(), factor))
                    : l);
        }
        List<NodeSpec> nodes = new ArrayList<>();
        for (NodeSpec n : tree.nodes()) {
            NodeSpec.Builder b = n.toBuilder().peak(scale(n.peak(), factor));
            n.guaranteed().ifPresent(g -> b.guaranteed(scale(g, factor)));
            nodes.add(b.build());
        }
        return tree.toBuilder().capacity(scale(tree.capacity(), factor)).levels(levels).nodes(nodes).build();
    }

    static JoinTemplate scale(JoinTemplate t, double factor) {
        JoinTemplate.Builder b = JoinTemplate.builder().peak(scale(t.peak(), factor))
                .weight(t.weight().isPresent() ? t.weight().getAsDouble() : null)
                .idleTimeout(t.idleTimeout().orElse(null)).lifetime(t.lifetime().orElse(null));
        t.guaranteed().ifPresent(g -> b.guaranteed(scale(g, factor)));
        return b.build();
    }

    /** {@code rate} times {@code factor}, rounded to a whole bit/s; unlimited stays unlimited. */
    public static Rate scale(Rate rate, double factor) {
        checkFactor(factor);
        if (rate.isUnlimited()) {
            return rate;
        }
        return Rate.ofBps(Math.round(rate.asDouble() * factor));
    }

    static void checkFactor(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("rate scale must be a number > 0, got " + factor);
        }
    }
}
