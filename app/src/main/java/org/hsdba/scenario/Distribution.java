package org.hsdba.scenario;

import java.time.Duration;
import java.util.Objects;

import org.hsdba.model.Durations;

/**
 * How a source spaces its packets: constant bit rate, Poisson arrivals, or on/off with
 * exponentially distributed on and off periods of the given means (sending at the source's rate
 * while on, so the mean rate is rate * on / (on + off)).
 */
public final class Distribution {

    /** The distribution kinds, with their names in scenario files. */
    public enum Kind {
        CBR("cbr"), POISSON("poisson"), ONOFF("onoff");

        private final String jsonName;

        Kind(String jsonName) {
            this.jsonName = jsonName;
        }

        public String jsonName() {
            return jsonName;
        }
    }

    public static final Distribution CBR = new Distribution(Kind.CBR, null, null);
    public static final Distribution POISSON = new Distribution(Kind.POISSON, null, null);

    private final Kind kind;
    private final Duration onMean;
    private final Duration offMean;

    private Distribution(Kind kind, Duration onMean, Duration offMean) {
        this.kind = kind;
        this.onMean = onMean;
        this.offMean = offMean;
    }

    public static Distribution onOff(Duration onMean, Duration offMean) {
        Objects.requireNonNull(onMean, "on");
        Objects.requireNonNull(offMean, "off");
        if (onMean.isZero() || onMean.isNegative() || offMean.isNegative()) {
            throw new IllegalArgumentException("on/off means must be on > 0 and off >= 0");
        }
        return new Distribution(Kind.ONOFF, onMean, offMean);
    }

    public Kind kind() {
        return kind;
    }

    /** Mean on period (ONOFF only, else null). */
    public Duration onMean() {
        return onMean;
    }

    /** Mean off period (ONOFF only, else null). */
    public Duration offMean() {
        return offMean;
    }

    /** Fraction of time spent sending: on / (on + off), 1 for CBR and Poisson. */
    public double dutyCycle() {
        if (kind != Kind.ONOFF) {
            return 1.0;
        }
        double on = Durations.seconds(onMean);
        return on / (on + Durations.seconds(offMean));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Distribution)) {
            return false;
        }
        Distribution d = (Distribution) o;
        return d.kind == kind && Objects.equals(d.onMean, onMean) && Objects.equals(d.offMean, offMean);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, onMean, offMean);
    }

    @Override
    public String toString() {
        return kind == Kind.ONOFF ? "onoff(on " + Durations.format(onMean) + ", off " + Durations.format(offMean) + ")"
                : kind.jsonName();
    }
}
