package org.hsdba.scenario;

import java.util.Objects;
import java.util.OptionalDouble;

import org.hsdba.model.EnforcementMode;
import org.hsdba.model.Estimator;

/**
 * How a scenario is run: duration and measurement bin (seconds), rate estimator, optional eta
 * override (applied to every tree), random seed, enforcement mode and optional settling time.
 */
public final class RunParameters {

    public static final double DEFAULT_BIN_SECONDS = 0.1;
    public static final long DEFAULT_SEED = 1;

    private final double durationSeconds;
    private final Estimator estimator;
    private final Double etaOverride;
    private final long seed;
    private final EnforcementMode mode;
    private final double binSeconds;
    private final Double settleSeconds;

    private RunParameters(double durationSeconds, Estimator estimator, Double etaOverride, long seed,
                          EnforcementMode mode, double binSeconds, Double settleSeconds) {
        if (!(durationSeconds > 0) || Double.isInfinite(durationSeconds)) {
            throw new IllegalArgumentException("run duration " + durationSeconds + " s must be positive and finite");
        }
        if (!(binSeconds > 0) || binSeconds > durationSeconds) {
            throw new IllegalArgumentException("bin " + binSeconds + " s must be positive and at most the duration");
        }
        if (etaOverride != null && !(etaOverride > 0 && etaOverride <= 1)) {
            throw new IllegalArgumentException("eta override " + etaOverride + " must be in (0, 1]");
        }
        if (settleSeconds != null && !(settleSeconds >= 0 && settleSeconds < durationSeconds)) {
            throw new IllegalArgumentException("settling time " + settleSeconds + " s must be at least 0 and below the"
                    + " duration " + durationSeconds + " s");
        }
        this.settleSeconds = settleSeconds;
        this.durationSeconds = durationSeconds;
        this.estimator = Objects.requireNonNull(estimator, "estimator");
        this.etaOverride = etaOverride;
        this.seed = seed;
        this.mode = Objects.requireNonNull(mode, "mode");
        this.binSeconds = binSeconds;
    }

    public static RunParameters of(double durationSeconds, Estimator estimator, Double etaOverride, long seed,
                                   EnforcementMode mode, double binSeconds) {
        return new RunParameters(durationSeconds, estimator, etaOverride, seed, mode, binSeconds, null);
    }

    /** The same run with a settling time (seconds; null: the simulator's default of 1 s per phase). */
    public RunParameters withSettleSeconds(Double settle) {
        return new RunParameters(durationSeconds, estimator, etaOverride, seed, mode, binSeconds, settle);
    }

    /** Defaults for everything but the duration: EWMA K = 10 ms, no eta override, seed 1, in-switch, 100 ms bins. */
    public static RunParameters of(double durationSeconds) {
        return new RunParameters(durationSeconds, Estimator.DEFAULT, null, DEFAULT_SEED, EnforcementMode.IN_SWITCH,
                Math.min(DEFAULT_BIN_SECONDS, durationSeconds), null);
    }

    public double durationSeconds() {
        return durationSeconds;
    }

    public Estimator estimator() {
        return estimator;
    }

    public OptionalDouble etaOverride() {
        return etaOverride == null ? OptionalDouble.empty() : OptionalDouble.of(etaOverride);
    }

    public long seed() {
        return seed;
    }

    public EnforcementMode mode() {
        return mode;
    }

    public double binSeconds() {
        return binSeconds;
    }

    /** Time after each phase start that the summary does not judge, seconds; empty: the simulator's default. */
    public OptionalDouble settleSeconds() {
        return settleSeconds == null ? OptionalDouble.empty() : OptionalDouble.of(settleSeconds);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RunParameters)) {
            return false;
        }
        RunParameters r = (RunParameters) o;
        return Double.compare(r.durationSeconds, durationSeconds) == 0 && r.estimator.equals(estimator)
                && Objects.equals(r.etaOverride, etaOverride) && r.seed == seed && r.mode == mode
                && Double.compare(r.binSeconds, binSeconds) == 0 && Objects.equals(r.settleSeconds, settleSeconds);
    }

    @Override
    public int hashCode() {
        return Objects.hash(durationSeconds, estimator, etaOverride, seed, mode, binSeconds, settleSeconds);
    }

    @Override
    public String toString() {
        return "run " + durationSeconds + " s, " + estimator + ", eta " + (etaOverride == null ? "as configured" : etaOverride)
                + ", seed " + seed + ", " + mode.jsonName() + ", bins " + binSeconds + " s"
                + (settleSeconds == null ? "" : ", settle " + settleSeconds + " s");
    }
}
