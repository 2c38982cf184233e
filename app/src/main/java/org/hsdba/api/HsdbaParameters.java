package org.hsdba.api;

import java.time.Duration;
import java.util.Objects;

import org.hsdba.model.Durations;
import org.hsdba.model.EnforcementMode;
import org.hsdba.model.Estimator;
import org.hsdba.model.Ranges;
import org.hsdba.model.RuntimeParameters;

/**
 * The service's run-time parameters: the configuration's {@link RuntimeParameters} (rate
 * estimator, polling period, leaf idle timeout) plus what only the running service needs: leaf
 * lifetime after going idle, the enforcement mode preference and the per-switch join packet-in
 * rate limit. (The headroom eta belongs to each tree, not to the service.) Immutable; change
 * with the {@code withX} methods.
 *
 * <p>Pruning uses two times: a leaf goes inactive after {@link #idleTimeout()} without traffic
 * and is deleted {@link #leafLifetime()} later unless it saw traffic again; an internal node is
 * deleted with its subtree after {@code idleTimeout + leafLifetime} without traffic (by then
 * every leaf below it would have been deleted anyway).
 */
public final class HsdbaParameters {

    public static final Duration DEFAULT_LEAF_LIFETIME = Duration.ofSeconds(300);
    public static final double DEFAULT_JOIN_RATE = 1000;
    public static final int DEFAULT_JOIN_BURST = 100;
    /** Nodes per tree above which joins are refused at the edge (the switch's tables may allow fewer). */
    public static final int DEFAULT_MAX_TREE_NODES = 100_000;
    public static final HsdbaParameters DEFAULTS = new Builder().build();

    private final Estimator estimator;
    private final Duration pollingPeriod;
    private final Duration idleTimeout;
    private final Duration leafLifetime;
    private final ModePreference mode;
    private final double joinRatePerSecond;
    private final int joinBurst;
    private final int maxTreeNodes;
    private final Duration responsiveHold;

    private HsdbaParameters(Builder b) {
        this.estimator = Objects.requireNonNull(b.estimator, "estimator");
        if (!b.estimator.derived()) {
            inRange(b.estimator.period(), Ranges.ESTIMATOR_PERIOD, "rateEstimator/"
                    + (b.estimator.kind() == Estimator.Kind.WINDOW ? "windowSeconds" : "kSeconds"), "estimator period");
        }
        this.pollingPeriod = inRange(b.pollingPeriod, Ranges.POLLING_PERIOD, "pollingPeriodSeconds", "polling period");
        this.idleTimeout = inRange(b.idleTimeout, Ranges.IDLE_TIMEOUT, "idleTimeoutSeconds", "idle timeout");
        this.leafLifetime = inRange(b.leafLifetime, Ranges.LEAF_LIFETIME, "leafLifetimeSeconds", "leaf lifetime");
        this.mode = Objects.requireNonNull(b.mode, "mode");
        if (!(b.joinRatePerSecond >= Ranges.MIN_JOIN_RATE && b.joinRatePerSecond <= Ranges.MAX_JOIN_RATE)) {
            throw new ParameterRangeException("joinRatePerSecond", "join rate " + b.joinRatePerSecond
                    + "/s is outside " + Ranges.MIN_JOIN_RATE + " .. " + Ranges.MAX_JOIN_RATE + " per second");
        }
        if (b.joinBurst < 1 || b.joinBurst > Ranges.MAX_JOIN_BURST) {
            throw new ParameterRangeException("joinBurst", "join burst " + b.joinBurst + " is outside 1 .. "
                    + Ranges.MAX_JOIN_BURST);
        }
        if (b.maxTreeNodes < 1 || b.maxTreeNodes > Ranges.MAX_TREE_NODES) {
            throw new ParameterRangeException("maxTreeNodes", "tree node limit " + b.maxTreeNodes + " is outside 1 .. "
                    + Ranges.MAX_TREE_NODES);
        }
        this.joinRatePerSecond = b.joinRatePerSecond;
        this.joinBurst = b.joinBurst;
        this.maxTreeNodes = b.maxTreeNodes;
        this.responsiveHold = inRange(b.responsiveHold, Ranges.RESPONSIVE_HOLD, "responsiveHoldSeconds",
                "responsive hold (zero turns it off)");
    }

    private static Duration inRange(Duration d, Ranges.DurationRange range, String field, String what) {
        Objects.requireNonNull(d, what);
        if (!range.contains(d)) {
            throw new ParameterRangeException(field, what + " " + Durations.format(d) + " is outside " + range);
        }
        return d;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().estimator(estimator).pollingPeriod(pollingPeriod).idleTimeout(idleTimeout)
                .leafLifetime(leafLifetime).mode(mode).joinRatePerSecond(joinRatePerSecond)
                .joinBurst(joinBurst).maxTreeNodes(maxTreeNodes).responsiveHold(responsiveHold);
    }

    /**
     * The in-switch algorithm's responsive hold, {@link RuntimeParameters#DEFAULT_RESPONSIVE_HOLD} by
     * default, zero: off ({@link RuntimeParameters#responsiveHold()}).
     */
    public Duration responsiveHold() {
        return responsiveHold;
    }

    /** Rate estimator the compiled program uses (EWMA K or window). */
    public Estimator estimator() {
        return estimator;
    }

    /** How often counters are read (live state, internal-node pruning, controller-assisted steps). */
    public Duration pollingPeriod() {
        return pollingPeriod;
    }

    /** A leaf without traffic for this long becomes inactive. */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    /** An inactive leaf is deleted this long after it went idle. */
    public Duration leafLifetime() {
        return leafLifetime;
    }

