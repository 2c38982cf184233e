package org.hsdba.admission;

import static org.hsdba.admission.ResolutionChecks.assertSameResolution;
import static org.hsdba.admission.ResolutionChecks.fullAdmission;
import static org.hsdba.admission.ResolutionChecks.outcome;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TestTrees;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.junit.Test;

/**
 * Joins (one leaf appended under a parent) admitted incrementally, {@link Admission#admit(ResolvedTree,
 * org.hsdba.model.AppliedEdit)}, against the full check and admission of the joined tree, on
 * random trees whose sibling groups are large (up to a few hundred members) and of every
 * composition admission resolves differently: members all taking an implied guarantee, a group
 * anchored by a member giving both rates, members giving only guarantees, a mix, and
 * guarantee+excess mode; keys exact and masked. The joins are mostly admissible and partly not
 * (overlapping keys, keys outside the parent's, guarantees above the parent's or the peak, bad
 * weights, rates not proportional to the anchor's). Same values to the last bit, same groups, or
 * the same violations in the same order.
 */
public class JoinAdmissionDifferentialTest {

    private static final int TREES = 60;
    private static final int JOINS = 60;

    /** How a sibling group's members give their rates. */
    private enum Style { IMPLIED, ANCHORED, GUARANTEES, MIXED }

    @Test
    public void incrementalAndFullAdmissionAgreeOnJoinsToLargeGroups() {
        int accepted = 0;
        int acceptedLarge = 0;
        int refused = 0;
        Set<ViolationCode> seen = EnumSet.noneOf(ViolationCode.class);
        for (int seed = 0; seed < TREES; seed++) {
            Gen gen = new Gen(seed);
            ResolvedTree r = gen.admissibleTree();
            for (int step = 0; step < JOINS; step++) {
                ResolvedTree current = r;
                NodeSpec joining = gen.join(current.tree());
                String where = "seed " + seed + ", step " + step + ": " + joining;
                Object full = outcome(() -> fullAdmission(current.tree(), TreeEdit.add(joining)));
                Object incremental = outcome(() -> Admission.admit(current, TreeEdit.add(joining).apply(current.tree())));
                if (full instanceof ResolvedTree) {
                    assertTrue(where + ": " + incremental, incremental instanceof ResolvedTree);
                    assertSameResolution(where, (ResolvedTree) full, (ResolvedTree) incremental);
                    r = (ResolvedTree) incremental;
                    accepted++;
                    BandwidthTree t = r.tree();
                    int p = t.parentIndex(t.indexOf(joining.id()));
                    if (r.group(p).members() >= 50) {
                        acceptedLarge++;
                    }
                } else {
                    assertEquals(where, full, incremental);
                    refused++;
                    if (full instanceof List) {
                        ((List<?>) full).forEach(v -> seen.add(((Violation) v).code()));
                    }
                }
            }
        }
        String counts = accepted + " accepted (" + acceptedLarge + " to groups of 50 or more), " + refused + " refused";
        assertTrue(counts, accepted >= 1500 && acceptedLarge >= 1000 && refused >= 600);
        assertTrue(seen.toString(), seen.containsAll(EnumSet.of(ViolationCode.GUARANTEE_ABOVE_PARENT,
                ViolationCode.GUARANTEE_ABOVE_PEAK, ViolationCode.WEIGHT_NOT_POSITIVE, ViolationCode.WEIGHT_UNDERIVABLE,
                ViolationCode.NOT_PROPORTIONAL, ViolationCode.KEYS_OVERLAP, ViolationCode.KEY_OUTSIDE_PARENT)));
    }

