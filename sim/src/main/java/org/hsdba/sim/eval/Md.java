package org.hsdba.sim.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Small Markdown and number-formatting helpers for the report. */
final class Md {

    private Md() {
    }

    /** A Markdown table; rows are added cell by cell. */
    static final class Table {
        private final String[] header;
        private final List<String[]> rows = new ArrayList<>();

        Table(String... header) {
            this.header = header.clone();
        }

        Table row(Object... cells) {
            if (cells.length != header.length) {
                throw new IllegalArgumentException("table row has " + cells.length + " cells, header " + header.length);
            }
            String[] r = new String[cells.length];
            for (int i = 0; i < cells.length; i++) {
                r[i] = String.valueOf(cells[i]).replace("|", "\\|");
            }
            rows.add(r);
            return this;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            sb.append("| ").append(String.join(" | ", header)).append(" |\n|");
            for (int i = 0; i < header.length; i++) {
                sb.append("---|");
            }
            sb.append('\n');
            for (String[] r : rows) {
                sb.append("| ").append(String.join(" | ", r)).append(" |\n");
            }
            return sb.toString();
        }
    }

    /** A rate with a unit that keeps 3-4 significant digits: 1.667 Gb/s, 250.0 Mb/s, 100.0 kb/s. */
    static String rate(double bps) {
        if (Double.isNaN(bps)) {
            return "-";
        }
        if (Double.isInfinite(bps)) {
            return "unlimited";
        }
        double a = Math.abs(bps);
        if (a >= 1e9) {
            return String.format(Locale.ROOT, "%.3f Gb/s", bps / 1e9);
        } else if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.2f Mb/s", bps / 1e6);
        } else if (a >= 1e3) {
            return String.format(Locale.ROOT, "%.2f kb/s", bps / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f b/s", bps);
    }

    /** A fraction as a percentage with two decimals: 0.01234 -> "1.23 %". */
    static String pct(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.2f %%", 100 * fraction);
    }

    /** A signed fraction as a percentage: +1.23 %. */
    static String signedPct(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%+.2f %%", 100 * fraction);
    }

    static String num(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** Seconds as "1.234 ms" below a second, else "1.23 s". */
    static String time(double seconds) {
        if (Double.isNaN(seconds)) {
            return "-";
        }
        if (Math.abs(seconds) < 1e-3) {
            return String.format(Locale.ROOT, "%.1f µs", seconds * 1e6);
        }
        return Math.abs(seconds) < 1 ? String.format(Locale.ROOT, "%.2f ms", seconds * 1e3)
                : String.format(Locale.ROOT, "%.2f s", seconds);
    }

    /** A Markdown image with a link to the SVG twin. */
    static String image(String pngPath, String alt) {
        String svg = pngPath.replaceFirst("\\.png$", ".svg");
        return "![" + alt + "](" + pngPath + ")  \n[SVG](" + svg + ")\n";
    }

    static String yes(boolean met) {
        return met ? "**met**" : "**not met**";
    }
}
