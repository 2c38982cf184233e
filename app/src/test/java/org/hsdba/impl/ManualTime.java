package org.hsdba.impl;

import java.time.Duration;

/** A time source the test moves by hand. */
final class ManualTime implements TimeSource {

    private volatile long nanos = 1_000_000_000L;
    private volatile long wallMillis = 1_700_000_000_000L;

    @Override
    public long wallMillis() {
        return wallMillis;
    }

    @Override
    public long nanoTime() {
        return nanos;
    }

    void advance(Duration d) {
        nanos += d.toNanos();
        wallMillis += d.toMillis();
    }
}
