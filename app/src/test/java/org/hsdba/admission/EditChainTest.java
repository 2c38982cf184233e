package org.hsdba.admission;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.model.AppliedEdit;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.RandomEdits;
import org.hsdba.model.TreeEdit;
import org.junit.Test;

/**
 * {@link EditChain#join}, which the edit writer uses for a batch, against the pairwise
 * {@link EditChain#then(EditChain)} it replaced: the same edits and trees, in order, on random edit
 * sequences; chains that do not continue one another are refused as before.
 */
public class EditChainTest {

    @Test
    public void joinMakesWhatPairwiseThenMakes() {
        int joined = 0;
        for (long seed = 0; seed < 60; seed++) {
            RandomEdits random = new RandomEdits(9000 + seed);
            ResolvedTree was;
            try {
                was = Admission.admit(random.tree(6 + (int) (seed % 20)));
            } catch (InvalidTreeException e) {
                continue;
            }
            // One chain per accepted edit, as the writer gets them, each ending where the next starts.
            List<EditChain> steps = new ArrayList<>();
            ResolvedTree at = was;
            for (int k = 0; k < 1 + seed % 12; k++) {
                TreeEdit edit = random.edit(at.tree());
                try {
                    AppliedEdit applied = edit.apply(at.tree());
                    ResolvedTree next = Admission.admit(at, applied);
                    steps.add(EditChain.of(at, applied, next));
                    at = next;
                } catch (InvalidTreeException e) {
                    // refused: not in the batch
                }
            }
            if (steps.isEmpty()) {
                continue;
            }
            EditChain pairwise = steps.get(0);
            for (EditChain c : steps.subList(1, steps.size())) {
                pairwise = pairwise.then(c);
            }
            EditChain join = EditChain.join(steps);
            assertEquals(pairwise.size(), join.size());
            assertEquals(steps.size(), join.size());
            assertEquals(pairwise.edits(), join.edits());
            assertEquals(pairwise.steps().size(), join.steps().size());
            for (int i = 0; i < join.steps().size(); i++) {
                assertSame("seed " + seed + " tree " + i, pairwise.steps().get(i), join.steps().get(i));
            }
            joined++;
        }
        assertTrue("only " + joined + " batches joined", joined > 40);
    }

    @Test
    public void joinRefusesAChainThatDoesNotContinueTheOneBefore() {
        RandomEdits random = new RandomEdits(42);
        ResolvedTree was = null;
        for (int size = 8; was == null; size++) {
            try {
                was = Admission.admit(random.tree(size));
            } catch (InvalidTreeException e) {
                // another size
            }
        }
        EditChain first = null;
        EditChain second = null;
        while (second == null) {
            try {
                AppliedEdit a = random.edit(was.tree()).apply(was.tree());
                ResolvedTree afterA = Admission.admit(was, a);
                AppliedEdit b = random.edit(was.tree()).apply(was.tree());
                ResolvedTree afterB = Admission.admit(was, b);
                if (!afterA.tree().sameExceptVersion(was.tree())) {
                    first = EditChain.of(was, a, afterA);
                    second = EditChain.of(was, b, afterB); // starts at was, not where first ends
                }
            } catch (InvalidTreeException e) {
                // another pair
            }
        }
        try {
            EditChain.join(List.of(first, second));
            fail("a chain that does not continue the one before was joined");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("does not continue"));
        }
        assertSame(first, EditChain.join(List.of(first)));
    }
}
