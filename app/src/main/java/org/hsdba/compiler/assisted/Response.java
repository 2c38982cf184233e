package org.hsdba.compiler.assisted;

import java.util.Arrays;
import java.util.Objects;

/**
 * How a leaf's sender reacts to the drop probability, learnt from the last {@value #HISTORY}
 * periods (the p applied during each and the rate offered in it). Two things are kept:
 * <ul>
 * <li>its <em>elasticity</em> -d ln(offered)/d ln(p), the least-squares slope over the history's
 * periods with p &gt; 0 (when p spanned at least a factor 2), taken between {@value #TCP_ELASTICITY}
 * (TCP's rate goes as p^-1/2, Mathis et al.) and {@value #MAX_ELASTICITY};</li>
 * <li>whether the sender is <em>responsive</em>: it reacted when its offered rate moved by more
 * than {@value #STEADY} against p between two periods (fell as p rose, rose as p fell), which makes
 * it responsive; with no reaction within the history, a sender whose offered rate fell by less
 * than {@value #STEADY} while p rose by {@value #ROSE}x (or from 0), or whose fitted elasticity is
 * below {@value #UNRESPONSIVE} (fitted over a span of p of at least {@value #FLAT_SPAN}x), is
 * unresponsive (constant rate: one exact step lands it).</li>
 * </ul>
 * A new leaf starts responsive: a wrong guess that way costs a constant-rate sender one poll, the
 * other way it silences a TCP sender. Immutable.
 */
final class Response {

    /** Periods remembered. */
    static final int HISTORY = 8;
    /** Elasticity of a responsive sender until measured, and the least taken. */
    static final double TCP_ELASTICITY = 0.5;
    /** Largest elasticity taken (a sender in timeouts falls faster than any power law). */
    static final double MAX_ELASTICITY = 2;
    /** A rise of p by this factor (or from 0) that leaves the offered rate where it was shows an unresponsive sender. */
    static final double ROSE = 2;
    /** A fitted elasticity below this shows an unresponsive sender. */
    static final double UNRESPONSIVE = 0.15;
    /**
     * Least span of p (a factor) over which a flat fit shows an unresponsive sender. Smaller than
     * the factor 2 the elasticity is learnt over: after a pause a constant-rate sender is taken for
     * responsive (its return looks like a reaction to the lower p) and then moves p by small
     * relative steps, which would take many polls to span a factor 2.
     */
    static final double FLAT_SPAN = 1.4;
    /** Relative change of the offered rate between periods beyond which the sender counts as responsive. */
    static final double STEADY = 0.2;

    static final Response UNKNOWN = new Response(new double[0], new double[0], true, TCP_ELASTICITY, HISTORY);

    private final double[] p;
    private final double[] offered;
    private final boolean responsive;
    private final double elasticity;
    /** Periods since the offered rate last moved against p (HISTORY: not within the history). */
    private final int sinceReaction;

    Response(double[] p, double[] offered, boolean responsive, double elasticity, int sinceReaction) {
        this.p = p.clone();
        this.offered = offered.clone();
        this.responsive = responsive;
        this.elasticity = elasticity;
        this.sinceReaction = sinceReaction;
    }

    /** After one more period in which {@code pApplied} was installed and {@code offeredBps} offered. */
    Response next(double pApplied, double offeredBps) {
        if (!(offeredBps > 0)) {
            // Nothing offered (stopped, or silenced between timeouts): nothing to learn from.
            return this;
        }
        int keep = Math.min(p.length, HISTORY - 1);
        double[] ps = Arrays.copyOfRange(p, p.length - keep, p.length + 1);
        double[] os = Arrays.copyOfRange(offered, offered.length - keep, offered.length + 1);
        ps[keep] = pApplied;
        os[keep] = offeredBps;
        boolean r = responsive;
        int since = Math.min(HISTORY, sinceReaction + 1);
        double fitted = fit(ps, os);
        if (keep >= 1) {
            double before = ps[keep - 1];
            double ratio = offeredBps / os[keep - 1];
            boolean reacted = pApplied > before && ratio < 1 - STEADY || pApplied < before && ratio > 1 + STEADY;
            boolean rose = pApplied > 0 && pApplied >= ROSE * before;
            if (reacted) {
                since = 0;
                r = true;
            } else if (since >= HISTORY && (rose && ratio >= 1 - STEADY || fit(ps, os, FLAT_SPAN) < UNRESPONSIVE)) {
                // No reaction within the history and p rose without effect (or the fit is flat). A TCP
                // sender near its share can look flat between two polls; its reactions keep it out.
                r = false;
            }
        }
        double e = Double.isNaN(fitted) ? elasticity : Math.max(TCP_ELASTICITY, Math.min(MAX_ELASTICITY, fitted));
        return new Response(ps, os, r, e, since);
    }

    /**
     * The least-squares elasticity -d ln(offered) / d ln(p) over the periods with p &gt; 0; NaN when
     * there are fewer than 3 or p spanned less than a factor 2.
     */
    static double fit(double[] ps, double[] os) {
        return fit(ps, os, 2);
    }

    /** {@link #fit(double[], double[])} with p spanning at least a factor {@code minSpan}. */
    static double fit(double[] ps, double[] os, double minSpan) {
        int n = 0;
        double sx = 0;
        double sy = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < ps.length; i++) {
            if (ps[i] > 0) {
                double lx = Math.log(ps[i]);
                n++;
                sx += lx;
                sy += Math.log(os[i]);
                min = Math.min(min, lx);
                max = Math.max(max, lx);
            }
        }
        if (n < 3 || max - min < Math.log(minSpan)) {
            return Double.NaN;
        }
        double mx = sx / n;
        double my = sy / n;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < ps.length; i++) {
            if (ps[i] > 0) {
                double dx = Math.log(ps[i]) - mx;
                sxy += dx * (Math.log(os[i]) - my);
                sxx += dx * dx;
            }
        }
        return -sxy / sxx;
    }

    /**
     * The p that would hold this sender's offered rate at {@code x}, from its remembered periods with
     * p &gt; 0 and its elasticity e: each period i predicts {@code p_i (offered_i / x)^(1/e)}; the
     * geometric mean of the predictions. NaN when no period had p &gt; 0 or x is not positive.
     */
    double predictedP(double x) {
        if (!(x > 0)) {
            return Double.NaN;
        }
        int n = 0;
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            if (p[i] > 0 && offered[i] > 0) {
                sum += Math.log(p[i]) + Math.log(offered[i] / x) / elasticity;
                n++;
            }
        }
        return n == 0 ? Double.NaN : Math.exp(sum / n);
    }

    /**
     * The p applied in the period before the last one read (where a sender silenced by the last
     * step was last seen sending); NaN with fewer than two periods.
     */
    double previousP() {
        return p.length < 2 ? Double.NaN : p[p.length - 2];
    }

    boolean responsive() {
        return responsive;
    }

    double elasticity() {
        return elasticity;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Response)) {
            return false;
        }
        Response r = (Response) o;
        return r.responsive == responsive && Double.compare(r.elasticity, elasticity) == 0
                && r.sinceReaction == sinceReaction && Arrays.equals(r.p, p)
                && Arrays.equals(r.offered, offered);
    }

    @Override
    public int hashCode() {
        return Objects.hash(responsive, elasticity, Arrays.hashCode(p));
    }

    @Override
    public String toString() {
        return (responsive ? "responsive" : "unresponsive") + String.format(java.util.Locale.ROOT, ", elasticity %.2f",
                elasticity);
    }
}
