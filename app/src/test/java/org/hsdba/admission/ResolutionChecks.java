package org.hsdba.admission;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;

/** What the admission differential tests compare: an admission's outcome, and two resolutions bit for bit. */
final class ResolutionChecks {

    private ResolutionChecks() {
    }

    /** The resolved tree, the violations of a refusal (as a list), or the name and message of another failure. */
    static Object outcome(Supplier<Object> f) {
        try {
            return f.get();
        } catch (InvalidTreeException e) {
            return new ArrayList<>(e.violations());
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /** Same tree, and for every node the same weight, guarantee and peak bits, flags and sibling groups. */
    static void assertSameResolution(String where, ResolvedTree expected, ResolvedTree actual) {
        assertEquals(where, expected.tree(), actual.tree());
        assertEquals(where, expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            String at = where + ", node " + expected.tree().node(i).id();
            assertEquals(at, Double.doubleToLongBits(expected.weight(i)), Double.doubleToLongBits(actual.weight(i)));
            assertEquals(at, Double.doubleToLongBits(expected.guarantee(i)), Double.doubleToLongBits(actual.guarantee(i)));
            assertEquals(at, Double.doubleToLongBits(expected.peak(i)), Double.doubleToLongBits(actual.peak(i)));
            assertEquals(at, expected.guaranteeImplied(i), actual.guaranteeImplied(i));
            assertEquals(at, expected.isLeaf(i), actual.isLeaf(i));
        }
        for (int p = -1; p < expected.size(); p++) {
            assertEquals(where + ", group of " + p, expected.group(p), actual.group(p));
        }
        assertValuesAreTheResolution(where, expected);
    }

    /**
     * The weights and guarantees the admitted tree finds again from its nodes and their groups'
     * ratios are, bit for bit, those a full admission pass computed.
     */
    static void assertValuesAreTheResolution(String where, ResolvedTree admitted) {
        double[][] computed = Admission.resolvedValues(admitted.tree());
        for (int i = 0; i < admitted.size(); i++) {
            String at = where + ", node " + admitted.tree().node(i).id() + " as resolved";
            assertEquals(at, Double.doubleToLongBits(computed[0][i]), Double.doubleToLongBits(admitted.weight(i)));
            assertEquals(at, Double.doubleToLongBits(computed[1][i]), Double.doubleToLongBits(admitted.guarantee(i)));
        }
        // Each group's kept sum of guarantees is the sum the rule "within the parent's" adds, in member order.
        BandwidthTree t = admitted.tree();
        for (int p = -1; p < t.size(); p++) {
            double sum = 0;
            boolean anyGiven = false;
            for (int k = 0; k < t.childCount(p); k++) {
                int c = t.child(p, k);
                if (!t.node(c).isTemplate()) {
                    sum += computed[1][c];
                    anyGiven |= !admitted.guaranteeImplied(c);
                }
            }
            assertEquals(where + ", sum of the guarantees under " + p, Double.doubleToLongBits(anyGiven ? sum : Double.NaN),
                    Double.doubleToLongBits(admitted.group(p).guaranteeSum()));
        }
    }

    /** The reference: the edited tree checked and admitted as a whole. */
    static ResolvedTree fullAdmission(BandwidthTree t, TreeEdit edit) {
        BandwidthTree candidate = edit.applyTo(t);
        List<Violation> violations = Admission.check(candidate);
        if (!violations.isEmpty()) {
            throw new InvalidTreeException(violations);
        }
        return Admission.admit(candidate);
    }
}
