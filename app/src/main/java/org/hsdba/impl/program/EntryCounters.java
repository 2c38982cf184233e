package org.hsdba.impl.program;

import java.util.Optional;

/**
 * One node's entry as read from the switch: cumulative bytes and packets that passed and were
 * dropped in its subtree, and, where the switch tracks it (in-switch mode), whether the entry is active and
 * whether the node is satisfied. Counters are cumulative since the entry was installed.
 */
public final class EntryCounters {

    private final long passedBytes;
    private final long droppedBytes;
    private final long passedPackets;
    private final long droppedPackets;
    private final Boolean active;
    private final Boolean satisfied;

    public EntryCounters(long passedBytes, long droppedBytes, long passedPackets, long droppedPackets, Boolean active,
                         Boolean satisfied) {
        if (passedBytes < 0 || droppedBytes < 0 || passedPackets < 0 || droppedPackets < 0) {
            throw new IllegalArgumentException("counters cannot be negative: passed " + passedBytes + " B / "
                    + passedPackets + " packets, dropped " + droppedBytes + " B / " + droppedPackets + " packets");
        }
        this.passedBytes = passedBytes;
        this.droppedBytes = droppedBytes;
        this.passedPackets = passedPackets;
        this.droppedPackets = droppedPackets;
        this.active = active;
        this.satisfied = satisfied;
    }

    public long passedBytes() {
        return passedBytes;
    }

    public long droppedBytes() {
        return droppedBytes;
    }

    public long passedPackets() {
        return passedPackets;
    }

    public long droppedPackets() {
        return droppedPackets;
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
        return "passed " + passedBytes + " B / " + passedPackets + " p, dropped " + droppedBytes + " B / "
                + droppedPackets + " p"
                + (active == null ? "" : active ? ", active" : ", inactive")
                + (satisfied == null ? "" : satisfied ? ", S" : ", U");
    }
}
