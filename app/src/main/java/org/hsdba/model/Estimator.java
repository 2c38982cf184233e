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

    /** Default: EWMA with K = 10 ms (the upper end of what section 3 suggests at Gb/s rates). */
    public static final Estimator DEFAULT = ewma(Duration.ofMillis(10));

    private final Kind kind;
    private final Duration period;

    private Estimator(Kind kind, Duration period) {
        this.kind = kind;
        this.period = period;
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

    /** K for EWMA, the window length for WINDOW. */
    public Duration period() {
        return period;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Estimator && ((Estimator) o).kind == kind && ((Estimator) o).period.equals(period);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, period);
    }

    @Override
    public String toString() {
        return kind.jsonName() + (kind == Kind.EWMA ? " K=" : " window=") + Durations.format(period);
    }
}
