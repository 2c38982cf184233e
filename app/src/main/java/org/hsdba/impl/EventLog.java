package org.hsdba.impl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.hsdba.api.HsdbaEvent;

/** The most recent events, bounded: the oldest are forgotten first. Thread-safe. */
final class EventLog {

    private final int capacity;
    private final ArrayDeque<HsdbaEvent> events;

    EventLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("event log capacity " + capacity + " must be at least 1");
        }
        this.capacity = capacity;
        this.events = new ArrayDeque<>(capacity);
    }

    synchronized void add(HsdbaEvent e) {
        if (events.size() == capacity) {
            events.removeFirst();
        }
        events.addLast(e);
    }

    /** Newest first, at most {@code limit}. */
    synchronized List<HsdbaEvent> newest(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("event limit " + limit + " cannot be negative");
        }
        List<HsdbaEvent> out = new ArrayList<>(Math.min(limit, events.size()));
        Iterator<HsdbaEvent> it = events.descendingIterator();
        while (it.hasNext() && out.size() < limit) {
            out.add(it.next());
        }
        return out;
    }
}
