package org.hsdba.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which packets leave by a tree's port: those whose {@code field} matches {@code key} (e.g. the
 * destination MAC, or an IPv4 destination prefix). A switch with several managed egress ports
 * starts every packet with this match to pick the tree that enforces it; the most specific
 * matching selector wins, and a tree without one takes what no other selector takes. Immutable.
 */
public final class PortSelector {

    private final FieldSpec field;
    private final MatchKey key;

    private PortSelector(FieldSpec field, MatchKey key) {
        this.field = field;
        this.key = key;
    }

    /** The key must have the field's length. */
    public static PortSelector of(FieldSpec field, MatchKey key) {
        Objects.requireNonNull(field, "selector field");
        Objects.requireNonNull(key, "selector key");
        if (key.lengthBits() != field.lengthBits()) {
            throw new IllegalArgumentException("selector key " + key + " has " + key.lengthBits()
                    + " bits but its field (" + field + ") has " + field.lengthBits());
        }
        return new PortSelector(field, key);
    }

    /**
     * The rules that let one switch tell its trees apart, checked over the trees of one device:
     * at most one tree without a selector, one field for all selectors, and no two selectors that
     * overlap unless one contains the other (the most specific match must be unique). Each broken
     * rule is a {@link ViolationCode#KEYS_OVERLAP} on field {@code selector} naming both ports.
     */
    public static List<Violation> check(List<BandwidthTree> trees) {
        List<Violation> out = new ArrayList<>();
        BandwidthTree unselected = null;
        BandwidthTree first = null;
        for (BandwidthTree t : trees) {
            if (t.selector().isEmpty()) {
                if (unselected != null) {
                    out.add(violation(unselected.rootPath() + " and " + t.rootPath() + " of " + t.port().deviceId()
                            + " both take all traffic (no selector); give all but one of them a selector saying"
                            + " which traffic leaves by that port"));
                }
                unselected = t;
            } else if (first == null) {
                first = t;
            } else if (!first.selector().get().field.equals(t.selector().get().field)) {
                out.add(violation(t.rootPath() + " selects by " + t.selector().get().field + " but "
                        + first.rootPath() + " by " + first.selector().get().field + "; a switch picks the tree"
                        + " by one field, so all selectors of " + t.port().deviceId() + " must use the same field"));
            }
        }
        for (int i = 0; i < trees.size(); i++) {
            for (int j = i + 1; j < trees.size(); j++) {
                BandwidthTree a = trees.get(i);
                BandwidthTree b = trees.get(j);
                if (a.selector().isEmpty() || b.selector().isEmpty()
                        || !a.selector().get().field.equals(b.selector().get().field)) {
                    continue;
                }
                MatchKey ka = a.selector().get().key;
                MatchKey kb = b.selector().get().key;
                if (ka.overlaps(kb) && contains(ka, kb) == contains(kb, ka)) {
                    out.add(violation(a.rootPath() + " (selector " + ka + ") and " + b.rootPath() + " (selector "
                            + kb + ") of " + a.port().deviceId() + (ka.equals(kb) ? " select the same traffic"
                            : " select overlapping traffic and neither contains the other")
                            + ": a packet must go to exactly one most specific selector"));
                }
            }
        }
        return out;
    }

    /** True if every packet {@code inner} matches also matches {@code outer}. */
    private static boolean contains(MatchKey outer, MatchKey inner) {
        return outer.maskNumber().andNot(inner.maskNumber()).signum() == 0 && outer.overlaps(inner);
    }

    private static Violation violation(String message) {
        return new Violation(ViolationCode.KEYS_OVERLAP, null, "selector", message);
    }

    public FieldSpec field() {
        return field;
    }

    public MatchKey key() {
        return key;
    }

    /** True if the frame's field matches the key. */
    public boolean matches(byte[] frame) {
        return key.matches(frame, field.offsetBits());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PortSelector && ((PortSelector) o).field.equals(field) && ((PortSelector) o).key.equals(key);
    }

    @Override
    public int hashCode() {
        return field.hashCode() * 31 + key.hashCode();
    }

    @Override
    public String toString() {
        return field + " = " + key;
    }
}
