package org.hsdba.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hsdba.model.Rate;

/**
 * A traffic source sending into one leaf: its rate (while on, for on/off sources), packet sizes,
 * distribution and active intervals (sorted, non-overlapping, in seconds).
 */
public final class TrafficSource {

    private final String id;
    private final String nodeId;
    private final Rate rate;
    private final PacketSizeMix sizes;
    private final Distribution distribution;
    private final List<Interval> active;

    private TrafficSource(String id, String nodeId, Rate rate, PacketSizeMix sizes, Distribution distribution,
                          List<Interval> active) {
        this.id = Objects.requireNonNull(id, "id");
        this.nodeId = Objects.requireNonNull(nodeId, "node");
        this.rate = Objects.requireNonNull(rate, "rate");
        this.sizes = Objects.requireNonNull(sizes, "packet sizes");
        this.distribution = Objects.requireNonNull(distribution, "distribution");
        List<Interval> sorted = new ArrayList<>(active);
        Collections.sort(sorted);
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).overlaps(sorted.get(i - 1))) {
                throw new IllegalArgumentException("source \"" + id + "\": active intervals " + sorted.get(i - 1)
                        + " and " + sorted.get(i) + " overlap");
            }
        }
        if (rate.isUnlimited()) {
            throw new IllegalArgumentException("source \"" + id + "\": rate must be finite");
        }
        this.active = List.copyOf(sorted);
    }

    public static TrafficSource of(String id, String nodeId, Rate rate, PacketSizeMix sizes, Distribution distribution,
                                   List<Interval> active) {
        return new TrafficSource(id, nodeId, rate, sizes, distribution, active);
    }

    public String id() {
        return id;
    }

    /** The leaf this source's packets match. */
    public String nodeId() {
        return nodeId;
    }

    /** Sending rate (while on, for on/off sources). */
    public Rate rate() {
        return rate;
    }

    public PacketSizeMix sizes() {
        return sizes;
    }

    public Distribution distribution() {
        return distribution;
    }

    public List<Interval> active() {
        return active;
    }

    public boolean isActiveAt(double t) {
        for (Interval i : active) {
            if (i.contains(t)) {
                return true;
            }
        }
        return false;
    }

    /** Long-run mean rate while active: rate x duty cycle. */
    public double meanRate() {
        return rate.asDouble() * distribution.dutyCycle();
    }

    /** What the source offers at time t: its mean rate if active, else 0. */
    public double offeredAt(double t) {
        return isActiveAt(t) ? meanRate() : 0;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TrafficSource)) {
            return false;
        }
        TrafficSource s = (TrafficSource) o;
        return s.id.equals(id) && s.nodeId.equals(nodeId) && s.rate.equals(rate) && s.sizes.equals(sizes)
                && s.distribution.equals(distribution) && s.active.equals(active);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, nodeId, rate, sizes, distribution, active);
    }

    @Override
    public String toString() {
        return "source " + id + " -> " + nodeId + " " + rate + " " + sizes + " " + distribution + " " + active;
    }
}
