package org.hsdba.lab.traffic;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.hsdba.sim.traffic.FrameFactory;
import org.hsdba.sim.traffic.RealTimePacer;
import org.hsdba.sim.traffic.WallClock;

/**
 * Plays a switch's traffic against the wall clock on its own daemon thread: the scenario's
 * timeline in real time (rates were scaled when the traffic was built, times are not), each frame
 * handed to the sink, then, if looping, the same again from time 0 once the scenario's duration
 * has passed. {@link #close()} stops it and waits for the thread.
 */
public final class TrafficPlayer implements AutoCloseable {

    private final String name;
    private final SwitchTraffic traffic;
    private final boolean loop;
    private final WallClock clock;
    private final Consumer<byte[]> sink;
    private final AtomicLong packets = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private volatile long loops;
    private volatile long maxLagNanos;
    private volatile long loopStartNanos;
    private volatile Throwable failure;
    private Thread thread;

    /**
     * @param sink receives each frame (a fresh array it may keep or modify) on the player's thread
     */
    public TrafficPlayer(String name, SwitchTraffic traffic, boolean loop, WallClock clock, Consumer<byte[]> sink) {
        this.name = name;
        this.traffic = traffic;
        this.loop = loop;
        this.clock = clock;
        this.sink = sink;
    }

    /** Starts playing (frames are built and checked first, so a bad source fails here). */
    public synchronized TrafficPlayer start() {
        if (thread != null) {
            throw new IllegalStateException("traffic player " + name + " already started");
        }
        FrameFactory frames = traffic.frames();
        thread = new Thread(() -> run(frames), "traffic-" + name);
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    private void run(FrameFactory frames) {
        try {
            do {
                long start = clock.nanoTime();
                loopStartNanos = start;
                RealTimePacer pacer = new RealTimePacer(traffic.stream(), 1.0, clock);
                pacer.play(a -> {
                    byte[] frame = frames.frame(a);
                    sink.accept(frame);
                    packets.incrementAndGet();
                    bytes.addAndGet(frame.length);
                });
                maxLagNanos = Math.max(maxLagNanos, pacer.maxLagNs());
                long end = start + traffic.durationNanos();
                for (long now = clock.nanoTime(); now < end; now = clock.nanoTime()) {
                    clock.sleepNanos(end - now);
                }
                loops++;
            } while (loop && !Thread.currentThread().isInterrupted());
        } catch (InterruptedException e) {
            // stopped
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }

    /** Seconds into the current pass of the scenario. */
    public double scenarioSeconds() {
        long start = loopStartNanos;
        return start == 0 ? 0 : (clock.nanoTime() - start) / 1e9;
    }

    public long packets() {
        return packets.get();
    }

    public long bytes() {
        return bytes.get();
    }

    /** Completed passes over the scenario. */
    public long loops() {
        return loops;
    }

    /** How far behind schedule the player got, ns (about one clock quantum normally). */
    public long maxLagNanos() {
        return maxLagNanos;
    }

    /** What stopped the player if it failed (the sink threw), else null. */
    public Throwable failure() {
        return failure;
    }

    public synchronized boolean isAlive() {
        return thread != null && thread.isAlive();
    }

    /** Stops playing and waits (up to 5 s) for the thread to end. */
    @Override
    public synchronized void close() {
        if (thread == null) {
            return;
        }
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
