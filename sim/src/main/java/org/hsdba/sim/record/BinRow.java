package org.hsdba.sim.record;

/**
 * One node in one time bin: rates in bits/s (drops also in packets/s), oracle NaN and state null
 * when unknown. Immutable.
 */
public final class BinRow {

    /** Column names, in file order. */
    public static final String[] COLUMNS = {"time_s", "node", "offered_bps", "measured_bps", "oracle_bps",
        "drop_bps", "drop_pps", "queue_drop_pps", "state"};

    private final long timeNs;
    private final String node;
    private final double offeredBps;
    private final double measuredBps;
    private final double oracleBps;
    private final double dropBps;
    private final double dropPps;
    private final double queueDropPps;
    private final String state;

    public BinRow(long timeNs, String node, double offeredBps, double measuredBps, double oracleBps,
                  double dropBps, double dropPps, double queueDropPps, String state) {
        this.timeNs = timeNs;
        this.node = node;
        this.offeredBps = offeredBps;
        this.measuredBps = measuredBps;
        this.oracleBps = oracleBps;
        this.dropBps = dropBps;
        this.dropPps = dropPps;
        this.queueDropPps = queueDropPps;
        this.state = state;
    }

    /** Start of the bin, ns of simulated time. */
    public long timeNs() {
        return timeNs;
    }

    public String node() {
        return node;
    }

    public double offeredBps() {
        return offeredBps;
    }

    public double measuredBps() {
        return measuredBps;
    }

    public double oracleBps() {
        return oracleBps;
    }

    public double dropBps() {
        return dropBps;
    }

    public double dropPps() {
        return dropPps;
    }

    public double queueDropPps() {
        return queueDropPps;
    }

    public String state() {
        return state;
    }

    /** The row's cells as text, in {@link #COLUMNS} order (empty for unknown). */
    public String[] cells() {
        return new String[] {Numbers.seconds(timeNs), node, Numbers.whole(offeredBps), Numbers.whole(measuredBps),
            Numbers.whole(oracleBps), Numbers.whole(dropBps), Numbers.decimal(dropPps, 3),
            Numbers.decimal(queueDropPps, 3), state == null ? "" : state};
    }
}
