package org.hsdba.pofswitch.tables;

/**
 * The datapath-writable side of one flow entry (docs/pof-hsdba-extension.md sections 3.5 and 8):
 * HX state words, the active bit and last hit time, and the passed/dropped counters. Mutated only
 * under the switch's lock; kept across FLOW_MOD MODIFY.
 */
public final class EntryRuntime {
    private final long[] state;
    private boolean active;
    /** Out of its parent's sums after its aging gap, not idle yet (section 8.1). */
    private boolean aged;
    /** ENTRY word AGE_NS, written by the program; 0 = no aging. */
    private long ageNs;
    private long lastHitNs;
    private long passedPackets;
    private long passedBytes;
    private long droppedPackets;
    private long droppedBytes;

    public EntryRuntime(int stateWords) {
        this.state = new long[stateWords];
    }

    /** The state words (live array, length = the switch's state_words). */
    public long[] state() {
        return state;
    }

    public boolean active() {
        return active;
    }

    public void setActive(boolean active) {
        this.active = active;
    }

    /** An aged entry is inactive for the program (out of the sums) but its idle clock still runs. */
    public boolean aged() {
        return aged;
    }

    public void setAged(boolean aged) {
        this.aged = aged;
    }

    public long ageNs() {
        return ageNs;
    }

    public void setAgeNs(long ageNs) {
        this.ageNs = ageNs;
    }

    public long lastHitNs() {
        return lastHitNs;
    }

    public void setLastHitNs(long lastHitNs) {
        this.lastHitNs = lastHitNs;
    }

    /** Adds one packet of {@code bytes} to the passed or the dropped counters. */
    public void count(boolean passed, long bytes) {
        if (passed) {
            passedPackets++;
            passedBytes += bytes;
        } else {
            droppedPackets++;
            droppedBytes += bytes;
        }
    }

    public long passedPackets() {
        return passedPackets;
    }

    public long passedBytes() {
        return passedBytes;
    }

    public long droppedPackets() {
        return droppedPackets;
    }

    public long droppedBytes() {
        return droppedBytes;
    }
}
