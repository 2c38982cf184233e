package org.hsdba.sim.traffic;

import java.util.SplittableRandom;

/** The packets of one source in time order, up to a horizon. Stateful, single-threaded. */
final class SourceStream {

    private final TrafficSource source;
    private final int index;
    private final SplittableRandom rng;
    private final long horizonNs;
    private int intervalIndex = -1;
    private ArrivalProcess.Timeline timeline;
    private double nextNs;
    private int nextBytes;
    private boolean exhausted;

    SourceStream(TrafficSource source, int index, SplittableRandom rng, long horizonNs) {
        this.source = source;
        this.index = index;
        this.rng = rng;
        this.horizonNs = horizonNs;
        startNextInterval();
    }

    boolean exhausted() {
        return exhausted;
    }

    int index() {
        return index;
    }

    /** Time of the next packet, ns (rounded); only valid when not exhausted. */
    long peekNs() {
        return Math.round(nextNs);
    }

    /** Tells the current interval's sender that its packet sent at {@code sentNs} was lost. */
    void lost(long sentNs) {
        if (timeline != null) {
            timeline.lost(sentNs);
        }
    }

    Arrival poll() {
        Arrival arrival = new Arrival(Math.round(nextNs), index, nextBytes);
        advance();
        return arrival;
    }

    private void advance() {
        double t = timeline.next(nextNs, nextBytes);
        if (within(t)) {
            nextNs = t;
            nextBytes = source.sizes().sample(rng);
        } else {
            startNextInterval();
        }
    }

    private boolean within(double t) {
        ActiveInterval interval = source.intervals().get(intervalIndex);
        long rounded = Math.round(t);
        return rounded < interval.endNs() && rounded < horizonNs;
    }

    private void startNextInterval() {
        while (++intervalIndex < source.intervals().size()) {
            ActiveInterval interval = source.intervals().get(intervalIndex);
            if (interval.startNs() >= horizonNs) {
                break;
            }
            timeline = source.process().newTimeline(source.rateBps(), rng);
            int bytes = source.sizes().sample(rng);
            double t = timeline.first(interval.startNs(), bytes);
            if (within(t)) {
                nextNs = t;
                nextBytes = bytes;
                return;
            }
        }
        exhausted = true;
    }
}
