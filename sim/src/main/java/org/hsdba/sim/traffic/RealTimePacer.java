package org.hsdba.sim.traffic;

import java.util.function.Consumer;

/**
 * Plays an {@link ArrivalStream} against the wall clock for the live lab. Every gap is divided by
 * {@code rateScale}, so with the same packet sizes every rate is multiplied by it (0.001 turns a
 * 10 Gb/s scenario into 10 Mb/s). Packets go to the sink with their wall-clock time relative to
 * the start (ns). When the sink is slower than the schedule, packets go out as fast as it takes
 * them (none is skipped) and {@link #maxLagNs()} says by how much the schedule slipped.
 */
public final class RealTimePacer {

    private final ArrivalStream stream;
    private final double rateScale;
    private final WallClock clock;
    private long maxLagNs;
    private long played;

    public RealTimePacer(ArrivalStream stream, double rateScale, WallClock clock) {
        if (!(rateScale > 0) || Double.isInfinite(rateScale)) {
            throw new IllegalArgumentException("rate scale must be > 0, got " + rateScale);
        }
        this.stream = stream;
        this.rateScale = rateScale;
        this.clock = clock;
    }

    /** Wall time (ns after start) at which a packet of simulated time {@code simNs} is due. */
    public long wallOffsetNs(long simNs) {
        return Math.round(simNs / rateScale);
    }

    /**
     * Plays the whole stream (or until interrupted): blocks the calling thread.
     *
     * @throws InterruptedException if the thread is interrupted while waiting
     */
    public void play(Consumer<Arrival> sink) throws InterruptedException {
        long start = clock.nanoTime();
        while (stream.hasNext()) {
            Arrival a = stream.next();
            long due = wallOffsetNs(a.timeNs());
            long now = clock.nanoTime() - start;
            while (now < due) {
                clock.sleepNanos(due - now);
                now = clock.nanoTime() - start;
            }
            maxLagNs = Math.max(maxLagNs, now - due);
            played++;
            sink.accept(new Arrival(now, a.sourceIndex(), a.bytes()));
        }
    }

    public long maxLagNs() {
        return maxLagNs;
    }

    public long played() {
        return played;
    }
}