    /** Internal nodes without traffic for {@code idleTimeout + leafLifetime} are deleted with their subtree. */
    public Duration internalIdleTime() {
        return idleTimeout.plus(leafLifetime);
    }

    public ModePreference mode() {
        return mode;
    }

    /** Join packet-ins handled per second per switch (token bucket rate). */
    public double joinRatePerSecond() {
        return joinRatePerSecond;
    }

    /** Token bucket depth of the join rate limit. */
    public int joinBurst() {
        return joinBurst;
    }

    /** Joins that would make a tree larger than this are refused at the edge, without a write. */
    public int maxTreeNodes() {
        return maxTreeNodes;
    }

    /**
     * The part the configuration file carries. {@link ModePreference#AUTO} is written as in-switch,
     * the mode the configuration format calls its default.
     */
    public RuntimeParameters toRuntime() {
        EnforcementMode m = mode == ModePreference.CONTROLLER_ASSISTED ? EnforcementMode.CONTROLLER_ASSISTED
                : EnforcementMode.IN_SWITCH;
        return RuntimeParameters.DEFAULTS.withEstimator(estimator).withPollingPeriod(pollingPeriod)
                .withIdleTimeout(idleTimeout).withMode(m).withResponsiveHold(responsiveHold);
    }

    /**
     * These parameters with the configuration file's part replaced. The file's in-switch mode
     * keeps an {@code auto} preference (the file cannot say {@code auto}); its literal mode is a
     * simulation-only variant and is refused here.
     */
    public HsdbaParameters withRuntime(RuntimeParameters r) {
        ModePreference m;
        switch (r.mode()) {
            case CONTROLLER_ASSISTED:
                m = ModePreference.CONTROLLER_ASSISTED;
                break;
            case IN_SWITCH:
                m = mode == ModePreference.CONTROLLER_ASSISTED ? ModePreference.IN_SWITCH : mode;
                break;
            default:
                throw new IllegalArgumentException("mode \"" + r.mode().jsonName()
                        + "\" exists only in the simulator; a switch runs in-switch or controller-assisted");
        }
        return toBuilder().estimator(r.estimator()).pollingPeriod(r.pollingPeriod()).idleTimeout(r.idleTimeout())
                .mode(m).responsiveHold(r.responsiveHold()).build();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsdbaParameters)) {
            return false;
        }
        HsdbaParameters p = (HsdbaParameters) o;
        return p.estimator.equals(estimator) && p.pollingPeriod.equals(pollingPeriod)
                && p.idleTimeout.equals(idleTimeout) && p.leafLifetime.equals(leafLifetime)
                && p.mode == mode
                && Double.compare(p.joinRatePerSecond, joinRatePerSecond) == 0 && p.joinBurst == joinBurst
                && p.maxTreeNodes == maxTreeNodes && p.responsiveHold.equals(responsiveHold);
    }

    @Override
    public int hashCode() {
        return Objects.hash(estimator, pollingPeriod, idleTimeout, leafLifetime, mode, joinRatePerSecond,
                joinBurst, maxTreeNodes, responsiveHold);
    }

    @Override
    public String toString() {
        return "HsdbaParameters{" + estimator + ", polling " + Durations.format(pollingPeriod) + ", idle "
                + Durations.format(idleTimeout) + ", lifetime " + Durations.format(leafLifetime) + ", "
                + mode.jsonName() + ", joins " + joinRatePerSecond + "/s burst " + joinBurst + ", <= " + maxTreeNodes + " nodes per tree"
                + ", " + RuntimeParameters.holdLabel(responsiveHold) + "}";
    }

    /** Builder starting from the defaults of {@link RuntimeParameters#DEFAULTS} and this class. */
    public static final class Builder {
        private Estimator estimator = RuntimeParameters.DEFAULTS.estimator();
        private Duration pollingPeriod = RuntimeParameters.DEFAULTS.pollingPeriod();
        private Duration idleTimeout = RuntimeParameters.DEFAULTS.idleTimeout();
        private Duration leafLifetime = DEFAULT_LEAF_LIFETIME;
        private ModePreference mode = ModePreference.AUTO;
        private double joinRatePerSecond = DEFAULT_JOIN_RATE;
        private int joinBurst = DEFAULT_JOIN_BURST;
        private int maxTreeNodes = DEFAULT_MAX_TREE_NODES;
        private Duration responsiveHold = RuntimeParameters.DEFAULTS.responsiveHold();

        /** The responsive hold (zero: off; by default {@link RuntimeParameters#DEFAULT_RESPONSIVE_HOLD}). */
        public Builder responsiveHold(Duration d) {
            this.responsiveHold = d;
            return this;
        }

        public Builder estimator(Estimator v) {
            this.estimator = v;
            return this;
        }

        public Builder pollingPeriod(Duration v) {
            this.pollingPeriod = v;
            return this;
        }

        public Builder idleTimeout(Duration v) {
            this.idleTimeout = v;
            return this;
        }

        public Builder leafLifetime(Duration v) {
            this.leafLifetime = v;
            return this;
        }

        public Builder mode(ModePreference v) {
            this.mode = v;
            return this;
        }

        public Builder joinRatePerSecond(double v) {
            this.joinRatePerSecond = v;
            return this;
        }

        public Builder joinBurst(int v) {
            this.joinBurst = v;
            return this;
        }

        public Builder maxTreeNodes(int v) {
            this.maxTreeNodes = v;
            return this;
        }

        /** Builds; throws {@link IllegalArgumentException} naming the bad parameter. */
        public HsdbaParameters build() {
            return new HsdbaParameters(this);
        }
    }
}
