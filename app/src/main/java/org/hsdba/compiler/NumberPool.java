package org.hsdba.compiler;

import java.util.Collection;
import java.util.TreeSet;

/**
 * Free numbers of one switch resource, lowest first: the never-used part as a range (so a switch
 * declaring millions of counters or register words costs nothing until they are used) and the
 * numbers given back as a set (all below the range, since they were taken from it). Immutable;
 * {@link #edit()} gives a mutable copy that shares the set until it takes from it.
 */
final class NumberPool {

    static final NumberPool EMPTY = new NumberPool(new TreeSet<>(), 0, 0, 1);

    private final TreeSet<Long> reused;
    private final long next;
    private final long end;
    private final long step;

    private NumberPool(TreeSet<Long> reused, long next, long end, long step) {
        this.reused = reused;
        this.next = next;
        this.end = end;
        this.step = step;
    }

    /** {@code from, from + step, ...} below {@code to}. */
    static NumberPool range(long from, long to, long step) {
        if (step < 1) {
            throw new IllegalArgumentException("step " + step + " must be positive");
        }
        return new NumberPool(new TreeSet<>(), from, Math.max(from, to), step);
    }

    long size() {
        long fresh = (end - next + step - 1) / step;
        return reused.size() + fresh;
    }

    Mutable edit() {
        return new Mutable(this);
    }

    /** A pool being taken from; numbers given back become free only in the frozen pool. */
    static final class Mutable {
        private final NumberPool from;
        private TreeSet<Long> reused;
        private boolean copied;
        private long next;

        private Mutable(NumberPool from) {
            this.from = from;
            this.reused = from.reused;
            this.next = from.next;
        }

        long size() {
            return reused.size() + (from.end - next + from.step - 1) / from.step;
        }

        boolean isEmpty() {
            return size() == 0;
        }

        /** Takes the lowest free number; the pool must not be empty. */
        long take() {
            if (!reused.isEmpty()) {
                writable();
                return reused.pollFirst();
            }
            if (next >= from.end) {
                throw new IllegalStateException("pool is empty");
            }
            long v = next;
            next += from.step;
            return v;
        }

        NumberPool freeze(Collection<Long> givenBack) {
            if (givenBack.isEmpty() && !copied && next == from.next) {
                return from;
            }
            if (!givenBack.isEmpty()) {
                writable().addAll(givenBack);
            }
            return new NumberPool(reused, next, from.end, from.step);
        }

        private TreeSet<Long> writable() {
            if (!copied) {
                reused = new TreeSet<>(reused);
                copied = true;
            }
            return reused;
        }
    }
}
