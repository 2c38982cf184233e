package org.hsdba.sim.eval;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.sim.engine.Phase;
import org.hsdba.sim.record.PhaseStat;
import org.hsdba.sim.record.RunSummary;

/**
 * Leaf errors of a run against the oracle, over every phase: the worst |error| (where), the mean
 * |error|, and the sampling noise of the worst: random drops keep each packet with probability
 * {@code q = oracle / demand}, so over {@code n} offered packets the kept share has a relative
 * standard deviation of {@code sqrt((1 - q) / (n q))}. Immutable.
 */
final class PhaseErrors {

    final double worst;
    final String worstNode;
    final int worstPhase;
    final double worstSigma;
    final double mean;
    final int count;
    /** Largest |error| / sigma over the leaf-phases with drops: how many noise sigmas the worst is. */
    final double worstInSigmas;
    /** Every judged leaf-phase's |error| and sampling sigma. */
    private final List<double[]> errorsAndSigmas;

    private PhaseErrors(double worst, String worstNode, int worstPhase, double worstSigma, double mean, int count,
                        double worstInSigmas, List<double[]> errorsAndSigmas) {
        this.worst = worst;
        this.worstNode = worstNode;
        this.worstPhase = worstPhase;
        this.worstSigma = worstSigma;
        this.mean = mean;
        this.count = count;
        this.worstInSigmas = worstInSigmas;
        this.errorsAndSigmas = List.copyOf(errorsAndSigmas);
    }

    /** True if every judged leaf-phase is within {@code target + k * sigma} of its oracle. */
    boolean allWithin(double target, double k) {
        for (double[] e : errorsAndSigmas) {
            if (e[0] > target + k * e[1]) {
                return false;
            }
        }
        return true;
    }

    static PhaseErrors of(RunSummary s, int packetBytes) {
        double worst = -1;
        String node = "-";
        int phase = -1;
        double sigmaAtWorst = 0;
        double sum = 0;
        int n = 0;
        double inSigmas = 0;
        List<double[]> all = new ArrayList<>();
        for (int p = 0; p < s.result().phases().size(); p++) {
            Phase ph = s.result().phases().get(p);
            for (PhaseStat st : s.phase(p)) {
                if (!st.leaf() || !(st.oracleBps() > 0) || st.bins() == 0 || Double.isNaN(st.relativeError())) {
                    continue;
                }
                double err = Math.abs(st.relativeError());
                double sigma = sigma(ph.leafDemandsBps().getOrDefault(st.node(), 0.0), st.oracleBps(),
                        st.bins() * s.result().binNs() / 1e9, packetBytes);
                sum += err;
                n++;
                all.add(new double[] {err, sigma});
                if (sigma > 0) {
                    inSigmas = Math.max(inSigmas, err / sigma);
                }
                if (err > worst) {
                    worst = err;
                    node = st.node();
                    phase = p;
                    sigmaAtWorst = sigma;
                }
            }
        }
        return new PhaseErrors(Math.max(0, worst), node, phase, sigmaAtWorst, n == 0 ? Double.NaN : sum / n, n, inSigmas,
                all);
    }

    /** Relative sd of the kept rate: {@code sqrt((1 - q) / (n q))}, 0 when nothing is dropped. */
    static double sigma(double demandBps, double oracleBps, double seconds, int packetBytes) {
        if (!(demandBps > 0) || oracleBps >= demandBps) {
            return 0;
        }
        double q = oracleBps / demandBps;
        double offered = demandBps * seconds / (8.0 * packetBytes);
        return Math.sqrt((1 - q) / (offered * q));
    }

    /** "1.23 % (h3, 50-60 s)" */
    String describeWorst(RunSummary s) {
        if (worstPhase < 0) {
            return "-";
        }
        Phase ph = s.result().phases().get(worstPhase);
        return Md.pct(worst) + " (" + worstNode + ", " + Md.num("%.4g-%.4g s", ph.startNs() / 1e9, ph.endNs() / 1e9) + ")";
    }
}
