package org.hsdba.sim.traffic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * All sources' packets merged in time order (ties: lower source index first) up to
 * {@code horizonNs} (exclusive). Each source draws from its own {@link SplittableRandom} seeded
 * from the run seed and the source's id, so a run is reproducible and adding a source does not
 * change the others' packets. Stateful, single-threaded; build a new one to replay.
 */
public final class ArrivalStream {

    private final List<TrafficSource> sources;
    private final long horizonNs;
    private final PriorityQueue<SourceStream> queue;
    private final SourceStream[] byIndex;

    public ArrivalStream(List<TrafficSource> sources, long seed, long horizonNs) {
        if (horizonNs <= 0) {
            throw new IllegalArgumentException("stream horizon must be > 0 ns, got " + horizonNs);
        }
        this.sources = Collections.unmodifiableList(new ArrayList<>(sources));
        this.horizonNs = horizonNs;
        this.queue = new PriorityQueue<>(Math.max(1, sources.size()), (a, b) -> {
            int c = Long.compare(a.peekNs(), b.peekNs());
            return c != 0 ? c : Integer.compare(a.index(), b.index());
        });
        this.byIndex = new SourceStream[sources.size()];
        for (int i = 0; i < sources.size(); i++) {
            SourceStream stream = new SourceStream(sources.get(i), i,
                    new SplittableRandom(sourceSeed(seed, sources.get(i).id())), horizonNs);
            byIndex[i] = stream;
            if (!stream.exhausted()) {
                queue.add(stream);
            }
        }
    }

    /** The seed of one source's generator: the run seed mixed with the id's (specified) hash. */
    static long sourceSeed(long runSeed, String sourceId) {
        long z = runSeed * 0x9E3779B97F4A7C15L + sourceId.hashCode();
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public List<TrafficSource> sources() {
        return sources;
    }

    public long horizonNs() {
        return horizonNs;
    }

    public boolean hasNext() {
        return !queue.isEmpty();
    }

    /** Time of the next arrival; only valid when {@link #hasNext()}. */
    public long peekNs() {
        return queue.peek().peekNs();
    }

    /**
     * Loss feedback: the packet source {@code sourceIndex} sent at {@code sentNs} was dropped.
     * Responsive sources slow down (from their next packet on); the others ignore it.
     */
    public void lost(int sourceIndex, long sentNs) {
        byIndex[sourceIndex].lost(sentNs);
    }

    public Arrival next() {
        SourceStream stream = queue.poll();
        if (stream == null) {
            throw new IllegalStateException("arrival stream exhausted");
        }
        Arrival arrival = stream.poll();
        if (!stream.exhausted()) {
            queue.add(stream);
        }
        return arrival;
    }
}
