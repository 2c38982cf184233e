package org.hsdba.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A configured rate in bits per second, held exactly as a {@code long} (resolution 1 b/s), or
 * {@link #UNLIMITED} (only meaningful as a peak rate).
 *
 * <p>Text form: a non-negative decimal number, optional blanks, an optional SI prefix and an
 * optional suffix: {@code 10G}, {@code 10Gbps}, {@code 250Mbps}, {@code 100k}, {@code 1.5 Gb/s},
 * {@code 800000}. Prefixes are decimal (k = 10^3, M = 10^6, G = 10^9, T = 10^12) and
 * case-insensitive (there is no milli-bit, so {@code m} means mega). Suffixes are {@code bps},
 * {@code b/s}, {@code bit/s}; the {@code b} must be lower case because {@code B} means bytes,
 * which are rejected. Fractions of a bit are rounded to the nearest bit. Rates above
 * {@link #MAX_BPS} (1 Pb/s) are rejected so that every rate is exact as a double.
 */
public final class Rate implements Comparable<Rate> {

    /** Largest accepted finite rate: 10^15 b/s (below 2^53, so exact in a double). */
    public static final long MAX_BPS = 1_000_000_000_000_000L;
    public static final Rate ZERO = new Rate(0);
    public static final Rate UNLIMITED = new Rate(Long.MAX_VALUE);

    private static final Pattern SYNTAX =
            Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*(\\S*)");
    private static final String UNIT_HINT = "(use bps, k, M, G, T, or tc's kbit, mbit, gbit)";
    private static final String[] PREFIXES = {"", "k", "M", "G", "T"};

    private final long bps;

    private Rate(long bps) {
        this.bps = bps;
    }

    /** A finite rate; throws if negative or above {@link #MAX_BPS}. */
    public static Rate ofBps(long bps) {
        if (bps < 0) {
            throw new IllegalArgumentException("rate " + bps + " b/s is negative");
        }
        if (bps > MAX_BPS) {
            throw new IllegalArgumentException("rate " + bps + " b/s is above the maximum of 1 Pb/s");
        }
        return bps == 0 ? ZERO : new Rate(bps);
    }

    public static Rate ofMbps(double mbps) {
        return ofBps(Math.round(mbps * 1e6));
    }

    public static Rate ofGbps(double gbps) {
        return ofBps(Math.round(gbps * 1e9));
    }

    /** Parses a finite rate (see the class comment); "unlimited" is rejected. */
    public static Rate parse(String text) {
        if (text != null && text.trim().equalsIgnoreCase("unlimited")) {
            throw new IllegalArgumentException("\"" + text + "\": unlimited is only allowed for a peak rate");
        }
        return parseAny(text);
    }

    /** Parses a peak rate: like {@link #parse} but also accepts "unlimited" (any case). */
    public static Rate parseLimit(String text) {
        if (text != null && text.trim().equalsIgnoreCase("unlimited")) {
            return UNLIMITED;
        }
        return parseAny(text);
    }

    private static Rate parseAny(String text) {
        if (text == null || text.trim().isEmpty()) {
            throw new IllegalArgumentException("empty rate " + UNIT_HINT);
        }
        String trimmed = text.trim();
        if (trimmed.startsWith("-")) {
            throw new IllegalArgumentException("\"" + text + "\": rates cannot be negative");
        }
        Matcher m = SYNTAX.matcher(trimmed);
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\": not a rate; expected a number and a unit, e.g. 2.5G or 100Mbps");
        }
        long multiplier = multiplier(text, m.group(2));
        BigDecimal bits = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(multiplier))
                .setScale(0, RoundingMode.HALF_UP);
        if (bits.compareTo(BigDecimal.valueOf(MAX_BPS)) > 0) {
            throw new OutOfRangeException("\"" + text + "\": above the maximum rate of 1 Pb/s");
        }
        return ofBps(bits.longValueExact());
    }

    private static long multiplier(String text, String unit) {
        if (unit.isEmpty()) {
            return 1;
        }
        char first = unit.charAt(0);
        long prefix;
        String suffix;
        switch (Character.toLowerCase(first)) {
            case 'k': prefix = 1_000L; suffix = unit.substring(1); break;
            case 'm': prefix = 1_000_000L; suffix = unit.substring(1); break;
            case 'g': prefix = 1_000_000_000L; suffix = unit.substring(1); break;
            case 't': prefix = 1_000_000_000_000L; suffix = unit.substring(1); break;
            default: prefix = 1; suffix = unit; break;
        }
        // "bit" as tc writes it (kbit, mbit, gbit); bps is bits per second here, as everywhere in
        // hsdba, where tc's mbps would be megabytes.
        if (suffix.isEmpty() || suffix.equals("bps") || suffix.equals("b/s") || suffix.equals("bit/s")
                || suffix.equals("bit")) {
            return prefix;
        }
        if (suffix.startsWith("B")) {
            throw new IllegalArgumentException("\"" + text + "\": bytes (\"B\") are not accepted; rates are in bits, e.g. 8Gbps or 8G");
        }
        throw new IllegalArgumentException("\"" + text + "\": unknown unit \"" + unit + "\" " + UNIT_HINT);
    }

    public boolean isUnlimited() {
        return bps == Long.MAX_VALUE;
    }

    /** Bits per second; {@link Long#MAX_VALUE} when unlimited. */
    public long bps() {
        return bps;
    }

    /** Bits per second as a double; positive infinity when unlimited. */
    public double asDouble() {
        return isUnlimited() ? Double.POSITIVE_INFINITY : (double) bps;
    }

    /**
     * Exact text that {@link #parseLimit} reads back to the same value, using the largest unit
     * that keeps the number at least 1: {@code 2.5 Gb/s}, {@code 1.234567891 Gb/s}, {@code 0 b/s},
     * {@code unlimited}.
     */
    @Override
    public String toString() {
        if (isUnlimited()) {
            return "unlimited";
        }
        int exp = unitExponent(bps);
        String number = BigDecimal.valueOf(bps).movePointLeft(3 * exp).stripTrailingZeros().toPlainString();
        return number + " " + PREFIXES[exp] + "b/s";
    }

    /**
     * Readable text for a computed rate (allocations, sums): at most three decimals in the
     * largest unit that keeps the number at least 1, e.g. {@code 1.667 Gb/s}; "unlimited" for +inf.
     */
    public static String format(double bps) {
        if (Double.isInfinite(bps) && bps > 0) {
            return "unlimited";
        }
        if (Double.isNaN(bps)) {
            return "n/a";
        }
        int exp = unitExponent(Math.abs(bps));
        double scaled = bps / Math.pow(1000, exp);
        String number = BigDecimal.valueOf(scaled).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return number + " " + PREFIXES[exp] + "b/s";
    }

    private static int unitExponent(double bps) {
        int exp = 0;
        while (exp < PREFIXES.length - 1 && bps >= Math.pow(1000, exp + 1)) {
            exp++;
        }
        return exp;
    }

    @Override
    public int compareTo(Rate other) {
        return Long.compare(bps, other.bps);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rate && ((Rate) o).bps == bps;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bps);
    }

    /** A rate written correctly but above {@link #MAX_BPS}: a range rule, not a syntax error. */
    public static final class OutOfRangeException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        OutOfRangeException(String message) {
            super(message);
        }
    }
}
