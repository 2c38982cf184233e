package org.hsdba.algorithm;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Durations;
import org.hsdba.model.Estimator;
import org.hsdba.model.RuntimeParameters;

/**
 * The knobs of the per-packet algorithm. Defaults are the project's semantics
 * (hsdba-algorithm.md section 3): EWMA with K = 10 ms, drop only at the deepest level, by a
 * stratified credit ({@link DropDraw#STRATIFIED}), pass-down
 * {@code B = min(share, l)} ({@link PassDown#SHARE}: section 3's {@code R} term drops below capacity),
 * congestion restart on, peak cap on, inactive-leaf weight removal on with a 10 s idle timeout,
 * subtree demand on (a node's demand is what its subtree can use), EWMA warm-up on, aging on,
 * fall restart on, responsive hold off. Whether
 * guarantee+excess is used is a property of the tree ({@code AllocationMode}), not an option.
 */
public final class KernelOptions {

    public static final KernelOptions DEFAULTS = builder().build();

    private final Estimator estimator;
    private final Map<Integer, Estimator> levelEstimators;
    private final DropRule dropRule;
    private final DropDraw dropDraw;
    private final PassDown passDown;
    private final boolean congestionRestart;
    private final boolean peakCap;
    private final boolean removeInactiveWeights;
    private final Duration idleTimeout;
    private final boolean subtreeDemand;
    private final boolean childDemand;
    private final boolean warmUp;
    private final boolean aging;
    private final boolean fallRestart;
    private final Duration responsiveHold;
    private final boolean holdClaim;
    private final boolean holdRelease;
    private final boolean holdClimbs;
    private final boolean holdSums;

