package org.hsdba.impl.program;

import java.util.Optional;

/**
 * One node's entry as read from the switch: cumulative bytes that passed and were dropped in
 * its subtree, and, where the switch tracks it (in-switch mode), whether the entry is active and
 * whether the node is satisfied. Counters are cumulative since the entry was installed.
 */
public final class EntryCounters {

    private final long passedBytes;
    private final long droppedBytes;
    private final Boolean active;
    private final Boolean satisfied;

    public EntryCounters(long passedBytes, long droppedBytes, Boolean active, Boolean satisfied) {
        if (passedBytes < 0 || droppedBytes < 0) {
            throw new IllegalArgumentException("byte counters cannot be negative: passed " + passedBytes
                    + ", dropped " + droppedBytes);
        }
        this.passedBytes = passedBytes;
        this.droppedBytes = droppedBytes;
        this.active = active;
        this.satisfied = satisfied;
    }

    public long passedBytes() {
        return passedBytes;
    }

    public long droppedBytes() {
        return droppedBytes;
    }

    /** Passed plus dropped: what arrived. */
    public long arrivedBytes() {
        return passedBytes + droppedBytes;
    }

    /** The switch's activity bit, if it has one (in-switch); empty when activity is emulated from counters. */
    public Optional<Boolean> active() {
        return Optional.ofNullable(active);
    }

    /** The node's S bit from its state words, if the program exposes it. */
    public Optional<Boolean> satisfied() {
        return Optional.ofNullable(satisfied);
    }

    @Override
    public String toString() {
        return "passed " + passedBytes + " B, dropped " + droppedBytes + " B"
                + (active == null ? "" : active ? ", active" : ", inactive")
                + (satisfied == null ? "" : satisfied ? ", S" : ", U");
    }
}
