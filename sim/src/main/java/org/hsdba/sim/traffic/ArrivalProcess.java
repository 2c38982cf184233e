package org.hsdba.sim.traffic;

import java.util.SplittableRandom;

/**
 * How a source spaces its packets in time. A source's rate is the rate while it sends: for
 * constant bit rate and Poisson that is its mean rate; an on/off source sends at that rate while
 * on, so its mean rate is {@code rate * dutyCycle()}. Immutable; {@link #newTimeline} gives the
 * stateful generator for one active interval.
 */
public interface ArrivalProcess {

    /** Fraction of time the source sends (1 except for on/off). */
    double dutyCycle();

    /** A fresh generator of emission times at {@code rateBps} drawing from {@code rng}. */
    Timeline newTimeline(double rateBps, SplittableRandom rng);

    /** Short name as used in scenario files: {@code cbr}, {@code poisson} or {@code onoff}. */
    String kind();

    /** Stateful emission-time generator; times are doubles in ns so rounding never drifts. */
    interface Timeline {
        /** Time of the first packet, of {@code firstBytes} bytes, in an interval starting at {@code startNs}. */
        double first(double startNs, int firstBytes);

        /** Time of the packet after one of {@code previousBytes} bytes sent at {@code previousNs}. */
        double next(double previousNs, int previousBytes);

        /**
         * A packet this source sent at {@code sentNs} was lost (dropped by the switch or the
         * buffer). Open-loop processes ignore it; responsive ones ({@link Aimd}) slow down.
         */
        default void lost(double sentNs) {
        }
    }

    /** Constant bit rate with the default gap jitter of {@link Cbr#DEFAULT_JITTER}. */
    static ArrivalProcess cbr() {
        return new Cbr(Cbr.DEFAULT_JITTER);
    }

    /**
     * Constant bit rate: the gap after a packet is its serialisation time at the source's rate,
     * times {@code 1 + u} with {@code u} uniform in {@code [-jitter, jitter]} (0 <= jitter < 1).
     */
    static ArrivalProcess cbr(double jitter) {
        return new Cbr(jitter);
    }

    /** Exponential gaps with the mean of the mean packet size at the source's rate. */
    static ArrivalProcess poisson(PacketSizes sizes) {
        return new Poisson(sizes.meanBytes());
    }

    /** Exponential on and off periods with the given means (seconds); constant bit rate while on. */
    static ArrivalProcess onOff(double meanOnSeconds, double meanOffSeconds) {
        return new OnOff(meanOnSeconds, meanOffSeconds);
    }

    /**
     * A loss-responsive source: additive increase, multiplicative decrease (see {@link Aimd}). Its
     * source rate is the ceiling it never exceeds (its demand for the oracle).
     */
    static ArrivalProcess aimd(Aimd.Params params) {
        return new Aimd(params);
    }

    /** Exponential variate with the given mean; never returns 0 exactly ({@code 1 - u} is in (0, 1]). */
    static double exponential(SplittableRandom rng, double mean) {
        return -mean * Math.log(1.0 - rng.nextDouble());
    }

    /** Nanoseconds to send {@code bytes} at {@code rateBps}. */
    static double serialisationNs(int bytes, double rateBps) {
        return bytes * 8e9 / rateBps;
    }

    /**
     * Constant bit rate. The first packet comes at a random phase within one gap of the interval
     * start, and gaps carry a small independent jitter (mean exactly the serialisation time, so
     * the long-run rate is exact). Both matter for baselines: perfectly periodic sources of equal
     * rate keep their relative phase for ever, and a tail-drop FIFO then gives the buffer space to
     * the same sources at every instant (three of six 3 Gb/s sources took all of 10 Gb/s in such
     * a run); with jitter their phases drift and losses spread as they would on real hosts.
     */
    final class Cbr implements ArrivalProcess {
        /** Default relative gap jitter: +-5 %. */
        public static final double DEFAULT_JITTER = 0.05;

        private final double jitter;

        Cbr(double jitter) {
            if (!(jitter >= 0 && jitter < 1)) {
                throw new IllegalArgumentException("CBR jitter must be in [0, 1), got " + jitter);
            }
            this.jitter = jitter;
        }

