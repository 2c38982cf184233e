package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.RandomEdits;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/**
 * The journal's chains against what was written: between any two recorded trees within the kept
 * writes, the chain is exactly the recorded writes' edits in order, from the first tree to the
 * second; across a cut, a foreign write, a retracted write or beyond the kept writes there is none.
 */
public class EditJournalTest {

    /** Recorded trees (index k: the tree after write k-1) and the edits of each write. */
    private static final class Written {
        final List<BandwidthTree> trees = new ArrayList<>();
        final List<List<AppliedEdit>> edits = new ArrayList<>();
    }

    /** {@code writes} valid random edits recorded one write each, starting from {@code start}. */
    private static Written write(EditJournal journal, RandomEdits random, ResolvedTree start, int writes) {
        Written w = new Written();
        ResolvedTree cur = start;
        w.trees.add(cur.tree());
        while (w.edits.size() < writes) {
            TreeEdit edit = random.edit(cur.tree());
            AppliedEdit applied;
            ResolvedTree next;
            try {
                applied = edit.apply(cur.tree());
                next = Admission.admit(cur, applied);
            } catch (InvalidTreeException e) {
                continue;
            }
            journal.record(cur.tree(), next.tree(), EditChain.of(cur, applied, next));
            w.trees.add(next.tree());
            w.edits.add(List.of(applied));
            cur = next;
        }
        return w;
    }

    private static ResolvedTree admissible(RandomEdits random) {
        while (true) {
            try {
                return Admission.admit(random.tree(12));
            } catch (InvalidTreeException e) {
                // another one
            }
        }
    }

    private static void assertChain(Written w, int i, int j, Optional<EditChain> chain) {
        String where = "v" + w.trees.get(i).version() + " -> v" + w.trees.get(j).version();
        assertTrue(where, chain.isPresent());
        assertSame(where, w.trees.get(i), chain.get().from().tree());
        assertSame(where, w.trees.get(j), chain.get().to().tree());
        List<AppliedEdit> expected = new ArrayList<>();
        w.edits.subList(i, j).forEach(expected::addAll);
        assertEquals(where, expected, chain.get().edits());
    }

    @Test
    public void everyPairOfRecordedTreesHasTheChainOfTheWritesBetweenThem() {
        for (long seed = 0; seed < 20; seed++) {
            RandomEdits random = new RandomEdits(seed);
            EditJournal journal = new EditJournal();
            Written w = write(journal, random, admissible(random), 30);
            for (int i = 0; i < w.trees.size(); i++) {
                for (int j = 0; j < w.trees.size(); j++) {
                    Optional<EditChain> chain = journal.between(w.trees.get(i), w.trees.get(j));
                    if (i < j) {
                        assertChain(w, i, j, chain);
                    } else {
                        assertFalse("backwards " + i + " -> " + j, chain.isPresent());
                    }
                }
            }
        }
    }

    @Test
    public void writesBeyondTheKeptOnesHaveNoChain() {
        RandomEdits random = new RandomEdits(7);
        EditJournal journal = new EditJournal();
        int writes = EditJournal.MAX_WRITES + 10;
        Written w = write(journal, random, admissible(random), writes);
        int last = w.trees.size() - 1;
        int oldestKept = last - EditJournal.MAX_WRITES;
        assertChain(w, oldestKept, last, journal.between(w.trees.get(oldestKept), w.trees.get(last)));
        assertChain(w, last - 1, last, journal.between(w.trees.get(last - 1), w.trees.get(last)));
        for (int i = 0; i < oldestKept; i++) {
            assertFalse("from write " + i, journal.between(w.trees.get(i), w.trees.get(last)).isPresent());
        }
    }

    @Test
    public void aCutAForeignWriteOrARetractedWriteBreaksTheChain() {
        RandomEdits random = new RandomEdits(3);
        EditJournal journal = new EditJournal();
        Written first = write(journal, random, admissible(random), 5);
        BandwidthTree end = first.trees.get(5);

        // Another member's write (not recorded) comes between: the next local write starts elsewhere.
        ResolvedTree foreign = Admission.admit(end.withVersion(end.version() + 1));
        Written second = write(journal, random, foreign, 4);
        assertFalse(journal.between(first.trees.get(2), second.trees.get(3)).isPresent());
        assertFalse(journal.between(end, second.trees.get(1)).isPresent());
        assertChain(second, 0, 4, journal.between(second.trees.get(0), second.trees.get(4)));
        assertChain(first, 1, 5, journal.between(first.trees.get(1), end));

        // A retracted write is gone; the one before it is still the chain's end.
        BandwidthTree top = second.trees.get(4);
        Written third = write(journal, random, Admission.admit(top), 1);
        journal.retract(third.trees.get(1));
        assertFalse(journal.between(top, third.trees.get(1)).isPresent());
        assertChain(second, 1, 4, journal.between(second.trees.get(1), top));

        // A write of unknown edits cuts everything before it.
        BandwidthTree whole = top.withVersion(top.version() + 1);
        journal.record(top, whole, null);
        assertFalse(journal.between(second.trees.get(0), whole).isPresent());
        assertFalse(journal.between(second.trees.get(0), top).isPresent());
    }
}
