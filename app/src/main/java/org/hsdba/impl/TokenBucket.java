package org.hsdba.impl;

/**
 * A token bucket over a caller-supplied monotonic time: {@code rate} tokens per second up to
 * {@code burst}; starts full. Thread-safe.
 */
final class TokenBucket {

    private final double ratePerNano;
    private final double burst;
    private double tokens;
    private long lastNanos;

    TokenBucket(double ratePerSecond, int burst, long nowNanos) {
        if (!(ratePerSecond > 0) || burst < 1) {
            throw new IllegalArgumentException("token bucket needs a positive rate and burst, not " + ratePerSecond
                    + "/s and " + burst);
        }
        this.ratePerNano = ratePerSecond / 1e9;
        this.burst = burst;
        this.tokens = burst;
        this.lastNanos = nowNanos;
    }

    /** Takes one token if there is one. */
    synchronized boolean tryTake(long nowNanos) {
        if (nowNanos > lastNanos) {
            tokens = Math.min(burst, tokens + (nowNanos - lastNanos) * ratePerNano);
            lastNanos = nowNanos;
        }
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }
}
