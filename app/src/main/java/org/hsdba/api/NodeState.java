package org.hsdba.api;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Live state of one node, from the latest counter reading. Rates are bits/s averaged over the
 * last polling period. {@code targetBps} and {@code effectiveLimitBps} come from the exact
 * allocator run on the measured demands; {@code fairShareBps} is the node's share
 * {@code f = min(l, w * alpha)} at its parent for those demands (finite: capped by the effective limit).
 */
public final class NodeState {

    private final String id;
    private final double measuredBps;
    private final RateState state;
    private final double fairShareBps;
    private final double dropBps;
    private final boolean active;
    private final Long lastSeenMillis;
    private final double targetBps;
    private final double effectiveLimitBps;
    private final String lastError;
    private final TrafficTotals totals;

    private NodeState(Builder b) {
        this.id = Objects.requireNonNull(b.id, "id");
        this.measuredBps = b.measuredBps;
        this.state = Objects.requireNonNull(b.state, "state");
        this.fairShareBps = b.fairShareBps;
        this.dropBps = b.dropBps;
        this.active = b.active;
        this.lastSeenMillis = b.lastSeenMillis;
        this.targetBps = b.targetBps;
        this.effectiveLimitBps = b.effectiveLimitBps;
        this.lastError = b.lastError;
        this.totals = Objects.requireNonNull(b.totals, "totals");
    }

    public static Builder builder(String id) {
        return new Builder(id);
    }

    public String id() {
        return id;
    }

    /** Rate that passed the switch through this node (its subtree). */
    public double measuredBps() {
        return measuredBps;
    }

    public RateState state() {
        return state;
    }

    public double fairShareBps() {
        return fairShareBps;
    }

    public double dropBps() {
        return dropBps;
    }

    /** False for a leaf that went idle (its weight left the parent's sums) or a node never hit. */
    public boolean isActive() {
        return active;
    }

    /** Wall-clock ms of the last packet seen, if any. */
    public OptionalLong lastSeenMillis() {
        return lastSeenMillis == null ? OptionalLong.empty() : OptionalLong.of(lastSeenMillis);
    }

    public double targetBps() {
        return targetBps;
    }

    /** The lowest cap on the path from the port to this node (peak rates and headroom). */
    public double effectiveLimitBps() {
        return effectiveLimitBps;
    }

    /** The last switch error about this node's entry, if any. */
    public Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    /** What passed and was dropped through the node since this instance first read it (Prometheus counters). */
    public TrafficTotals totals() {
        return totals;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof NodeState)) {
            return false;
        }
        NodeState n = (NodeState) o;
        return n.id.equals(id) && Double.compare(n.measuredBps, measuredBps) == 0 && n.state == state
                && Double.compare(n.fairShareBps, fairShareBps) == 0 && Double.compare(n.dropBps, dropBps) == 0
                && n.active == active && Objects.equals(n.lastSeenMillis, lastSeenMillis)
                && Double.compare(n.targetBps, targetBps) == 0
                && Double.compare(n.effectiveLimitBps, effectiveLimitBps) == 0 && Objects.equals(n.lastError, lastError)
                && n.totals.equals(totals);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, measuredBps, state, fairShareBps, dropBps, active, lastSeenMillis, targetBps,
                effectiveLimitBps, lastError, totals);
    }

    @Override
    public String toString() {
        return id + ": " + state.letter() + (active ? "" : " inactive") + ", measured " + measuredBps + ", drop "
                + dropBps + ", target " + targetBps + ", share " + fairShareBps + ", limit " + effectiveLimitBps
                + (lastError == null ? "" : ", error " + lastError);
    }

    /** Builder; rates default to 0, state to satisfied, inactive, never seen. */
    public static final class Builder {
        private final String id;
        private double measuredBps;
        private RateState state = RateState.SATISFIED;
        private double fairShareBps;
        private double dropBps;
        private boolean active;
        private Long lastSeenMillis;
        private double targetBps;
        private double effectiveLimitBps;
        private String lastError;
        private TrafficTotals totals = TrafficTotals.ZERO;

        private Builder(String id) {
            this.id = id;
        }

        public Builder measuredBps(double v) {
            this.measuredBps = v;
            return this;
        }

        public Builder state(RateState v) {
            this.state = v;
            return this;
        }

        public Builder fairShareBps(double v) {
            this.fairShareBps = v;
            return this;
        }

        public Builder dropBps(double v) {
            this.dropBps = v;
            return this;
        }

        public Builder active(boolean v) {
            this.active = v;
            return this;
        }

        /** Wall-clock ms of the last packet, or null for never. */
        public Builder lastSeenMillis(Long v) {
            this.lastSeenMillis = v;
            return this;
        }

        public Builder targetBps(double v) {
            this.targetBps = v;
            return this;
        }

        public Builder effectiveLimitBps(double v) {
            this.effectiveLimitBps = v;
            return this;
        }

        public Builder lastError(String v) {
            this.lastError = v;
            return this;
        }

        public Builder totals(TrafficTotals v) {
            this.totals = v;
            return this;
        }

        public NodeState build() {
            return new NodeState(this);
        }
    }
}
