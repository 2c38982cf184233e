package org.hsdba.impl;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.api.HistorySample;

/** A node's last {@code capacity} samples in a ring. Thread-safe. */
final class History {

    private final HistorySample[] ring;
    private int next;
    private int size;

    History(int capacity) {
        this.ring = new HistorySample[capacity];
    }

    synchronized void add(HistorySample s) {
        ring[next] = s;
        next = (next + 1) % ring.length;
        size = Math.min(size + 1, ring.length);
    }

    /** Oldest first. */
    synchronized List<HistorySample> samples() {
        List<HistorySample> out = new ArrayList<>(size);
        int start = (next - size + ring.length) % ring.length;
        for (int k = 0; k < size; k++) {
            out.add(ring[(start + k) % ring.length]);
        }
        return out;
    }
}
