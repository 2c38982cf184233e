package org.hsdba.sim.traffic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Frames for the packets of a set of sources: source {@code i} carries {@code fields.get(i)}.
 * Each distinct (source, size) frame is built once (all frames are checked up front, so a bad
 * field fails before a run starts) and every call returns a fresh copy, since a processor may
 * rewrite the frame it is given.
 */
public final class FrameFactory {

    private final List<List<FieldWrite>> fields;
    private final Map<Long, byte[]> templates = new HashMap<>();

    public FrameFactory(List<TrafficSource> sources, List<List<FieldWrite>> fields) {
        if (sources.size() != fields.size()) {
            throw new IllegalArgumentException("frame factory: " + sources.size() + " sources but "
                    + fields.size() + " field lists");
        }
        this.fields = new ArrayList<>(fields);
        for (int i = 0; i < sources.size(); i++) {
            for (int size : sources.get(i).sizes().sizes()) {
                try {
                    template(i, size);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("source " + sources.get(i).id() + " (leaf "
                            + sources.get(i).leafId() + "): " + e.getMessage(), e);
                }
            }
        }
    }

    /** A new frame for {@code arrival}. */
    public byte[] frame(Arrival arrival) {
        return template(arrival.sourceIndex(), arrival.bytes()).clone();
    }

    private byte[] template(int source, int size) {
        long key = ((long) source << 32) | size;
        byte[] t = templates.get(key);
        if (t == null) {
            t = FrameBuilder.build(size, source, fields.get(source));
            templates.put(key, t);
        }
        return t;
    }
}
