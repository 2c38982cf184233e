package org.hsdba.alloc;

import java.util.Arrays;

/**
 * Solves one parent: children with effective demand {@code d}, guaranteed part {@code c} (0 in
 * weighted mode) and weight {@code w} share {@code budget} as {@code x = min(d, c + w * alpha)}
 * with {@code sum x = budget}, or get {@code x = d} when everything fits.
 *
 * <p>{@code f(alpha) = sum min(d, c + w * alpha)} is piecewise linear and non-decreasing with
 * breakpoints {@code (d - c) / w}; the breakpoints are sorted, the segment where {@code f}
 * crosses the budget is found by binary search, and {@code alpha} is solved on that segment.
 * O(k log k) for k children, no allocation beyond the caller's scratch arrays.
 */
final class WaterFill {

    private WaterFill() {
    }

    /**
     * Fills {@code x[0..k)} and returns alpha: +infinity when all demand fits, 0 when the
     * guaranteed parts alone exceed the budget (then they are scaled down proportionally, which
     * an admitted tree never needs).
     */
    static double solve(int k, double[] d, double[] c, double[] w, double budget, double[] x, double[] scratch) {
        double sumD = 0;
        double sumC = 0;
        for (int i = 0; i < k; i++) {
            sumD += d[i];
            sumC += c[i];
        }
        if (sumD <= budget) {
            System.arraycopy(d, 0, x, 0, k);
            return Double.POSITIVE_INFINITY;
        }
        if (sumC >= budget) {
            for (int i = 0; i < k; i++) {
                x[i] = sumC > 0 ? c[i] * (budget / sumC) : 0;
            }
            return 0;
        }
        for (int i = 0; i < k; i++) {
            scratch[i] = (d[i] - c[i]) / w[i];
        }
        Arrays.sort(scratch, 0, k);
        // Smallest j with f(t_j) >= budget; exists because f(t_{k-1}) = sumD > budget.
        int lo = 0;
        int hi = k - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (f(k, d, c, w, scratch[mid]) >= budget) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        double left = lo == 0 ? 0 : scratch[lo - 1];
        double right = scratch[lo];
        // On (left, right] f is linear: children with breakpoint <= left are saturated.
        double fixed = 0;
        double slope = 0;
        for (int i = 0; i < k; i++) {
            double t = (d[i] - c[i]) / w[i];
            if (t <= left) {
                fixed += d[i];
            } else {
                fixed += c[i];
                slope += w[i];
            }
        }
        double alpha = slope > 0 ? (budget - fixed) / slope : right;
        alpha = Math.max(left, Math.min(right, alpha));
        for (int i = 0; i < k; i++) {
            x[i] = Math.min(d[i], c[i] + w[i] * alpha);
        }
        return alpha;
    }

    private static double f(int k, double[] d, double[] c, double[] w, double alpha) {
        double sum = 0;
        for (int i = 0; i < k; i++) {
            sum += Math.min(d[i], c[i] + w[i] * alpha);
        }
        return sum;
    }
}