    private KernelOptions(Builder b) {
        this.estimator = b.estimator;
        this.levelEstimators = Map.copyOf(b.levelEstimators);
        this.dropRule = b.dropRule;
        this.dropDraw = b.dropDraw;
        this.passDown = b.passDown;
        this.congestionRestart = b.congestionRestart;
        this.peakCap = b.peakCap;
        this.removeInactiveWeights = b.removeInactiveWeights;
        this.idleTimeout = b.idleTimeout;
        this.subtreeDemand = b.subtreeDemand;
        this.childDemand = b.childDemand;
        this.warmUp = b.warmUp;
        this.aging = b.aging;
        this.fallRestart = b.fallRestart;
        this.responsiveHold = b.responsiveHold;
        this.holdClaim = b.holdClaim;
        this.holdRelease = b.holdRelease;
        this.holdClimbs = b.holdClimbs;
        this.holdSums = b.holdSums;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Options taking estimator, idle timeout and responsive hold from the run-time parameters; a
     * hold is the summed one ({@link Builder#summedHold}), with the default drop draw.
     */
    public static KernelOptions from(RuntimeParameters runtime) {
        Builder b = builder().estimator(runtime.estimator()).idleTimeout(runtime.idleTimeout());
        if (!runtime.responsiveHold().isZero()) {
            b.summedHold(runtime.responsiveHold());
        }
        return b.build();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.estimator = estimator;
        b.levelEstimators.putAll(levelEstimators);
        b.dropRule = dropRule;
        b.dropDraw = dropDraw;
        b.passDown = passDown;
        b.congestionRestart = congestionRestart;
        b.peakCap = peakCap;
        b.removeInactiveWeights = removeInactiveWeights;
        b.idleTimeout = idleTimeout;
        b.subtreeDemand = subtreeDemand;
        b.childDemand = childDemand;
        b.warmUp = warmUp;
        b.aging = aging;
        b.fallRestart = fallRestart;
        b.responsiveHold = responsiveHold;
        b.holdClaim = holdClaim;
        b.holdRelease = holdRelease;
        b.holdClimbs = holdClimbs;
        b.holdSums = holdSums;
        return b;
    }

    /**
     * These options on a port of {@code capacityBps}: every derived estimator
     * ({@link Estimator#AUTO}) gets its K from the capacity; explicit ones are kept.
     */
    public KernelOptions forCapacity(double capacityBps) {
        Builder b = toBuilder();
        b.estimator = estimator.forCapacity(capacityBps);
        b.levelEstimators.replaceAll((level, e) -> e.forCapacity(capacityBps));
        return b.build();
    }

    /** The estimator of nodes at {@code level} (1 = children of the port). */
    public Estimator estimator(int level) {
        return levelEstimators.getOrDefault(level, estimator);
    }

    /** The estimator used where no level override is set. */
    public Estimator defaultEstimator() {
        return estimator;
    }

    public Map<Integer, Estimator> levelEstimators() {
        return levelEstimators;
    }

    public DropRule dropRule() {
        return dropRule;
    }

    /** How the drop decision picks its packets ({@link DropDraw#STRATIFIED} by default). */
    public DropDraw dropDraw() {
        return dropDraw;
    }

    public PassDown passDown() {
        return passDown;
    }

    /** If the satisfied rates exceed B, restart water-filling with alpha = B / (sum of active weights). */
    public boolean congestionRestart() {
        return congestionRestart;
    }

    /** Cap every node's fair rate at its peak rate {@code l}. */
    public boolean peakCap() {
        return peakCap;
    }

    /** An idle node leaves its parent's sums after {@link #idleTimeout()} (and rejoins with its next packet). */
    public boolean removeInactiveWeights() {
        return removeInactiveWeights;
    }

    public Duration idleTimeout() {
        return idleTimeout;
    }

    /**
     * A node's demand is what its subtree can use ({@code min(l, R - unusable load of its
     * children)}), not its raw offered rate: a peak below a congested node then loses no capacity.
     * Off: the original {@code min(R, l)}, kept for comparison.
     */
    public boolean subtreeDemand() {
        return subtreeDemand;
    }

    /**
     * With {@link #subtreeDemand()}: a node with active children demands what they demand (the sum
     * of their {@code D}, its slot's {@code S_rate + U_demand}), capped at its peak, instead of its
     * own EWMA less their unusable load. The children's estimates follow a start (warm-up) and a
     * stop (aging) within a few of their packet gaps, the node's own EWMA only over about 3 K, so
     * with the own estimate a sibling that starts or stops leaves the node's demand off by the step
     * times {@code e^(-t/K)} (at K = 1 s a parent still 5 % off 2-4.5 s after the change: the paper
     * scenario on real ports, docs/pofswitch.md). A node with no active child (its packets all
     * stop at it: a join in flight) demands {@code min(l, R)}. {@code X} (the children's
     * {@code R - D}, register word 8) is then not kept: only {@code R - X} read it, and a node's
     * {@code R - D} is now the difference of two estimates of one load, not a peak's cut.
     */
    public boolean childDemand() {
        return childDemand && subtreeDemand;
    }

    /** Whether the sums keep {@code X}, the children's unusable load: subtree demand from the node's own estimate. */
    public boolean keepsExcess() {
        return subtreeDemand && !childDemand;
    }

    /**
     * EWMA warm-up: a node's estimate restarts at activation and, until the EWMA weight takes
     * over, is its bytes over the time since its first packet, so it is usable from the second
     * packet. Off: the estimate ramps from 0 (or from its stale value) over about 3 K.
     */
    public boolean warmUp() {
        return warmUp;
    }

    /**
     * Estimates age with time (issue 14): an active node that sees no packet for its aging gap,
     * {@code max(AGE_GAPS * L / R, K/8 + 1 ns)} after its last packet, leaves its parent's sums as
     * the idle hook would, without going idle; its next packet puts it back with its estimate
     * (no warm-up restart). Only with {@link #removeInactiveWeights()}. Off: a stopped class keeps
     * its share until the idle timeout.
     */
    public boolean aging() {
        return aging && removeInactiveWeights;
    }

    /**
     * A sustained fall restarts the estimate (issue 14, a class that slows; on by default): after
     * the warm-up, a clock counts the node's packets at a quarter of its EWMA estimate, and once the
     * arrivals have fallen behind it by more than the node's aging gap (the CUSUM of their
     * shortfall below {@code R/4}) the estimate restarts as after aging (R := 0, warm-up) and a
     * responsive hold ends. A class that slows from 1 Gb/s to 100 Mb/s is then measured at its new
     * rate within about K/4 instead of the EWMA's 3 K; rises, steady sources, halvings (twice too) and the off
     * periods that aging leaves alone do not move the clock far enough (docs/hsdba-compiler.md
     * section 5 item 12). EWMA levels with the warm-up only (it keeps its clock in the warm-up's word).
     * Off: a class that slows keeps its share while its EWMA falls with K (about 3 K for a tenfold fall).
     */
    public boolean fallRestart() {
        return fallRestart && warmUp;
    }

    /**
     * Responsive hold (zero: off): a node that had a packet dropped within this time counts as
     * unsatisfied whatever its rate (a responsive sender's trough after a loss is not a lower
     * demand: its share is not handed to its siblings), and may pass, without drops, what it left
     * of its fair rate while held (a bank filled at {@code f}, at most {@code f} times this time
     * over 8), so that a sawtooth averages {@code f} instead of peaking at it. With
     * {@link DropDraw#STRATIFIED} a node outside a hold keeps the stratified draw and a held node's
     * bank alone decides. The compiler takes the plain hold (climbing, no claim) with
     * {@link DropDraw#INDEPENDENT} only and the summed hold ({@link Builder#summedHold}) with either
     * draw, both with the deepest-level drop rule only, and refuses other combinations
     * (docs/hsdba-compiler.md section 5 item 11).
     */
    public Duration responsiveHold() {
        return responsiveHold;
    }

    /**
     * A held node claims what it carried when its hold began or was extended, {@code min(f, D)}
     * at that packet, instead of its current {@code f}: a constant-rate source or an ancestor below
     * its share then wastes nothing while held. Compiled in the summed hold
     * ({@link Builder#summedHold}) only.
     */
    public boolean holdClaim() {
        return holdClaim;
    }

    /**
     * Kernel only (not compiled): a held node is released once its bank is full, i.e. once it has
     * left {@code f H/8} bytes of its fair rate unused since its hold began (every level keeps the
     * bank; the deepest level's is the one its drops use). A responsive sender spends what its
     * trough saved at its next peak; a class whose demand really fell, or a steady source held by
     * noise below its share, fills the bank and hands its share back after
     * {@code (H/8) f / (f - R)} instead of {@code H}. An ancestor stays released until a new drop
     * below extends its hold.
     */
    public boolean holdRelease() {
        return holdRelease;
    }

    /**
     * Whether a hold climbs to the dropped node's ancestors (the default: the plain hold); off holds
     * the dropped node alone (the summed hold, {@link Builder#summedHold}).
     */
    public boolean holdClimbs() {
        return holdClimbs;
    }

    /**
     * With the hold, while a descendant is held (its drop's mark climbs without holding anyone),
     * an internal node's demand is at least the sum of its children's reported demands
     * ({@code S_rate + U_demand} of its slot), so a held child's claim reaches its ancestors as that
     * claim and no more, without holding them. Compiled in the summed hold only.
     */
    public boolean holdSums() {
        return holdSums;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof KernelOptions)) {
            return false;
        }
        KernelOptions k = (KernelOptions) o;
        return k.estimator.equals(estimator) && k.levelEstimators.equals(levelEstimators) && k.dropRule == dropRule
                && k.dropDraw == dropDraw
                && k.passDown == passDown && k.congestionRestart == congestionRestart && k.peakCap == peakCap
                && k.removeInactiveWeights == removeInactiveWeights && k.idleTimeout.equals(idleTimeout)
                && k.subtreeDemand == subtreeDemand && k.childDemand == childDemand && k.warmUp == warmUp && k.aging == aging && k.fallRestart == fallRestart
                && k.responsiveHold.equals(responsiveHold) && k.holdClaim == holdClaim
                && k.holdRelease == holdRelease
                && k.holdClimbs == holdClimbs && k.holdSums == holdSums;
    }

    @Override
    public int hashCode() {
        return Objects.hash(estimator, levelEstimators, dropRule, dropDraw, passDown, congestionRestart, peakCap, removeInactiveWeights,
                idleTimeout, subtreeDemand, childDemand, warmUp, aging, fallRestart, responsiveHold, holdClaim, holdRelease, holdClimbs, holdSums);
    }

    @Override
    public String toString() {
        return "KernelOptions{" + estimator + (levelEstimators.isEmpty() ? "" : ", per level " + levelEstimators)
                 + ", drop " + dropRule + " " + dropDraw + ", pass down " + passDown + ", restart " + congestionRestart + ", peak cap " + peakCap
                + ", idle removal " + (removeInactiveWeights ? Durations.format(idleTimeout) : "off")
                + (subtreeDemand ? "" : ", raw demand") + (childDemand ? "" : ", own-estimate demand") + (warmUp ? "" : ", no warm-up") + (aging ? "" : ", no aging") + (fallRestart ? "" : ", no fall restart")
                + (responsiveHold.isZero() ? "" : ", responsive hold " + Durations.format(responsiveHold)
                        + (holdClaim ? " claiming D" : "")
                        + (holdRelease ? " released by a full bank" : "") + (holdClimbs ? "" : " not climbing") + (holdSums ? " summing claims" : "")) + "}";
    }

    /** Builder starting from the defaults. */
    public static final class Builder {
        private Estimator estimator = Estimator.DEFAULT;
        private final Map<Integer, Estimator> levelEstimators = new HashMap<>();
        private DropRule dropRule = DropRule.DEEPEST_LEVEL;
        private DropDraw dropDraw = DropDraw.STRATIFIED;
        private PassDown passDown = PassDown.SHARE;
        private boolean congestionRestart = true;
        private boolean peakCap = true;
        private boolean removeInactiveWeights = true;
        private Duration idleTimeout = RuntimeParameters.DEFAULT_IDLE_TIMEOUT;
        private boolean subtreeDemand = true;
        private boolean childDemand = true;
        private boolean warmUp = true;
        private boolean aging = true;
        private boolean fallRestart = true;
        private Duration responsiveHold = Duration.ZERO;
        private boolean holdClaim;
        private boolean holdRelease;
        private boolean holdClimbs = true;
        private boolean holdSums;

        private Builder() {
        }

        /** {@link KernelOptions#holdSums()}. */
        public Builder holdSums(boolean on) {
            this.holdSums = on;
            return this;
        }

        /** {@link KernelOptions#holdClimbs()}. */
        public Builder holdClimbs(boolean on) {
            this.holdClimbs = on;
            return this;
        }

        /** {@link KernelOptions#holdRelease()}. */
        public Builder holdRelease(boolean on) {
            this.holdRelease = on;
            return this;
        }

        /** {@link KernelOptions#holdClaim()}. */
        public Builder holdClaim(boolean on) {
            this.holdClaim = on;
            return this;
        }

        /** Responsive hold time ({@link KernelOptions#responsiveHold()}); zero turns it off. */
        public Builder responsiveHold(Duration d) {
            Objects.requireNonNull(d, "responsive hold");
            if (d.isNegative()) {
                throw new IllegalArgumentException("responsive hold must be zero (off) or positive, not " + Durations.format(d));
            }
            this.responsiveHold = d;
            return this;
        }

        /** {@link KernelOptions#fallRestart()}. */
        public Builder fallRestart(boolean on) {
            this.fallRestart = on;
            return this;
        }

        public Builder aging(boolean on) {
            this.aging = on;
            return this;
        }

        public Builder subtreeDemand(boolean on) {
            this.subtreeDemand = on;
            return this;
        }

        /** {@link KernelOptions#childDemand()}. */
        public Builder childDemand(boolean on) {
            this.childDemand = on;
            return this;
        }

        public Builder warmUp(boolean on) {
            this.warmUp = on;
            return this;
        }

        public Builder estimator(Estimator e) {
            this.estimator = Objects.requireNonNull(e, "estimator");
            return this;
        }

        /** Overrides the estimator of one level (1 = children of the port). */
        public Builder estimator(int level, Estimator e) {
            if (level < 1 || level > BandwidthTree.MAX_LEVELS) {
                throw new IllegalArgumentException("estimator override for level " + level + ": levels are 1.."
                        + BandwidthTree.MAX_LEVELS);
            }
            levelEstimators.put(level, Objects.requireNonNull(e, "estimator"));
            return this;
        }

        public Builder dropRule(DropRule r) {
            this.dropRule = Objects.requireNonNull(r, "drop rule");
            return this;
        }

        public Builder dropDraw(DropDraw d) {
            this.dropDraw = Objects.requireNonNull(d, "drop draw");
            return this;
        }

        public Builder passDown(PassDown p) {
            this.passDown = Objects.requireNonNull(p, "pass-down rule");
            return this;
        }

        public Builder congestionRestart(boolean on) {
            this.congestionRestart = on;
            return this;
        }

        public Builder peakCap(boolean on) {
            this.peakCap = on;
            return this;
        }

        public Builder removeInactiveWeights(boolean on) {
            this.removeInactiveWeights = on;
            return this;
        }

        public Builder idleTimeout(Duration d) {
            Objects.requireNonNull(d, "idle timeout");
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("idle timeout must be positive, not " + Durations.format(d));
            }
            this.idleTimeout = d;
            return this;
        }

        /**
         * The responsive hold as an operator turns it on (docs/hsdba-compiler.md section 5 item 11):
         * {@code h} with a claim, held at the dropped node alone, its claim summed into its
         * ancestors' demands ({@link #holdClaim}, {@link #holdClimbs} off, {@link #holdSums}); with
         * the stratified draw a held node's bank alone decides. The program compiles it with either
         * draw; the plain hold (climbing, no claim) compiles with the independent draw only.
         */
        public Builder summedHold(Duration h) {
            return responsiveHold(h).holdClaim(true).holdClimbs(false).holdSums(true).holdRelease(false);
        }

        public KernelOptions build() {
            return new KernelOptions(this);
        }
    }
}
