package org.hsdba.lab.traffic;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.hsdba.sim.traffic.WallClock;

/**
 * A wall clock for pacing many packets per second on a small machine: it never spins and never
 * parks for less than a quantum, so a pacer wakes at most once per quantum and then sends every
 * packet that has come due (a burst of at most a quantum's worth). Rates over any window longer
 * than the quantum are exact; the schedule slips by at most about one quantum.
 */
public final class CoarseClock implements WallClock {

    /** The default quantum, 1 ms: at most 1000 wake-ups per second per player. */
    public static final long DEFAULT_QUANTUM_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final long quantumNanos;

    public CoarseClock(long quantumNanos) {
        if (quantumNanos <= 0) {
            throw new IllegalArgumentException("clock quantum must be > 0 ns, got " + quantumNanos);
        }
        this.quantumNanos = quantumNanos;
    }

    public static CoarseClock millisecond() {
        return new CoarseClock(DEFAULT_QUANTUM_NANOS);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
        LockSupport.parkNanos(Math.max(nanos, quantumNanos));
        if (Thread.interrupted()) {
            throw new InterruptedException("traffic player stopped");
        }
    }
}
