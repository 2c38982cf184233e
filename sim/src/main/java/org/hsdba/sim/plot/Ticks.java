package org.hsdba.sim.plot;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** "Nice" axis ticks: steps of 1, 2, 2.5 or 5 times a power of ten. Pure. */
final class Ticks {

    private Ticks() {
    }

    /** A step giving about {@code target} intervals over {@code range} (> 0). */
    static double step(double range, int target) {
        double raw = range / target;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double[] nice = {1, 2, 2.5, 5, 10};
        for (double n : nice) {
            if (raw <= n * magnitude * (1 + 1e-9)) {
                return n * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** Multiples of {@code step} within [lo, hi]. */
    static List<Double> values(double lo, double hi, double step) {
        List<Double> out = new ArrayList<>();
        long first = (long) Math.ceil(lo / step - 1e-9);
        for (long k = first; k * step <= hi + step * 1e-9; k++) {
            out.add(k * step);
        }
        return out;
    }

    /** A tick label: as many decimals as the step needs, trailing zeros dropped. */
    static String label(double value, double step) {
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9) + 1);
        String s = new BigDecimal(String.format(Locale.ROOT, "%." + decimals + "f", value))
                .stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }
}