    /**
     * Two joins admitted from the same tree (one of them then dropped, as a join the store
     * refused): each result keeps its own members' keys, whichever was admitted first.
     */
    @Test
    public void joinsBranchingFromOneTreeKeepTheirOwnSiblingKeys() {
        BandwidthTree.Builder b = BandwidthTree.builder(TestTrees.PORT).capacity(Rate.parse("10G"))
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("lab").key(MatchKey.exact(16, new byte[] {10, 0})).weight(1.0).build());
        for (int u = 0; u < 100; u++) {
            b.addNode(user("u" + u, u));
        }
        ResolvedTree base = Admission.admit(b.build());
        ResolvedTree withA = Admission.apply(base, TreeEdit.add(user("a", 1000)));
        ResolvedTree withB = Admission.apply(base, TreeEdit.add(user("b", 2000)));
        ResolvedTree withAThenC = Admission.apply(withA, TreeEdit.add(user("c", 3000)));
        for (ResolvedTree r : List.of(base, withA, withB, withAThenC)) {
            for (int key : new int[] {5, 1000, 2000, 3000, 4000}) {
                NodeSpec joining = user("x", key);
                assertEquals(r.tree().nodes() + " + " + key, outcome(() -> fullAdmission(r.tree(), TreeEdit.add(joining))).toString(),
                        outcome(() -> Admission.apply(r, TreeEdit.add(joining))).toString());
            }
        }
        assertTrue(outcome(() -> Admission.apply(withB, TreeEdit.add(user("x", 1000)))) instanceof ResolvedTree);
        assertTrue(outcome(() -> Admission.apply(withA, TreeEdit.add(user("x", 2000)))) instanceof ResolvedTree);
        assertTrue(outcome(() -> Admission.apply(withAThenC, TreeEdit.add(user("x", 1000)))) instanceof List);
    }

    /**
     * A join to a group whose members all take an implied guarantee (the new member changes every
     * one of them) or to an anchored group is resolved from what the admitted tree kept about the
     * group: no group is walked member by member, however large.
     */
    @Test
    public void aJoinIsResolvedFromTheKeptGroupNotByWalkingIt() {
        for (boolean anchored : new boolean[] {false, true}) {
            BandwidthTree.Builder b = BandwidthTree.builder(TestTrees.PORT).capacity(Rate.parse("10G"))
                    .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                    .addNode(NodeSpec.builder("lab").key(MatchKey.exact(16, new byte[] {10, 0})).weight(1.0).build())
                    .addNode(NodeSpec.builder("ops").key(MatchKey.exact(16, new byte[] {10, 1})).weight(1.0).build());
            if (anchored) {
                b.addNode(NodeSpec.builder("first").parent("lab").key(MatchKey.exact(32, new byte[] {10, 0, 100, 0}))
                        .guaranteed(Rate.parse("1M")).weight(1.0).build());
            }
            for (int u = 0; u < 500; u++) {
                b.addNode(user("u" + u, u));
            }
            ResolvedTree r = Admission.admit(b.build());
            for (int u = 500; u < 520; u++) {
                TreeEdit join = TreeEdit.add(user("u" + u, u));
                String where = (anchored ? "anchored" : "implied") + ", join " + u;
                assertEquals(where, 0, Admission.groupsWalked(r, join.apply(r.tree())));
                ResolvedTree next = Admission.apply(r, join);
                assertSameResolution(where, fullAdmission(r.tree(), join), next);
                r = next;
            }
        }
    }

    private static NodeSpec user(String id, int u) {
        return NodeSpec.builder(id).parent("lab").key(MatchKey.exact(32, new byte[] {10, 0, (byte) (u >>> 8), (byte) u}))
                .weight(1.0).joined(true).build();
    }

    /** Random trees of subnets (16-bit keys), users below them (32 bits on the same bytes) and a few flows (8 bits). */
    private static final class Gen {
        private final SplittableRandom rnd;
        private int nextId;
        private AllocationMode mode;

        Gen(long seed) {
            rnd = new SplittableRandom(seed);
        }

        ResolvedTree admissibleTree() {
            for (int attempt = 0; attempt < 100; attempt++) {
                BandwidthTree t = tree();
                if (Admission.check(t).isEmpty()) {
                    return Admission.admit(t);
                }
            }
            throw new AssertionError("the generator gives no admissible tree");
        }

        private BandwidthTree tree() {
            mode = rnd.nextInt(4) == 0 ? AllocationMode.GUARANTEE_EXCESS : AllocationMode.WEIGHTED;
            BandwidthTree.Builder b = BandwidthTree.builder(TestTrees.PORT).capacity(Rate.parse("10G")).eta(0.9).mode(mode)
                    .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32)),
                            LevelSpec.of("flow", FieldSpec.of(272, 8))));
            int subnets = 1 + rnd.nextInt(4);
            Style top = style();
            for (int s = 0; s < subnets; s++) {
                String subnet = "s" + s;
                b.addNode(rates(NodeSpec.builder(subnet).key(MatchKey.exact(16, new byte[] {10, (byte) s})), top, 9e9 / subnets,
                        subnets, s == 0).build());
                if (rnd.nextInt(3) == 0) {
                    b.addNode(NodeSpec.builder(subnet + "-t").parent(subnet).template(true).weight(1.0).build());
                }
                int users = s == 0 ? 50 + rnd.nextInt(300) : rnd.nextInt(40);
                Style style = style();
                // Budget for the users' given guarantees: far below any subnet's guarantee, so the tree admits.
                double budget = 9e9 / subnets / 20;
                for (int u = 0; u < users; u++) {
                    String id = "u" + s + "-" + u;
                    b.addNode(rates(NodeSpec.builder(id).parent(subnet).key(userKey(s, u, rnd.nextInt(8) == 0)), style,
                            budget, users, u == 0).joined(true).build());
                    if (rnd.nextInt(40) == 0) {
                        for (int f = 0; f < 1 + rnd.nextInt(3); f++) {
                            b.addNode(NodeSpec.builder(id + "-f" + f).parent(id).key(MatchKey.exact(8, new byte[] {(byte) f}))
                                    .weight(1.0 + f).build());
                        }
                    }
                }
            }
            return b.build();
        }

        private Style style() {
            return Style.values()[rnd.nextInt(Style.values().length)];
        }

        /** User {@code u} of subnet {@code s}: exact, or a /28 prefix (the low 4 bits free) on a value no other user's covers. */
        private static MatchKey userKey(int s, int u, boolean prefix) {
            byte[] v = {10, (byte) s, (byte) (u >>> 4), (byte) (u << 4)};
            return prefix ? MatchKey.of(32, v, new byte[] {-1, -1, -1, (byte) 0xf0}) : MatchKey.exact(32, v);
        }

        /** Rates for a member of a group of the given style, giving at most about {@code budget / count} of guarantee. */
        private NodeSpec.Builder rates(NodeSpec.Builder n, Style style, double budget, int count, boolean first) {
            double w = 1.0 + rnd.nextInt(4);
            // A whole multiple of 4 b/s: g = perWeight * w stays exactly proportional, also scaled by 0.5 or 1.5.
            double perWeight = 4 * Math.floor(budget / Math.max(1, count) / 16);
            if (rnd.nextInt(6) == 0) {
                n.peak(Rate.ofBps(1_000_000L * (1 + rnd.nextInt(2000))));
            }
            if (mode == AllocationMode.GUARANTEE_EXCESS) {
                if (rnd.nextBoolean()) {
                    n.guaranteed(Rate.ofBps((long) (perWeight * w * rnd.nextDouble())));
                }
                return rnd.nextBoolean() ? n.weight(w) : n;
            }
            switch (style) {
                case IMPLIED:
                    return rnd.nextBoolean() ? n.weight(w) : n;
                case ANCHORED:
                    if (first || rnd.nextInt(4) == 0) {
                        return n.guaranteed(Rate.ofBps((long) (perWeight * w))).weight(w);
                    }
                    return rnd.nextInt(3) == 0 ? n.guaranteed(Rate.ofBps((long) (perWeight * w * rnd.nextDouble()) + 1))
                            : n.weight(w);
                case GUARANTEES:
                    return n.guaranteed(Rate.ofBps((long) (perWeight * w) + 1));
                default:
                    return rnd.nextBoolean() ? n.guaranteed(Rate.ofBps((long) (perWeight * w) + 1)) : n.weight(w);
            }
        }

        /** A node joining {@code t}: mostly a user of the largest subnet, mostly admissible. */
        NodeSpec join(BandwidthTree t) {
            String parent;
            int pick = rnd.nextInt(20);
            if (pick < 14) {
                parent = "s0";
            } else if (pick < 18) {
                parent = t.node(rnd.nextInt(t.size())).id();
                if (t.get(parent).isTemplate() || t.depth(parent) >= 2) {
                    parent = "s0";
                }
            } else {
                parent = null;
            }
            int depth = parent == null ? 1 : t.depth(parent) + 1;
            NodeSpec.Builder n = NodeSpec.builder("j" + nextId++).parent(parent).joined(true);
            n.key(joinKey(t, parent, depth));
            int parentIndex = parent == null ? -1 : t.indexOf(parent);
            NodeSpec sibling = t.childCount(parentIndex) == 0 ? null
                    : t.node(t.child(parentIndex, rnd.nextInt(t.childCount(parentIndex))));
            double w = 1.0 + rnd.nextInt(4);
            int kind = rnd.nextInt(20);
            if (kind == 0) {
                return n.guaranteed(Rate.parse("20G")).weight(w).build(); // above any parent
            } else if (kind == 1) {
                return n.guaranteed(Rate.parse("2M")).peak(Rate.parse("1M")).build(); // above its peak
            } else if (kind == 2) {
                return n.weight(rnd.nextBoolean() ? 0.0 : -1.0).build();
            } else if (kind == 3) {
                return n.guaranteed(Rate.parse("5M")).weight(w * 1000).build(); // likely not proportional
            } else if (kind == 4) {
                return n.guaranteed(Rate.ZERO).build(); // no weight can be derived from it
            }
            if (rnd.nextInt(6) == 0) {
                n.peak(Rate.ofBps(1_000_000L * (1 + rnd.nextInt(500))));
            }
            // Like a sibling, so that the group keeps its style: same kind of rates, scaled.
            if (sibling == null || sibling.isTemplate() || rnd.nextInt(5) == 0) {
                return rnd.nextBoolean() ? n.weight(w).build() : n.build();
            }
            double scale = 0.5 + rnd.nextInt(3) * 0.5;
            if (sibling.guaranteed().isPresent()) {
                n.guaranteed(Rate.ofBps(Math.max(1, (long) (sibling.guaranteed().get().bps() * scale))));
            }
            if (sibling.weight().isPresent()) {
                n.weight(sibling.weight().getAsDouble() * scale);
            }
            if (rnd.nextInt(10) == 0) {
                n.peak(sibling.peak());
            }
            return n.build();
        }

        private MatchKey joinKey(BandwidthTree t, String parent, int depth) {
            int kind = rnd.nextInt(20);
            int parentIndex = parent == null ? -1 : t.indexOf(parent);
            if (kind < 2 && t.childCount(parentIndex) > 0) { // a sibling's key: overlaps it
                MatchKey k = t.node(t.child(parentIndex, rnd.nextInt(t.childCount(parentIndex)))).key();
                if (k != null) {
                    return k;
                }
            }
            switch (depth) {
                case 1:
                    return MatchKey.exact(16, new byte[] {10, (byte) (kind == 2 ? 0 : 4 + rnd.nextInt(200))});
                case 2:
                    int s = parent.charAt(1) - '0';
                    if (kind == 3) { // outside the subnet
                        s = (s + 1) % 8;
                    }
                    if (kind == 4) { // a /16 prefix: covers every user of the subnet
                        return MatchKey.of(32, new byte[] {10, (byte) s, 0, 0}, new byte[] {-1, -1, 0, 0});
                    }
                    return userKey(s, 4000 + rnd.nextInt(4000), rnd.nextInt(8) == 0);
                default:
                    return MatchKey.exact(8, new byte[] {(byte) (kind == 5 ? 0 : 3 + rnd.nextInt(250))});
            }
        }
    }

}
