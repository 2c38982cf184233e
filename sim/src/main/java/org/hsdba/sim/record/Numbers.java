package org.hsdba.sim.record;

import java.math.BigDecimal;
import java.util.Locale;

/** Locale-independent number text for the outputs, so files are byte-identical everywhere. */
final class Numbers {

    private Numbers() {
    }

    /** Rounded to whole units (bits/s are never fractional in a report); empty for NaN. */
    static String whole(double v) {
        return Double.isNaN(v) ? "" : Long.toString(Math.round(v));
    }

    /** At most {@code decimals} decimals, trailing zeros removed; empty for NaN. */
    static String decimal(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        String s = new BigDecimal(String.format(Locale.ROOT, "%." + decimals + "f", v))
                .stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    /** Seconds from nanoseconds, up to 9 decimals. */
    static String seconds(long ns) {
        return decimal(ns / 1e9, 9);
    }

    /** Human rate for Markdown: Gb/s, Mb/s, kb/s or b/s with 4 significant digits. */
    static String rate(double bps) {
        if (Double.isNaN(bps)) {
            return "n/a";
        }
        double a = Math.abs(bps);
        if (a == 0) {
            return "0";
        }
        if (a >= 1e9) {
            return String.format(Locale.ROOT, "%.4g Gb/s", bps / 1e9);
        } else if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.4g Mb/s", bps / 1e6);
        } else if (a >= 1e3) {
            return String.format(Locale.ROOT, "%.4g kb/s", bps / 1e3);
        }
        return String.format(Locale.ROOT, "%.4g b/s", bps);
    }
}
