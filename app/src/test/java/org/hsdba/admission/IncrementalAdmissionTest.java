package org.hsdba.admission;

import static org.hsdba.admission.ResolutionChecks.assertSameResolution;
import static org.hsdba.admission.ResolutionChecks.fullAdmission;
import static org.hsdba.admission.ResolutionChecks.outcome;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.RandomEdits;
import org.hsdba.model.TestTrees;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.junit.Test;

/**
 * Incremental admission ({@link Admission#apply(ResolvedTree, TreeEdit)}) agrees with the full
 * check and admission of the edited tree on random edit sequences: the same effective weights,
 * guarantees, peaks and flags to the last bit, or the same violations in the same order.
 */
public class IncrementalAdmissionTest {

    private static final int TREES = 150;
    private static final int EDITS = 40;

    @Test
    public void incrementalAndFullAdmissionAgreeOnRandomEditSequences() {
        int accepted = 0;
        int refusedByAdmission = 0;
        int refusedByStructure = 0;
        Set<ViolationCode> seen = EnumSet.noneOf(ViolationCode.class);
        for (int seed = 0; seed < TREES; seed++) {
            RandomEdits gen = new RandomEdits(seed);
            ResolvedTree r = admissible(gen, seed % 40);
            for (int step = 0; step < EDITS; step++) {
                ResolvedTree current = r;
                TreeEdit edit = gen.edit(current.tree());
                String where = "seed " + seed + ", step " + step + ": " + edit;
                Object full = outcome(() -> fullAdmission(current.tree(), edit));
                Object incremental = outcome(() -> Admission.apply(current, edit));
                if (full instanceof ResolvedTree) {
                    assertTrue(where + ": " + incremental, incremental instanceof ResolvedTree);
                    assertSameResolution(where, (ResolvedTree) full, (ResolvedTree) incremental);
                    r = (ResolvedTree) incremental;
                    accepted++;
                } else {
                    assertEquals(where, full, incremental);
                    if (full instanceof List) {
                        ((List<?>) full).forEach(v -> seen.add(((Violation) v).code()));
                    }
                    boolean structural = full instanceof List && ((List<?>) full).stream()
                            .anyMatch(v -> isStructural(((Violation) v).code()));
                    if (structural) {
                        refusedByStructure++;
                    } else {
                        refusedByAdmission++;
                    }
                }
            }
        }
        String counts = accepted + " accepted, " + refusedByAdmission + " refused by admission, "
                + refusedByStructure + " by structure";
        assertTrue(counts, accepted >= 1500 && refusedByAdmission >= 300 && refusedByStructure >= 200);
        assertTrue(seen.toString(), seen.containsAll(EnumSet.of(ViolationCode.GUARANTEE_ABOVE_PARENT,
                ViolationCode.GUARANTEE_ABOVE_PEAK, ViolationCode.WEIGHT_NOT_POSITIVE, ViolationCode.WEIGHT_UNDERIVABLE,
                ViolationCode.NOT_PROPORTIONAL, ViolationCode.KEYS_OVERLAP)));
    }

    @Test
    public void anEditOfALeafChangesOnlyItsGroupAndBelow() {
        BandwidthTree t = TestTrees.tree(2, "10G", 0.9)
                .addNode(TestTrees.node("a", null, 1).weight(1.0).build())
                .addNode(TestTrees.node("b", null, 2).weight(3.0).build())
                .addNode(TestTrees.node("a1", "a", 1).build())
                .addNode(TestTrees.node("a2", "a", 2).build())
                .addNode(TestTrees.node("b1", "b", 1).build()).build();
        ResolvedTree r = Admission.admit(t);
        ResolvedTree heavier = Admission.apply(r, TreeEdit.update(t.get("a").toBuilder().weight(3.0).build()));
        assertEquals(4.5e9, heavier.guarantee("a"), 1);
        assertEquals(2.25e9, heavier.guarantee("a1"), 1); // re-resolved below a: its guarantee changed
        assertEquals(4.5e9, heavier.guarantee("b1"), 1);
        try {
            Admission.apply(heavier, TreeEdit.add(NodeSpec.builder("a3").parent("a").key(TestTrees.key16(3))
                    .guaranteed(org.hsdba.model.Rate.parse("5G")).weight(1.0).build()));
            fail("admitted");
        } catch (InvalidTreeException e) {
            assertEquals(Admission.check(TreeEdit.add(NodeSpec.builder("a3").parent("a").key(TestTrees.key16(3))
                    .guaranteed(org.hsdba.model.Rate.parse("5G")).weight(1.0).build()).applyTo(heavier.tree())),
                    e.violations());
        }
    }

    @Test(expected = IllegalArgumentException.class)
    public void anEditMustBeOfTheAdmittedTree() {
        BandwidthTree t = TestTrees.tree(1, "10G", 0.9).addNode(TestTrees.node("a", null, 1).build()).build();
        ResolvedTree r = Admission.admit(t);
        Admission.admit(r, TreeEdit.deleteSubtree("a").apply(t.withVersion(5)));
    }

    private static boolean isStructural(ViolationCode code) {
        switch (code) {
            case GUARANTEE_ABOVE_PARENT:
            case GUARANTEE_ABOVE_PEAK:
            case WEIGHT_NOT_POSITIVE:
            case WEIGHT_OUT_OF_RANGE:
            case WEIGHT_UNDERIVABLE:
            case NOT_PROPORTIONAL:
            case KEYS_OVERLAP:
                return false;
            default:
                return true;
        }
    }

    /** A random tree that admission accepts (the generator's trees mostly are). */
    private static ResolvedTree admissible(RandomEdits gen, int size) {
        for (int attempt = 0; ; attempt++) {
            BandwidthTree t = gen.tree(size);
            if (Admission.check(t).isEmpty()) {
                return Admission.admit(t);
            }
            if (attempt > 100) {
                throw new AssertionError("the generator gives no admissible tree of " + size + " nodes");
            }
        }
    }

}
