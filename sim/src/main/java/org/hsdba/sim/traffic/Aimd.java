package org.hsdba.sim.traffic;

import java.util.Locale;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A simple model of a congestion-controlled sender (TCP Reno's steady state, paced): it sends at
 * a rate {@code r}, spacing packets like {@link ArrivalProcess#cbr()} (with its jitter); {@code r}
 * grows by {@code increase} per round-trip time, linearly in time (additive increase); a loss is
 * learnt one round-trip time after the lost packet was sent and then multiplies {@code r} by
 * {@code decrease} (multiplicative decrease), at most once per round trip: losses of packets sent
 * before the last cut took effect are ignored, as a window-based sender does. {@code r} stays
 * within {@code [floor, source rate]}; it starts at {@code initial} in every active interval.
 * Immutable; the state lives in each {@link Timeline}.
 */
public final class Aimd implements ArrivalProcess {

    private final Params params;

    Aimd(Params params) {
        this.params = Objects.requireNonNull(params, "AIMD parameters");
    }

    public Params params() {
        return params;
    }

    @Override
    public double dutyCycle() {
        return 1.0;
    }

    @Override
    public String kind() {
        return "aimd";
    }

    @Override
    public Timeline newTimeline(double ceilingBps, SplittableRandom rng) {
        return new Sender(params, ceilingBps, rng);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Aimd && ((Aimd) o).params.equals(params);
    }

    @Override
    public int hashCode() {
        return params.hashCode();
    }

    @Override
    public String toString() {
        return "aimd(" + params + ")";
    }

    /** The sender's constants. Immutable. */
    public static final class Params {
        private final double rttNs;
        private final double increaseBps;
        private final double decrease;
        private final double initialBps;
        private final double floorBps;

        /**
         * @param rttSeconds  round-trip time (loss feedback delay and increase period), > 0
         * @param increaseBps rate added per round trip, > 0 (one 1024-byte packet per RTT per RTT
         *                    is {@code 8192 / rtt} b/s)
         * @param decrease    factor applied on a loss, in (0, 1)
         * @param initialBps  rate at the start of each active interval, > 0
         * @param floorBps    lowest rate, > 0 (a sender always has at least one packet in flight)
         */
        public Params(double rttSeconds, double increaseBps, double decrease, double initialBps, double floorBps) {
            if (!(rttSeconds > 0) || !(increaseBps > 0) || !(decrease > 0 && decrease < 1) || !(initialBps > 0)
                    || !(floorBps > 0) || Double.isInfinite(rttSeconds + increaseBps + initialBps + floorBps)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "AIMD parameters: rtt %g s and increase"
                                + " %g b/s must be > 0, decrease %g in (0, 1), initial %g and floor %g b/s > 0",
                        rttSeconds, increaseBps, decrease, initialBps, floorBps));
            }
            this.rttNs = rttSeconds * 1e9;
            this.increaseBps = increaseBps;
            this.decrease = decrease;
            this.initialBps = initialBps;
            this.floorBps = floorBps;
        }

        public double rttSeconds() {
            return rttNs / 1e9;
        }

        public double increaseBps() {
            return increaseBps;
        }

        public double decrease() {
            return decrease;
        }

        public double initialBps() {
            return initialBps;
        }

        public double floorBps() {
            return floorBps;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Params)) {
                return false;
            }
            Params p = (Params) o;
            return p.rttNs == rttNs && p.increaseBps == increaseBps && p.decrease == decrease
                    && p.initialBps == initialBps && p.floorBps == floorBps;
        }

        @Override
        public int hashCode() {
            return Objects.hash(rttNs, increaseBps, decrease, initialBps, floorBps);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "rtt %g ms, +%g b/s per rtt, x%g on loss, start %g b/s, floor %g b/s",
                    rttNs / 1e6, increaseBps, decrease, initialBps, floorBps);
        }
    }

    /** One active interval's sender state. */
    static final class Sender implements Timeline {
        private final Params p;
        private final double ceiling;
        private final SplittableRandom rng;
        private double rate;
        /** Time the last cut took effect; losses of packets sent before it are ignored. */
        private double lastCutNs = Double.NEGATIVE_INFINITY;
        /** Send time of the earliest loss not yet acted on, or NaN. */
        private double pendingLossNs = Double.NaN;

        Sender(Params p, double ceiling, SplittableRandom rng) {
            this.p = p;
            this.ceiling = ceiling;
            this.rng = rng;
            this.rate = Math.max(p.floorBps, Math.min(ceiling, p.initialBps));
        }

        /** Current sending rate, b/s. */
        double rateBps() {
            return rate;
        }

        @Override
        public double first(double startNs, int firstBytes) {
            lastCutNs = startNs;
            return startNs + rng.nextDouble() * ArrivalProcess.serialisationNs(firstBytes, rate);
        }

        @Override
        public double next(double previousNs, int previousBytes) {
            double jitter = 1 + Cbr.DEFAULT_JITTER * (2 * rng.nextDouble() - 1);
            double gap = ArrivalProcess.serialisationNs(previousBytes, rate) * jitter;
            double reactNs = pendingLossNs + p.rttNs;
            if (!Double.isNaN(pendingLossNs) && reactNs <= previousNs + gap) {
                // The loss is learnt before the next send: grow until then, cut, and go on at the
                // new pace from there (the halved window pauses the sender, as in Reno).
                grow(reactNs - previousNs);
                rate = Math.max(p.floorBps, rate * p.decrease);
                lastCutNs = reactNs;
                pendingLossNs = Double.NaN;
                return Math.max(reactNs, previousNs) + ArrivalProcess.serialisationNs(previousBytes, rate) * jitter;
            }
            grow(gap);
            return previousNs + gap;
        }

        private void grow(double elapsedNs) {
            if (elapsedNs > 0) {
                rate = Math.min(ceiling, rate + p.increaseBps * elapsedNs / p.rttNs);
            }
        }

        @Override
        public void lost(double sentNs) {
            if (sentNs >= lastCutNs && Double.isNaN(pendingLossNs)) {
                pendingLossNs = sentNs;
            }
        }
    }
}
