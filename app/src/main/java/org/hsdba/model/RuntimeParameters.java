package org.hsdba.model;

import java.time.Duration;
import java.util.Objects;

/**
 * Run-time knobs shared by all trees of a configuration. Defaults: EWMA estimator with
 * K = 10 ms, controller polling every 1 s, leaf idle timeout 10 s, mode in-switch. Extend by
 * adding a field, a default and a {@code withX} method.
 */
public final class RuntimeParameters {

    public static final Duration DEFAULT_POLLING_PERIOD = Duration.ofSeconds(1);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(10);
    public static final RuntimeParameters DEFAULTS = new RuntimeParameters(Estimator.DEFAULT,
            DEFAULT_POLLING_PERIOD, DEFAULT_IDLE_TIMEOUT, EnforcementMode.IN_SWITCH);

    private final Estimator estimator;
    private final Duration pollingPeriod;
    private final Duration idleTimeout;
    private final EnforcementMode mode;

    private RuntimeParameters(Estimator estimator, Duration pollingPeriod, Duration idleTimeout, EnforcementMode mode) {
        this.estimator = Objects.requireNonNull(estimator, "estimator");
        this.pollingPeriod = positive(pollingPeriod, "polling period");
        this.idleTimeout = positive(idleTimeout, "idle timeout");
        this.mode = Objects.requireNonNull(mode, "mode");
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

    public RuntimeParameters withEstimator(Estimator e) {
        return new RuntimeParameters(e, pollingPeriod, idleTimeout, mode);
    }

    public RuntimeParameters withPollingPeriod(Duration d) {
        return new RuntimeParameters(estimator, d, idleTimeout, mode);
    }

    public RuntimeParameters withIdleTimeout(Duration d) {
        return new RuntimeParameters(estimator, pollingPeriod, d, mode);
    }

    public RuntimeParameters withMode(EnforcementMode m) {
        return new RuntimeParameters(estimator, pollingPeriod, idleTimeout, m);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RuntimeParameters)) {
            return false;
        }
        RuntimeParameters r = (RuntimeParameters) o;
        return r.estimator.equals(estimator) && r.pollingPeriod.equals(pollingPeriod)
                && r.idleTimeout.equals(idleTimeout) && r.mode == mode;
    }

    @Override
    public int hashCode() {
        return Objects.hash(estimator, pollingPeriod, idleTimeout, mode);
    }

    @Override
    public String toString() {
        return "RuntimeParameters{" + estimator + ", polling " + Durations.format(pollingPeriod) + ", idle timeout "
                + Durations.format(idleTimeout) + ", " + mode.jsonName() + "}";
    }
}
