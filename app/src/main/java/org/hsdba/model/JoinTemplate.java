package org.hsdba.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a node created by a packet-in (a join) at some level gets: guaranteed rate and/or weight
 * (resolved like any node's), peak rate, and optional idle timeout and lifetime for pruning.
 */
public final class JoinTemplate {

    private final Rate guaranteed;
    private final Double weight;
    private final Rate peak;
    private final Duration idleTimeout;
    private final Duration lifetime;

    private JoinTemplate(Builder b) {
        this.guaranteed = b.guaranteed;
        this.weight = b.weight;
        this.peak = Objects.requireNonNull(b.peak, "peak");
        this.idleTimeout = b.idleTimeout;
        this.lifetime = b.lifetime;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<Rate> guaranteed() {
        return Optional.ofNullable(guaranteed);
    }

    public OptionalDouble weight() {
        return weight == null ? OptionalDouble.empty() : OptionalDouble.of(weight);
    }

    public Rate peak() {
        return peak;
    }

    public Optional<Duration> idleTimeout() {
        return Optional.ofNullable(idleTimeout);
    }

    public Optional<Duration> lifetime() {
        return Optional.ofNullable(lifetime);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof JoinTemplate)) {
            return false;
        }
        JoinTemplate t = (JoinTemplate) o;
        return Objects.equals(guaranteed, t.guaranteed) && Objects.equals(weight, t.weight) && peak.equals(t.peak)
                && Objects.equals(idleTimeout, t.idleTimeout) && Objects.equals(lifetime, t.lifetime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(guaranteed, weight, peak, idleTimeout, lifetime);
    }

    @Override
    public String toString() {
        return "JoinTemplate{g=" + guaranteed + ", w=" + weight + ", l=" + peak + ", idle=" + idleTimeout
                + ", lifetime=" + lifetime + "}";
    }

    /** Builder; every field is optional, peak defaults to unlimited. */
    public static final class Builder {
        private Rate guaranteed;
        private Double weight;
        private Rate peak = Rate.UNLIMITED;
        private Duration idleTimeout;
        private Duration lifetime;

        public Builder guaranteed(Rate g) {
            this.guaranteed = g;
            return this;
        }

        public Builder weight(Double w) {
            this.weight = w;
            return this;
        }

        public Builder peak(Rate l) {
            this.peak = l;
            return this;
        }

        public Builder idleTimeout(Duration d) {
            this.idleTimeout = d;
            return this;
        }

        public Builder lifetime(Duration d) {
            this.lifetime = d;
            return this;
        }

        public JoinTemplate build() {
            return new JoinTemplate(this);
        }
    }
}
