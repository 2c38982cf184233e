package org.hsdba.model;

import java.time.Duration;
import java.util.Objects;

/**
 * Run-time knobs shared by all trees of a configuration. Defaults: EWMA estimator with K
 * derived from each port's capacity, controller polling every 1 s, leaf idle timeout 10 s, mode
 * in-switch, responsive hold 2 s. Extend by adding a field, a default and a {@code withX} method.
 */
public final class RuntimeParameters {

    public static final Duration DEFAULT_POLLING_PERIOD = Duration.ofSeconds(1);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(10);
    /**
     * The responsive hold by default: longer than a TCP sender's loss cycle at the RTTs it must
     * hold (16 RTTs of 125 ms), short enough that a class that really slowed hands its share on
     * within seconds (docs/hsdba-compiler.md section 5 item 11). Zero turns it off.
     */
    public static final Duration DEFAULT_RESPONSIVE_HOLD = Duration.ofSeconds(2);
    public static final RuntimeParameters DEFAULTS = new RuntimeParameters(Estimator.DEFAULT,
            DEFAULT_POLLING_PERIOD, DEFAULT_IDLE_TIMEOUT, EnforcementMode.IN_SWITCH, DEFAULT_RESPONSIVE_HOLD);

    private final Estimator estimator;
    private final Duration pollingPeriod;
    private final Duration idleTimeout;
    private final EnforcementMode mode;
    private final Duration responsiveHold;

    private RuntimeParameters(Estimator estimator, Duration pollingPeriod, Duration idleTimeout, EnforcementMode mode,
                              Duration responsiveHold) {
        this.estimator = Objects.requireNonNull(estimator, "estimator");
        this.pollingPeriod = positive(pollingPeriod, "polling period");
        this.idleTimeout = positive(idleTimeout, "idle timeout");
        this.mode = Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(responsiveHold, "responsive hold");
        if (responsiveHold.isNegative()) {
            throw new IllegalArgumentException("responsive hold must be zero (off) or positive, not "
                    + Durations.format(responsiveHold));
        }
        this.responsiveHold = responsiveHold;
    }

    private static Duration positive(Duration d, String what) {
        Objects.requireNonNull(d, what);
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive, not " + Durations.format(d));
        }
        return d;
    }

    public Estimator estimator() {
        return estimator;
    }

    public Duration pollingPeriod() {
        return pollingPeriod;
    }

    public Duration idleTimeout() {
        return idleTimeout;
    }

    public EnforcementMode mode() {
        return mode;
    }

    /**
     * The responsive hold of the in-switch algorithm ({@link #DEFAULT_RESPONSIVE_HOLD} by default,
     * zero: off): a node dropped within
     * it stays unsatisfied and may pass what its trough left of its share (KernelOptions.responsiveHold;
     * compiled with independent drop draws, docs/hsdba-compiler.md section 5 item 11).
     */
    public Duration responsiveHold() {
        return responsiveHold;
    }

    public RuntimeParameters withEstimator(Estimator e) {
        return new RuntimeParameters(e, pollingPeriod, idleTimeout, mode, responsiveHold);
    }

    public RuntimeParameters withPollingPeriod(Duration d) {
        return new RuntimeParameters(estimator, d, idleTimeout, mode, responsiveHold);
    }

    public RuntimeParameters withIdleTimeout(Duration d) {
        return new RuntimeParameters(estimator, pollingPeriod, d, mode, responsiveHold);
    }

    public RuntimeParameters withMode(EnforcementMode m) {
        return new RuntimeParameters(estimator, pollingPeriod, idleTimeout, m, responsiveHold);
    }

    public RuntimeParameters withResponsiveHold(Duration d) {
        return new RuntimeParameters(estimator, pollingPeriod, idleTimeout, mode, d);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RuntimeParameters)) {
            return false;
        }
        RuntimeParameters r = (RuntimeParameters) o;
        return r.estimator.equals(estimator) && r.pollingPeriod.equals(pollingPeriod)
                && r.idleTimeout.equals(idleTimeout) && r.mode == mode && r.responsiveHold.equals(responsiveHold);
    }

    @Override
    public int hashCode() {
        return Objects.hash(estimator, pollingPeriod, idleTimeout, mode, responsiveHold);
    }

    @Override
    public String toString() {
        return "RuntimeParameters{" + estimator + ", polling " + Durations.format(pollingPeriod) + ", idle timeout "
                + Durations.format(idleTimeout) + ", " + mode.jsonName()
                + ", " + holdLabel(responsiveHold) + "}";
    }

    /** "responsive hold 2s", or "responsive hold off" for zero: the hold as logs, reports and labels name it. */
    public static String holdLabel(Duration hold) {
        return "responsive hold " + (hold.isZero() ? "off" : Durations.format(hold));
    }
}
