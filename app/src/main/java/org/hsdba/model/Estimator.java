package org.hsdba.model;

import java.time.Duration;
import java.util.Objects;

/**
 * How a node's rate is measured: exponential averaging with time constant {@code K}
 * (CSFQ style), or a window counter (bytes per window, scaled to a rate).
 */
public final class Estimator {

    /** The estimator kinds. */
    public enum Kind {
        EWMA("ewma"), WINDOW("window");

        private final String jsonName;

        Kind(String jsonName) {
            this.jsonName = jsonName;
        }

        public String jsonName() {
            return jsonName;
        }
    }

    /**
     * K derived from the port's capacity: {@code K} spans this many MTU-sized (1500-byte) frames
     * at line rate, so every port sees the same number of packets per K whatever its speed.
     */
    public static final int AUTO_MTU_FRAMES = 1024;
    /** Bits of an MTU-sized frame. */
    public static final double MTU_BITS = 1500 * 8;
    /** The derived K is clamped to [AUTO_MIN, AUTO_MAX]. */
    public static final Duration AUTO_MIN = Duration.ofMillis(1);
    public static final Duration AUTO_MAX = Duration.ofSeconds(1);

    /** EWMA with K derived from each port's capacity ({@link #forCapacity}). */
    public static final Estimator AUTO = new Estimator(Kind.EWMA, null);

    /**
     * Default: EWMA with K derived from the port's capacity ({@link #AUTO}): 1.2 ms at 10 Gb/s,
     * 12.3 ms at 1 Gb/s, 123 ms at 100 Mb/s. A fixed K suits one speed only: the former default
     * of 10 ms measured a 5.66 Mb/s leaf of a 100 Mb/s port 3-5 % high (too few packets per K).
     */
    public static final Estimator DEFAULT = AUTO;

    private final Kind kind;
    private final Duration period;

    private Estimator(Kind kind, Duration period) {
        this.kind = kind;
        this.period = period;
    }

    /**
     * The K of {@link #AUTO} for a port of {@code capacityBps}: {@code AUTO_MTU_FRAMES * 12000 bits
     * / C}, clamped to [1 ms, 1 s], in whole microseconds.
     */
    public static Duration autoPeriod(double capacityBps) {
        if (!(capacityBps > 0) || Double.isInfinite(capacityBps)) {
            throw new IllegalArgumentException("capacity must be a positive number of bits/s to derive K, not "
                    + capacityBps);
        }
        long micros = Math.round(AUTO_MTU_FRAMES * MTU_BITS / capacityBps * 1e6);
        Duration k = Duration.ofNanos(micros * 1000);
        return k.compareTo(AUTO_MIN) < 0 ? AUTO_MIN : k.compareTo(AUTO_MAX) > 0 ? AUTO_MAX : k;
    }

    /** Whether K is derived from each port's capacity (resolve with {@link #forCapacity}). */
    public boolean derived() {
        return period == null;
    }

    /** This estimator on a port of {@code capacityBps}: {@link #AUTO} gets its K, others are unchanged. */
    public Estimator forCapacity(double capacityBps) {
        return derived() ? ewma(autoPeriod(capacityBps)) : this;
    }

    /** EWMA with time constant {@code k}. */
    public static Estimator ewma(Duration k) {
        return new Estimator(Kind.EWMA, positive(k, "EWMA time constant K"));
    }

    /** Window counter with the given window length. */
    public static Estimator window(Duration window) {
        return new Estimator(Kind.WINDOW, positive(window, "window"));
    }

    private static Duration positive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive, not " + Durations.format(d));
        }
        return d;
    }

    public Kind kind() {
        return kind;
    }

    /** K for EWMA, the window length for WINDOW; refused for {@link #AUTO}, whose K depends on the port. */
    public Duration period() {
        if (period == null) {
            throw new IllegalStateException("K of the derived estimator depends on the port's capacity:"
                    + " resolve it with forCapacity(C) first");
        }
        return period;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Estimator && ((Estimator) o).kind == kind && Objects.equals(((Estimator) o).period, period);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, period);
    }

    @Override
    public String toString() {
        if (derived()) {
            return "ewma K=auto (" + AUTO_MTU_FRAMES + " MTU frames at C)";
        }
        return kind.jsonName() + (kind == Kind.EWMA ? " K=" : " window=") + Durations.format(period);
    }
}