        public double jitter() {
            return jitter;
        }

        @Override
        public double dutyCycle() {
            return 1.0;
        }

        @Override
        public String kind() {
            return "cbr";
        }

        @Override
        public Timeline newTimeline(double rateBps, SplittableRandom rng) {
            return new Timeline() {
                @Override
                public double first(double startNs, int firstBytes) {
                    return startNs + rng.nextDouble() * serialisationNs(firstBytes, rateBps);
                }

                @Override
                public double next(double previousNs, int previousBytes) {
                    double gap = serialisationNs(previousBytes, rateBps);
                    return previousNs + (jitter == 0 ? gap : gap * (1 + jitter * (2 * rng.nextDouble() - 1)));
                }
            };
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Cbr && ((Cbr) o).jitter == jitter;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(jitter);
        }

        @Override
        public String toString() {
            return jitter == 0 ? "cbr" : String.format(java.util.Locale.ROOT, "cbr(jitter %.3g)", jitter);
        }
    }

    /** Poisson arrivals. */
    final class Poisson implements ArrivalProcess {
        private final double meanBytes;

        Poisson(double meanBytes) {
            this.meanBytes = meanBytes;
        }

        @Override
        public double dutyCycle() {
            return 1.0;
        }

        @Override
        public String kind() {
            return "poisson";
        }

        @Override
        public Timeline newTimeline(double rateBps, SplittableRandom rng) {
            double meanGapNs = meanBytes * 8e9 / rateBps;
            return new Timeline() {
                @Override
                public double first(double startNs, int firstBytes) {
                    return startNs + exponential(rng, meanGapNs);
                }

                @Override
                public double next(double previousNs, int previousBytes) {
                    return previousNs + exponential(rng, meanGapNs);
                }
            };
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Poisson && ((Poisson) o).meanBytes == meanBytes;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(meanBytes);
        }

        @Override
        public String toString() {
            return "poisson";
        }
    }

    /** Exponential on/off; starts "on" at the beginning of each active interval. */
    final class OnOff implements ArrivalProcess {
        private final double meanOnNs;
        private final double meanOffNs;

        OnOff(double meanOnSeconds, double meanOffSeconds) {
            if (!(meanOnSeconds > 0) || !(meanOffSeconds >= 0)
                    || Double.isInfinite(meanOnSeconds) || Double.isInfinite(meanOffSeconds)) {
                throw new IllegalArgumentException("on/off source: mean on time must be > 0 and mean off"
                        + " time >= 0 (seconds), got on=" + meanOnSeconds + " off=" + meanOffSeconds);
            }
            this.meanOnNs = meanOnSeconds * 1e9;
            this.meanOffNs = meanOffSeconds * 1e9;
        }

        @Override
        public double dutyCycle() {
            return meanOnNs / (meanOnNs + meanOffNs);
        }

        @Override
        public String kind() {
            return "onoff";
        }

        public double meanOnSeconds() {
            return meanOnNs / 1e9;
        }

        public double meanOffSeconds() {
            return meanOffNs / 1e9;
        }

        @Override
        public Timeline newTimeline(double rateBps, SplittableRandom rng) {
            return new Timeline() {
                private double onEnd;

                @Override
                public double first(double startNs, int firstBytes) {
                    onEnd = startNs + exponential(rng, meanOnNs);
                    return startNs;
                }

                @Override
                public double next(double previousNs, int previousBytes) {
                    double t = previousNs + serialisationNs(previousBytes, rateBps);
                    while (t >= onEnd) {
                        // The on period is over: skip an off period, start the next on period there.
                        t = onEnd + exponential(rng, meanOffNs);
                        onEnd = t + exponential(rng, meanOnNs);
                    }
                    return t;
                }
            };
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof OnOff && ((OnOff) o).meanOnNs == meanOnNs
                    && ((OnOff) o).meanOffNs == meanOffNs;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(meanOnNs) * 31 + Double.hashCode(meanOffNs);
        }

        @Override
        public String toString() {
            return "onoff(on " + meanOnSeconds() + " s, off " + meanOffSeconds() + " s)";
        }
    }
}
