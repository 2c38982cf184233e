package org.hsdba.alloc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.SplittableRandom;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.junit.Test;

/** Seeded properties of the exact allocator on random trees of both modes. */
public class AllocatorPropertyTest {

    private static final int TREES = 300;
    private static final long SEED = 20240611L;
    /** Absolute tolerance in bits/s for rates up to 10 Gb/s. */
    private static final double EPS = 1.0;

    private interface Property {
        void check(ResolvedTree r, double[] demand, SplittableRandom rnd, String label);
    }

    private static void forRandomTrees(Property p) {
        SplittableRandom rnd = new SplittableRandom(SEED);
        for (int k = 0; k < TREES; k++) {
            AllocationMode mode = k % 2 == 0 ? AllocationMode.WEIGHTED : AllocationMode.GUARANTEE_EXCESS;
            BandwidthTree t = RandomTrees.generate(rnd, 4, 6, mode);
            ResolvedTree r = Admission.admit(t);
            p.check(r, RandomTrees.demands(rnd, t), rnd, "tree " + k + " (" + mode.jsonName() + ", " + t.size() + " nodes)");
        }
    }

    /** Children's allocations never exceed the parent's, and use all of it when their demand exceeds it. */
    @Test
    public void conservesBandwidthAtEveryParent() {
        forRandomTrees((r, demand, rnd, label) -> {
            Allocation a = Allocator.allocate(r, demand);
            BandwidthTree t = r.tree();
            for (int p = -1; p < t.size(); p++) {
                double budget = p < 0 ? t.rootBandwidth() : a.allocation(p);
                double sumX = 0;
                double sumD = 0;
                for (int k = 0; k < t.childCount(p); k++) {
                    sumX += a.allocation(t.child(p, k));
                    sumD += a.effectiveDemand(t.child(p, k));
                }
                if (t.childCount(p) > 0 && (p < 0 || !t.node(p).isTemplate())) {
                    assertTrue(label, sumX <= budget + EPS);
                    assertEquals(label, Math.min(budget, sumD), sumX, EPS);
                }
            }
        });
    }

    /** Each child gets min(D, share) with one fair share per parent: x = min(D, c + w * alpha). */
    @Test
    public void everyNodeGetsMinOfDemandAndItsShare() {
        forRandomTrees((r, demand, rnd, label) -> {
            Allocation a = Allocator.allocate(r, demand);
            BandwidthTree t = r.tree();
            boolean excess = t.mode() == AllocationMode.GUARANTEE_EXCESS;
            for (int i = 0; i < t.size(); i++) {
                if (t.node(i).isTemplate()) {
                    continue;
                }
                double alpha = a.fairShare(t.parentIndex(i));
                double d = a.effectiveDemand(i);
                double base = excess ? Math.min(r.guarantee(i), d) : 0;
                double want = Double.isInfinite(alpha) ? d : Math.min(d, base + r.weight(i) * alpha);
                assertEquals(label + " node " + t.node(i).id(), want, a.allocation(i), EPS);
                assertTrue(label, a.allocation(i) <= Math.min(d, a.effectiveLimit(i)) + EPS);
            }
        });
    }

    @Test
    public void guaranteesAreHonouredUpToDemand() {
        forRandomTrees((r, demand, rnd, label) -> {
            Allocation a = Allocator.allocate(r, demand);
            for (int i = 0; i < r.size(); i++) {
                if (!r.tree().node(i).isTemplate()) {
                    assertTrue(label + " node " + r.tree().node(i).id(),
                            a.allocation(i) >= Math.min(a.effectiveDemand(i), r.guarantee(i)) - EPS);
                }
            }
        });
    }

    /** Raising one leaf's demand never lowers its allocation or its ancestors'. */
    @Test
    public void monotoneInDemand() {
        forRandomTrees((r, demand, rnd, label) -> {
            Allocation before = Allocator.allocate(r, demand);
            BandwidthTree t = r.tree();
            int leaf = rnd.nextInt(t.size());
            if (!t.isLeaf(leaf)) {
                return;
            }
            double[] more = demand.clone();
            more[leaf] += rnd.nextDouble() * 4e9;
            Allocation after = Allocator.allocate(r, more);
            for (int i = leaf; i >= 0; i = t.parentIndex(i)) {
                assertTrue(label + " node " + t.node(i).id(), after.allocation(i) >= before.allocation(i) - EPS);
            }
        });
    }

    @Test
    public void independentOfChildOrder() {
        forRandomTrees((r, demand, rnd, label) -> {
            Allocation a = Allocator.allocate(r, demand);
            BandwidthTree shuffled = RandomTrees.shuffled(rnd, r.tree());
            ResolvedTree rs = Admission.admit(shuffled);
            double[] d2 = new double[shuffled.size()];
            for (int i = 0; i < shuffled.size(); i++) {
                d2[i] = demand[r.tree().indexOf(shuffled.node(i).id())];
            }
            Allocation b = Allocator.allocate(rs, d2);
            for (int i = 0; i < r.size(); i++) {
                String id = r.tree().node(i).id();
                assertEquals(label + " node " + id, a.allocation(id), b.allocation(id), EPS);
            }
        });
    }
}
