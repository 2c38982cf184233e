package org.hsdba.model.json;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.model.Violation;

/** Collects problems while reading a document, so that all of them are reported at once. */
public final class Problems {

    /** At most this many problems are kept (the rest are only counted). */
    public static final int MAX_KEPT = 1000;

    private final List<ConfigException.Problem> kept = new ArrayList<>();
    private int total;

    /** A {@link ConfigException.Kind#VALUE} problem. */
    public void add(String pointer, String message) {
        add(ConfigException.Kind.VALUE, pointer, message);
    }

    /** A problem of a kind other than {@link ConfigException.Kind#RULE} (see {@link #add(String, Violation)}). */
    public void add(ConfigException.Kind kind, String pointer, String message) {
        add(new ConfigException.Problem(kind, pointer, -1, -1, message));
    }

    /** A broken tree rule, at the member of the document it is about. */
    public void add(String pointer, Violation violation) {
        add(ConfigException.Problem.rule(pointer, violation));
    }

    private void add(ConfigException.Problem p) {
        total++;
        if (kept.size() < MAX_KEPT) {
            kept.add(p);
        }
    }

    public boolean isEmpty() {
        return total == 0;
    }

    public int count() {
        return total;
    }

    /** True if a problem was recorded at {@code pointer} or below it. */
    public boolean hasAtOrBelow(String pointer) {
        for (ConfigException.Problem p : kept) {
            if (p.pointer().equals(pointer) || p.pointer().startsWith(pointer + "/")) {
                return true;
            }
        }
        return false;
    }

    /** Throws a {@link ConfigException} with everything collected, if anything was. */
    public void throwIfAny() {
        if (total > 0) {
            throw new ConfigException(new ArrayList<>(kept), total);
        }
    }
}
