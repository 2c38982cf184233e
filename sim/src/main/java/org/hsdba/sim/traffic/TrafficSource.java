package org.hsdba.sim.traffic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One traffic source: it sends into leaf {@code leafId} at {@code rateBps} (the rate while
 * sending; see {@link ArrivalProcess}) during its active intervals, with frames of
 * {@code sizes}. Immutable.
 */
public final class TrafficSource {

    private final String id;
    private final String leafId;
    private final double rateBps;
    private final PacketSizes sizes;
    private final ArrivalProcess process;
    private final List<ActiveInterval> intervals;

    public TrafficSource(String id, String leafId, double rateBps, PacketSizes sizes,
                         ArrivalProcess process, List<ActiveInterval> intervals) {
        this.id = Objects.requireNonNull(id, "source id");
        this.leafId = Objects.requireNonNull(leafId, "leaf id of source " + id);
        this.sizes = Objects.requireNonNull(sizes, "packet sizes of source " + id);
        this.process = Objects.requireNonNull(process, "arrival process of source " + id);
        if (!(rateBps > 0) || Double.isInfinite(rateBps)) {
            throw new IllegalArgumentException("source " + id + ": rate must be > 0 bit/s, got " + rateBps);
        }
        this.rateBps = rateBps;
        List<ActiveInterval> sorted = new ArrayList<>(intervals);
        Collections.sort(sorted);
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).startNs() < sorted.get(i - 1).endNs()) {
                throw new IllegalArgumentException("source " + id + ": active intervals "
                        + sorted.get(i - 1) + " and " + sorted.get(i) + " overlap");
            }
        }
        this.intervals = Collections.unmodifiableList(sorted);
    }

    public String id() {
        return id;
    }

    public String leafId() {
        return leafId;
    }

    /** Rate while sending, bits/s. */
    public double rateBps() {
        return rateBps;
    }

    /** Long-run mean rate while active, bits/s (the rate times the on/off duty cycle). */
    public double meanRateBps() {
        return rateBps * process.dutyCycle();
    }

    public PacketSizes sizes() {
        return sizes;
    }

    public ArrivalProcess process() {
        return process;
    }

    /** Sorted, non-overlapping. */
    public List<ActiveInterval> intervals() {
        return intervals;
    }

    public boolean activeAt(long tNs) {
        for (ActiveInterval interval : intervals) {
            if (interval.contains(tNs)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TrafficSource)) {
            return false;
        }
        TrafficSource s = (TrafficSource) o;
        return id.equals(s.id) && leafId.equals(s.leafId) && rateBps == s.rateBps
                && sizes.equals(s.sizes) && process.equals(s.process) && intervals.equals(s.intervals);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, leafId, rateBps, sizes, process, intervals);
    }

    @Override
    public String toString() {
        return "source " + id + " -> " + leafId + " " + rateBps + " b/s " + process + " " + sizes
                + " " + intervals;
    }
}
