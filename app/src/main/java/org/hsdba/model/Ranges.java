package org.hsdba.model;

import java.time.Duration;

/**
 * The ranges of what an operator sets, in one place: the service's run-time parameters (checked
 * when {@code HsdbaParameters} are built, so the API, the configuration file and the CLI refuse
 * the same values) and node weights (checked by admission). The OpenAPI document states the
 * same numbers. Limits are where the system stops working, not preferences: a polling period
 * below 100 ms keeps the control thread busy (POFSwitch answers a COUNTER_REQUEST in ~100 ms),
 * a weight outside 2^-14 .. 2^32 cannot be represented by the switch program's Q24 fixed point.
 */
public final class Ranges {

    /** Node weights the switch program represents (Q24, rounding error < 0.05 %). */
    public static final double MIN_WEIGHT = Math.scalb(1.0, -14);
    public static final double MAX_WEIGHT = Math.scalb(1.0, 32);

    public static final DurationRange POLLING_PERIOD = new DurationRange(Duration.ofMillis(100), Duration.ofHours(1));
    public static final DurationRange IDLE_TIMEOUT = new DurationRange(Duration.ofMillis(10), Duration.ofDays(7));
    public static final DurationRange LEAF_LIFETIME = new DurationRange(Duration.ofMillis(10), Duration.ofDays(30));
    /** EWMA K or window length of the rate estimator. */
    public static final DurationRange ESTIMATOR_PERIOD = new DurationRange(Duration.ofNanos(100_000),
            Duration.ofHours(1));
    /**
     * The in-switch responsive hold; zero is off (the default, 2 s, is
     * {@link RuntimeParameters#DEFAULT_RESPONSIVE_HOLD}). A minute is far beyond any sender's loss cycle
     * (2 s covers 16 RTTs of 125 ms), and a hold keeps a node's share for that long after its last drop.
     */
    public static final DurationRange RESPONSIVE_HOLD = new DurationRange(Duration.ZERO, Duration.ofMinutes(1));
    public static final double MIN_JOIN_RATE = 0.01;
    public static final double MAX_JOIN_RATE = 1e6;
    public static final int MAX_JOIN_BURST = 1_000_000;
    /** The operator's per-tree node limit (joins beyond it are refused at the edge). */
    public static final int MAX_TREE_NODES = 1_000_000;

    private Ranges() {
    }

    public static boolean isRepresentableWeight(double w) {
        return w >= MIN_WEIGHT && w <= MAX_WEIGHT;
    }

    /** "weight w is outside ..." for a violation or an error. */
    public static String weightRangeText() {
        return MIN_WEIGHT + " (2^-14) .. " + MAX_WEIGHT + " (2^32), what the switch program represents"
                + " (Q24 fixed point); weights only matter relative to their siblings: scale them together";
    }

    /** An inclusive range of durations. */
    public static final class DurationRange {
        private final Duration min;
        private final Duration max;

        DurationRange(Duration min, Duration max) {
            this.min = min;
            this.max = max;
        }

        public Duration min() {
            return min;
        }

        public Duration max() {
            return max;
        }

        public boolean contains(Duration d) {
            return d.compareTo(min) >= 0 && d.compareTo(max) <= 0;
        }

        @Override
        public String toString() {
            return Durations.format(min) + " .. " + Durations.format(max);
        }
    }
}
