package org.hsdba.model.json;

import java.util.ArrayList;
import java.util.List;

/** Collects problems while reading a document, so that all of them are reported at once. */
public final class Problems {

    /** At most this many problems are kept (the rest are only counted). */
    public static final int MAX_KEPT = 1000;

    private final List<ConfigException.Problem> kept = new ArrayList<>();
    private int total;

    public void add(String pointer, String message) {
        total++;
        if (kept.size() < MAX_KEPT) {
            kept.add(new ConfigException.Problem(pointer, message));
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
