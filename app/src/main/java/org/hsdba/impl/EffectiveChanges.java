package org.hsdba.impl;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.alloc.Allocation;
import org.hsdba.api.NodeChange;
import org.hsdba.model.BandwidthTree;

/**
 * Which nodes an edit moves: every node whose effective guarantee, target or effective limit
 * differs between the allocations before and after (relative tolerance 1e-9), and every node
 * added or removed, in the order of the tree after the edit, then the removed ones. Templates are
 * left out (they are not installed). A pure function.
 */
final class EffectiveChanges {

    private static final double TOLERANCE = 1e-9;

    private EffectiveChanges() {
    }

    static List<NodeChange> between(Allocation before, Allocation after) {
        BandwidthTree a = after.tree();
        BandwidthTree b = before.tree();
        List<NodeChange> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            if (a.node(i).isTemplate()) {
                continue;
            }
            int j = b.indexOf(a.node(i).id());
            double gb = j < 0 ? Double.NaN : before.resolved().guarantee(j);
            double tb = j < 0 ? Double.NaN : before.allocation(j);
            double lb = j < 0 ? Double.NaN : before.effectiveLimit(j);
            double ga = after.resolved().guarantee(i);
            double ta = after.allocation(i);
            double la = after.effectiveLimit(i);
            if (j < 0 || differ(gb, ga) || differ(tb, ta) || differ(lb, la)) {
                out.add(new NodeChange(a.node(i).id(), gb, ga, tb, ta, lb, la));
            }
        }
        for (int j = 0; j < b.size(); j++) {
            if (!b.node(j).isTemplate() && !a.contains(b.node(j).id())) {
                out.add(new NodeChange(b.node(j).id(), before.resolved().guarantee(j), Double.NaN, before.allocation(j),
                        Double.NaN, before.effectiveLimit(j), Double.NaN));
            }
        }
        return out;
    }

    private static boolean differ(double x, double y) {
        if (x == y) {
            return false; // also both +Infinity
        }
        return Math.abs(x - y) > TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
    }
}
