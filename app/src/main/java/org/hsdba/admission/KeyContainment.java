package org.hsdba.admission;

import java.math.BigInteger;

import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;

/**
 * Whether a node's key can ever match under its parent's: a packet reaches the node only through
 * the parent, so where the two fields share bits (the same field, or one inside the other) and
 * both keys care about a bit, they must want the same value. Host 10.9.9.9 under subnet
 * 10.3.0.0/16 on the IPv4 destination can never match; fields that do not share bits never
 * conflict. Pure function.
 */
final class KeyContainment {

    private KeyContainment() {
    }

    /** False if some bit both keys care about is wanted 0 by one and 1 by the other. */
    static boolean canMatch(MatchKey parent, FieldSpec parentField, MatchKey child, FieldSpec childField) {
        int from = Math.max(parentField.offsetBits(), childField.offsetBits());
        int to = Math.min(parentField.endBits(), childField.endBits());
        if (from >= to) {
            return true;
        }
        BigInteger pv = parent.valueNumber();
        BigInteger pm = parent.maskNumber();
        BigInteger cv = child.valueNumber();
        BigInteger cm = child.maskNumber();
        for (int b = from; b < to; b++) {
            // bit b of the packet is bit (b - offset) of a field counted from its most significant bit
            int pi = parentField.lengthBits() - 1 - (b - parentField.offsetBits());
            int ci = childField.lengthBits() - 1 - (b - childField.offsetBits());
            if (pm.testBit(pi) && cm.testBit(ci) && pv.testBit(pi) != cv.testBit(ci)) {
                return false;
            }
        }
        return true;
    }
}
