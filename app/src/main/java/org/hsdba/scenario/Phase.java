package org.hsdba.scenario;

import java.util.List;

/** A stretch of a run [start, end) in which the same sources are active. */
public final class Phase {

    private final double start;
    private final double end;
    private final List<String> activeSources;

    Phase(double start, double end, List<String> activeSources) {
        this.start = start;
        this.end = end;
        this.activeSources = List.copyOf(activeSources);
    }

    public double start() {
        return start;
    }

    public double end() {
        return end;
    }

    public double midpoint() {
        return (start + end) / 2;
    }

    /** Ids of the active sources, in the scenario's order. */
    public List<String> activeSources() {
        return activeSources;
    }

    @Override
    public String toString() {
        return "[" + start + ", " + end + ") " + activeSources;
    }
}
