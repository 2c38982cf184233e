package org.hsdba.impl;

import java.util.HashMap;
import java.util.Map;

import org.hsdba.api.TrafficTotals;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.NodeRef;

/**
 * Turns a device's entry counters, which restart whenever an entry is installed anew (a
 * reconnect, a reprogram), into totals that only grow: each reading adds what every counter
 * gained since the previous one, or all of it when the counter went back or the node was not in
 * the previous reading. Pure functions.
 */
final class CounterTotals {

    private CounterTotals() {
    }

    /**
     * The totals after {@code current}: one per node of the reading (nodes gone from the device
     * are dropped; one that comes back starts again from zero).
     *
     * @param totals the totals after {@code previous}
     * @param previous the device's previous reading, or null for the first of a session
     */
    static Map<NodeRef, TrafficTotals> advance(Map<NodeRef, TrafficTotals> totals, CounterReading previous,
                                               CounterReading current) {
        Map<NodeRef, TrafficTotals> next = new HashMap<>(current.entries().size() * 2);
        for (Map.Entry<NodeRef, EntryCounters> e : current.entries().entrySet()) {
            EntryCounters now = e.getValue();
            EntryCounters before = previous == null ? null : previous.get(e.getKey()).orElse(null);
            TrafficTotals gained = before == null
                    ? new TrafficTotals(now.passedBytes(), now.passedPackets(), now.droppedBytes(), now.droppedPackets())
                    : new TrafficTotals(gain(before.passedBytes(), now.passedBytes()),
                            gain(before.passedPackets(), now.passedPackets()),
                            gain(before.droppedBytes(), now.droppedBytes()),
                            gain(before.droppedPackets(), now.droppedPackets()));
            next.put(e.getKey(), totals.getOrDefault(e.getKey(), TrafficTotals.ZERO).plus(gained));
        }
        return next;
    }

    /** What a cumulative counter gained; one that went back was reset, so all it holds is new. */
    private static long gain(long before, long now) {
        return now >= before ? now - before : now;
    }
}
