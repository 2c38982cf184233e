package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.RandomEdits;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/** The tracker follows a tree's nodes through joins, prunes, updates and whole new trees, keeping what survives. */
public class ActivityTrackerTest {

    @Test
    public void trackedNodesAreTheTreesNodesWithoutTemplatesAfterEveryEditAndSurvivorsKeepTheirClock() {
        Random rnd = new Random(7);
        ActivityTracker tracker = new ActivityTracker();
        BandwidthTree tree = Harness.labTree();
        long now = 1;
        tracker.track(List.of(tree), now);
        int users = 0;
        for (int step = 0; step < 400; step++) {
            now++;
            List<String> joined = joined(tree);
            int what = rnd.nextInt(10);
            BandwidthTree next;
            if (what < 6 || joined.isEmpty()) { // a join (or a few in one version, as a batch)
                next = tree;
                for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
                    users++;
                    next = TreeEdit.add(NodeSpec.builder("u" + users).parent("lab")
                            .key(MatchKey.parse("10.0." + (users / 250 + 1) + "." + (users % 250 + 1), null, 32))
                            .weight(1.0).joined(true).build()).applyTo(next);
                }
            } else if (what < 8) { // a prune
                next = TreeEdit.deleteSubtree(joined.get(rnd.nextInt(joined.size()))).applyTo(tree);
            } else if (what < 9) { // an update in place: the same id, a new node object
                NodeSpec n = tree.get(joined.get(rnd.nextInt(joined.size())));
                next = TreeEdit.update(n.toBuilder().weight(n.weight().orElse(1.0) + 1).build()).applyTo(tree);
            } else { // the same nodes in a tree built anew (an import): every node a new object
                List<NodeSpec> copies = new ArrayList<>();
                tree.nodes().forEach(n -> copies.add(n.toBuilder().build()));
                next = tree.toBuilder().nodes(copies).build();
            }
            BandwidthTree before = tree;
            tree = next.withVersion(tree.version() + 1);
            Set<String> kept = tracked(tracker, tree, before);
            tracker.track(List.of(tree), now);
            assertEquals("step " + step, expected(tree), tracked(tracker, tree, before));
            for (String id : kept) {
                if (!tree.contains(id)) {
                    continue;
                }
                assertEquals("step " + step + ": " + id + " keeps its clock", true,
                        tracker.lastTrafficNanos(NodeRef.of(tree.port(), id)).getAsLong() < now);
            }
        }
    }

    /**
     * Tracking along the recorded edits against the walk of the whole tree (the reference): on
     * random trees with templates and random edits of every kind, written one or several per
     * version and confirmed one or several versions at a time, both trackers hold the same nodes
     * with the same clocks after every step.
     */
    @Test
    public void trackingAlongTheEditsEqualsTheWalkOfTheWholeTree() {
        int along = 0;
        for (long seed = 0; seed < 40; seed++) {
            RandomEdits random = new RandomEdits(seed);
            ResolvedTree cur;
            try {
                cur = Admission.admit(random.tree(10 + (int) (seed % 20)));
            } catch (InvalidTreeException e) {
                continue;
            }
            EditJournal journal = new EditJournal();
            int[] found = new int[1];
            EditHistory history = (from, to) -> {
                Optional<EditChain> c = journal.between(from, to);
                found[0] += c.isPresent() ? 1 : 0;
                return c;
            };
            ActivityTracker walk = new ActivityTracker();
            ActivityTracker chained = new ActivityTracker();
            long now = 1;
            walk.track(List.of(cur.tree()), now);
            chained.track(List.of(cur.tree()), now, history);
            BandwidthTree confirmed = cur.tree();
            for (int step = 0; step < 60; step++) {
                // One version: one or a few edits (a join batch).
                EditChain chain = EditChain.from(cur);
                for (int k = (step % 4 == 0) ? 3 : 1; k > 0; k--) {
                    try {
                        AppliedEdit applied = random.edit(chain.to().tree()).apply(chain.to().tree());
                        chain = chain.then(applied, Admission.admit(chain.to(), applied));
                    } catch (InvalidTreeException e) {
                        // not admissible: skipped
                    }
                }
                if (chain.size() == 0) {
                    continue;
                }
                chain = chain.endingAtVersion(cur.tree().version() + 1);
                journal.record(cur.tree(), chain.to().tree(), chain);
                cur = chain.to();
                if (step % 3 == 1) {
                    continue; // confirmed together with the next version
                }
                now++;
                walk.track(List.of(cur.tree()), now);
                chained.track(List.of(cur.tree()), now, history);
                String where = "seed " + seed + " step " + step;
                assertEquals(where, clocks(walk, cur.tree(), confirmed), clocks(chained, cur.tree(), confirmed));
                assertEquals(where, expected(cur.tree()), tracked(chained, cur.tree(), confirmed));
                confirmed = cur.tree();
            }
            along += found[0];
        }
        assertTrue("only " + along + " updates had their edits", along > 500);
    }

    /** Id -> clock of either tree's nodes the tracker has a clock for. */
    private static Map<String, Long> clocks(ActivityTracker tracker, BandwidthTree t, BandwidthTree before) {
        Map<String, Long> out = new TreeMap<>();
        for (BandwidthTree x : List.of(t, before)) {
            x.nodes().forEach(n -> tracker.lastTrafficNanos(NodeRef.of(t.port(), n.id()))
                    .ifPresent(c -> out.put(n.id(), c)));
        }
        return out;
    }

    private static List<String> joined(BandwidthTree t) {
        List<String> out = new ArrayList<>();
        t.nodes().forEach(n -> {
            if (n.isJoined()) {
                out.add(n.id());
            }
        });
        return out;
    }

    private static Set<String> expected(BandwidthTree t) {
        Set<String> out = new TreeSet<>();
        t.nodes().forEach(n -> {
            if (!n.isTemplate()) {
                out.add(n.id());
            }
        });
        return out;
    }

    /** The ids of either tree's nodes (templates and removed nodes too) the tracker has a clock for. */
    private static Set<String> tracked(ActivityTracker tracker, BandwidthTree t, BandwidthTree before) {
        Set<String> out = new TreeSet<>();
        for (BandwidthTree x : List.of(t, before)) {
            x.nodes().forEach(n -> {
                if (tracker.lastTrafficNanos(NodeRef.of(t.port(), n.id())).isPresent()) {
                    out.add(n.id());
                }
            });
        }
        return out;
    }
}
