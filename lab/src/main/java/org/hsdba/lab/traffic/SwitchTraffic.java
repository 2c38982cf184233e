package org.hsdba.lab.traffic;

import java.util.List;
import java.util.stream.Collectors;

import org.hsdba.sim.traffic.ArrivalStream;
import org.hsdba.sim.traffic.FieldWrite;
import org.hsdba.sim.traffic.FrameFactory;
import org.hsdba.sim.traffic.TrafficSource;

/**
 * The traffic one switch plays: the sources sending into its trees, with the fields that make
 * each source's frames match its leaf, over one scenario duration. Immutable; every
 * {@link #stream()} is a fresh replay.
 */
public final class SwitchTraffic {

    private final List<TrafficSource> sources;
    private final List<List<FieldWrite>> fields;
    private final long seed;
    private final double durationSeconds;
    private final int highestEgressPort;

    SwitchTraffic(List<TrafficSource> sources, List<List<FieldWrite>> fields, long seed, double durationSeconds,
                  int highestEgressPort) {
        this.sources = List.copyOf(sources);
        this.fields = fields.stream().map(List::copyOf).collect(Collectors.toUnmodifiableList());
        this.seed = seed;
        this.durationSeconds = durationSeconds;
        this.highestEgressPort = highestEgressPort;
    }

    public List<TrafficSource> sources() {
        return sources;
    }

    public boolean isEmpty() {
        return sources.isEmpty();
    }

    public double durationSeconds() {
        return durationSeconds;
    }

    public long durationNanos() {
        return Math.round(durationSeconds * 1e9);
    }

    /** The highest egress port of the trees the sources send into (0 without sources). */
    public int highestEgressPort() {
        return highestEgressPort;
    }

    /** All sources' packets over one duration, in time order. */
    public ArrivalStream stream() {
        return new ArrivalStream(sources, seed, durationNanos());
    }

    /** Builds (and checks) every source's frames. */
    public FrameFactory frames() {
        return new FrameFactory(sources, fields);
    }

    /** Mean offered rate of the sources active at {@code seconds} into the scenario, bits/s. */
    public double offeredBpsAt(double seconds) {
        long t = Math.round(seconds * 1e9);
        return sources.stream().filter(s -> s.activeAt(t)).mapToDouble(TrafficSource::meanRateBps).sum();
    }
}
