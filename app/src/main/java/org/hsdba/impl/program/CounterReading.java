package org.hsdba.impl.program;

import java.util.Map;
import java.util.Optional;

/** Every node's entry counters of one device, read at one moment ({@code nanoTime} of the controller's monotonic clock). */
public final class CounterReading {

    private final long nanoTime;
    private final Map<NodeRef, EntryCounters> entries;

    public CounterReading(long nanoTime, Map<NodeRef, EntryCounters> entries) {
        this.nanoTime = nanoTime;
        this.entries = Map.copyOf(entries);
    }

    public long nanoTime() {
        return nanoTime;
    }

    public Map<NodeRef, EntryCounters> entries() {
        return entries;
    }

    public Optional<EntryCounters> get(NodeRef node) {
        return Optional.ofNullable(entries.get(node));
    }

    /** The same counters stamped with another time (the manager stamps a reading with the time it was requested). */
    public CounterReading at(long newNanoTime) {
        return new CounterReading(newNanoTime, entries);
    }

    @Override
    public String toString() {
        return "CounterReading{" + nanoTime + ", " + entries.size() + " entries}";
    }
}
