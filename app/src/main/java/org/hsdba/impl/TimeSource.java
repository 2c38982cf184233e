package org.hsdba.impl;

/** Wall-clock time for humans (events, samples) and a monotonic clock for intervals (idle times, rates). */
public interface TimeSource {

    /** {@link System#currentTimeMillis()} and {@link System#nanoTime()}. */
    TimeSource SYSTEM = new TimeSource() {
        @Override
        public long wallMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public long nanoTime() {
            return System.nanoTime();
        }
    };

    long wallMillis();

    long nanoTime();
}
