package org.hsdba.sim.record;

/**
 * One node in one phase: the time-averaged measured rate over the bins that lie wholly after the
 * phase's settling time, against the oracle. Immutable; NaN where undefined (phase too short for
 * a whole bin after settling, no oracle, or oracle 0 with traffic measured).
 */
public final class PhaseStat {

    private final int phase;
    private final String node;
    private final boolean leaf;
    private final double measuredBps;
    private final double oracleBps;
    private final int bins;

    public PhaseStat(int phase, String node, boolean leaf, double measuredBps, double oracleBps, int bins) {
        this.phase = phase;
        this.node = node;
        this.leaf = leaf;
        this.measuredBps = measuredBps;
        this.oracleBps = oracleBps;
        this.bins = bins;
    }

    /** Index into the run's phases. */
    public int phase() {
        return phase;
    }

    public String node() {
        return node;
    }

    public boolean leaf() {
        return leaf;
    }

    public double measuredBps() {
        return measuredBps;
    }

    public double oracleBps() {
        return oracleBps;
    }

    /** Number of bins averaged (0: the phase was too short). */
    public int bins() {
        return bins;
    }

    /** (measured - oracle) / oracle; 0 when both are 0; NaN when undefined. */
    public double relativeError() {
        if (Double.isNaN(measuredBps) || Double.isNaN(oracleBps)) {
            return Double.NaN;
        }
        if (oracleBps == 0) {
            return measuredBps == 0 ? 0 : Double.NaN;
        }
        return (measuredBps - oracleBps) / oracleBps;
    }
}
