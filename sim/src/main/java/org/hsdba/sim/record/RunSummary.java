package org.hsdba.sim.record;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.Phase;
import org.hsdba.sim.engine.RunResult;

/**
 * The per-phase comparison of a run with its oracle: for every phase and node, the measured rate
 * averaged over the whole bins from {@code settleNs} after the phase start to the phase end,
 * versus the oracle's rate. Immutable.
 */
public final class RunSummary {

    /** Default settling time: the first second of a phase is not judged. */
    public static final long DEFAULT_SETTLE_NS = 1_000_000_000L;

    private final RunResult result;
    private final long settleNs;
    private final List<PhaseStat> stats;

    private RunSummary(RunResult result, long settleNs, List<PhaseStat> stats) {
        this.result = result;
        this.settleNs = settleNs;
        this.stats = Collections.unmodifiableList(stats);
    }

    public static RunSummary of(RunResult r) {
        return of(r, DEFAULT_SETTLE_NS);
    }

    public static RunSummary of(RunResult r, long settleNs) {
        if (settleNs < 0) {
            throw new IllegalArgumentException("settling time must be >= 0 ns, got " + settleNs);
        }
        NodeTree tree = r.tree();
        List<PhaseStat> stats = new ArrayList<>();
        for (int p = 0; p < r.phases().size(); p++) {
            Phase phase = r.phases().get(p);
            long from = phase.startNs() + settleNs;
            int firstBin = (int) ((from + r.binNs() - 1) / r.binNs());
            for (int n = 0; n < tree.size(); n++) {
                double bits = 0;
                long ns = 0;
                int bins = 0;
                for (int b = firstBin; b < r.bins() && r.binStartNs(b) + r.binLengthNs(b) <= phase.endNs(); b++) {
                    bits += r.measuredBps(b, n) * r.binLengthNs(b);
                    ns += r.binLengthNs(b);
                    bins++;
                }
                double measured = bins == 0 ? Double.NaN : bits / ns;
                stats.add(new PhaseStat(p, tree.id(n), tree.isLeaf(n), measured, phase.oracleBps(tree.id(n)), bins));
            }
        }
        return new RunSummary(r, settleNs, stats);
    }

    public RunResult result() {
        return result;
    }

    public long settleNs() {
        return settleNs;
    }

    /** Phase by phase, nodes in tree order. */
    public List<PhaseStat> stats() {
        return stats;
    }

    /** The stats of one phase. */
    public List<PhaseStat> phase(int phase) {
        List<PhaseStat> out = new ArrayList<>();
        for (PhaseStat s : stats) {
            if (s.phase() == phase) {
                out.add(s);
            }
        }
        return out;
    }

    /** One stat; throws if the phase or node does not exist. */
    public PhaseStat stat(int phase, String node) {
        for (PhaseStat s : stats) {
            if (s.phase() == phase && s.node().equals(node)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no summary for node \"" + node + "\" in phase " + phase);
    }

    /**
     * Mean of |relative error| over the phase's leaves whose oracle rate is > 0 and that were
     * measured; NaN if none.
     */
    public double meanAbsLeafError(int phase) {
        double sum = 0;
        int n = 0;
        for (PhaseStat s : phase(phase)) {
            if (s.leaf() && s.oracleBps() > 0 && !Double.isNaN(s.relativeError())) {
                sum += Math.abs(s.relativeError());
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
