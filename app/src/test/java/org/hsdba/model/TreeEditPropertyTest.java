package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.Test;

/**
 * Edits that re-check only what they touch agree with building the edited tree in full: the same
 * tree (nodes, order, every index) or the same violations, on random edit sequences; and what
 * {@link AppliedEdit} says was touched is all that changed.
 */
public class TreeEditPropertyTest {

    private static final int TREES = 150;
    private static final int EDITS = 40;

    @Test
    public void incrementalAndFullEditsAgree() {
        Map<TreeEdit.Kind, int[]> outcomes = new TreeMap<>(); // kind -> {accepted, refused}
        for (int seed = 0; seed < TREES; seed++) {
            RandomEdits gen = new RandomEdits(seed);
            BandwidthTree t = gen.tree(seed % 40);
            for (int step = 0; step < EDITS; step++) {
                BandwidthTree current = t;
                TreeEdit edit = gen.edit(current);
                String where = "seed " + seed + ", step " + step + ": " + edit;
                Object full = outcome(() -> edit.applyFully(current));
                Object incremental = outcome(() -> edit.apply(current));
                int[] counts = outcomes.computeIfAbsent(edit.kind(), k -> new int[2]);
                if (full instanceof BandwidthTree) {
                    assertTrue(where + ": " + incremental, incremental instanceof AppliedEdit);
                    AppliedEdit applied = (AppliedEdit) incremental;
                    assertSameTree(where, (BandwidthTree) full, applied.after());
                    assertTouchedIsAllThatChanged(where, applied);
                    // Another version shares every index: still the tree built in full.
                    assertSameTree(where, ((BandwidthTree) full).toBuilder().version(99).build(),
                            applied.after().withVersion(99));
                    t = applied.after();
                    counts[0]++;
                } else {
                    assertEquals(where, full, incremental);
                    counts[1]++;
                }
            }
        }
        for (Map.Entry<TreeEdit.Kind, int[]> e : outcomes.entrySet()) {
            // The generator must exercise both outcomes of every kind for this test to mean anything.
            assertTrue(e.getKey() + " " + e.getValue()[0] + "/" + e.getValue()[1],
                    e.getValue()[0] >= 50 && e.getValue()[1] >= 20);
        }
        assertEquals(TreeEdit.Kind.values().length, outcomes.size());
    }

    /** The result, or a description of what was thrown that compares equal for equal failures. */
    private static Object outcome(java.util.function.Supplier<Object> f) {
        try {
            return f.get();
        } catch (InvalidTreeException e) {
            return e.violations();
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    static void assertSameTree(String where, BandwidthTree expected, BandwidthTree actual) {
        assertEquals(where, expected, actual);
        assertEquals(where, expected.selector(), actual.selector());
        for (int i = -1; i < expected.size(); i++) {
            assertEquals(where, expected.childCount(i), actual.childCount(i));
            for (int k = 0; k < expected.childCount(i); k++) {
                assertEquals(where, expected.child(i, k), actual.child(i, k));
            }
            assertEquals(where, expected.subtreeEnd(i), actual.subtreeEnd(i));
            if (i >= 0) {
                String id = expected.node(i).id();
                assertEquals(where, i, actual.indexOf(id));
                assertEquals(where, expected.parentIndex(i), actual.parentIndex(i));
                assertEquals(where, expected.depth(i), actual.depth(i));
                assertEquals(where, expected.isLeaf(i), actual.isLeaf(i));
                assertEquals(where, expected.path(i), actual.path(i));
            }
        }
    }

    /** Nodes not reported changed are the same node specs with the same children, except under touched parents. */
    private static void assertTouchedIsAllThatChanged(String where, AppliedEdit e) {
        BandwidthTree before = e.before();
        BandwidthTree after = e.after();
        List<Integer> touched = new ArrayList<>();
        for (int p : e.touchedParents()) {
            touched.add(p);
        }
        for (int i = -1; i < after.size(); i++) {
            int s = i < 0 ? -1 : e.sourceIndex(i);
            if (i >= 0 && s < 0) {
                assertTrue(where + ": new node " + i + " not reported", e.isChanged(i));
                continue;
            }
            if (i >= 0) {
                assertEquals(where, i, e.afterIndexOf(s));
                assertEquals(where, before.node(s).id(), after.node(i).id());
                if (!e.isChanged(i)) {
                    assertSame(where, before.node(s), after.node(i));
                }
            }
            if (!touched.contains(i)) {
                List<String> was = childIds(before, s);
                assertEquals(where + ": children of " + i, was, childIds(after, i));
            }
        }
    }

    private static List<String> childIds(BandwidthTree t, int i) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < t.childCount(i); k++) {
            out.add(t.node(t.child(i, k)).id());
        }
        return out;
    }
}
