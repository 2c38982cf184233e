package org.hsdba.model;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text form of durations in the configuration: a non-negative decimal number and a unit,
 * {@code ns}, {@code us}, {@code ms}, {@code s}, {@code min} or {@code h} (case-sensitive, since
 * {@code ms} and {@code Ms} would otherwise be confusable); a bare number means seconds.
 * Resolution is one nanosecond.
 */
public final class Durations {

    private static final Pattern SYNTAX = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*([a-z]*)");
    private static final String[] UNITS = {"h", "min", "s", "ms", "us", "ns"};
    private static final long[] NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L};

    private Durations() {
    }

    public static Duration parse(String text) {
        if (text == null || text.trim().isEmpty()) {
            throw new IllegalArgumentException("empty duration (use e.g. 10ms, 1.5s, 2min)");
        }
        String trimmed = text.trim();
        if (trimmed.startsWith("-")) {
            throw new IllegalArgumentException("\"" + text + "\": durations cannot be negative");
        }
        Matcher m = SYNTAX.matcher(trimmed);
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\": not a duration (use e.g. 10ms, 1.5s, 2min)");
        }
        String unit = m.group(2).isEmpty() ? "s" : m.group(2);
        for (int i = 0; i < UNITS.length; i++) {
            if (UNITS[i].equals(unit)) {
                return ofNanos(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(NANOS[i])), text);
            }
        }
        throw new IllegalArgumentException("\"" + text + "\": unknown unit \"" + unit + "\" (use ns, us, ms, s, min, h)");
    }

    /** A duration given as a number of seconds (JSON numbers). */
    public static Duration ofSeconds(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException(seconds + " s: durations must be finite and non-negative");
        }
        return ofNanos(BigDecimal.valueOf(seconds).movePointRight(9), seconds + " s");
    }

    private static Duration ofNanos(BigDecimal nanos, String text) {
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new OutOfRangeException("\"" + text + "\": duration too long (at most about 292 years, 2^63 ns)");
        }
        return Duration.ofNanos(nanos.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact());
    }

    /** Exact text in the largest unit that gives a whole number, e.g. {@code 10ms}, {@code 1500ms}, {@code 2min}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0s";
        }
        for (int i = 0; i < UNITS.length; i++) {
            if (nanos % NANOS[i] == 0) {
                return (nanos / NANOS[i]) + UNITS[i];
            }
        }
        throw new AssertionError("unreachable: every duration is whole in ns");
    }

    /** Seconds as a double, for computations. */
    public static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    /** A duration in a valid notation but longer than 2^63 ns. */
    public static final class OutOfRangeException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        OutOfRangeException(String message) {
            super(message);
        }
    }
}
