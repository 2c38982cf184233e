package org.hsdba.sim.traffic;

import java.util.concurrent.locks.LockSupport;

/** The wall clock a pacer plays against; a seam so tests need not sleep. */
public interface WallClock {

    long nanoTime();

    /** Sleeps about {@code nanos}; may return early (the pacer re-checks the time). */
    void sleepNanos(long nanos) throws InterruptedException;

    /**
     * {@link System#nanoTime()}; sleeps park the thread, except the last 50 us which are spun
     * (the OS oversleeps short parks by tens of microseconds).
     */
    static WallClock system() {
        return new WallClock() {
            private static final long SPIN_NS = 50_000;

            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleepNanos(long nanos) throws InterruptedException {
                long deadline = System.nanoTime() + nanos;
                if (nanos > SPIN_NS) {
                    LockSupport.parkNanos(nanos - SPIN_NS);
                }
                while (System.nanoTime() < deadline) {
                    if (Thread.interrupted()) {
                        throw new InterruptedException("pacer interrupted");
                    }
                    Thread.onSpinWait();
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException("pacer interrupted");
                }
            }
        };
    }
}
