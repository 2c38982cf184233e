package org.hsdba.sim.engine;

import java.util.List;
import java.util.Map;

/**
 * What a run measured, per time bin and per node (subtree totals for internal nodes), as rates
 * over each bin's length (the last bin may be shorter). Read-only: the arrays are owned by this
 * object and never handed out.
 */
public final class RunResult {

    private final NodeTree tree;
    private final long durationNs;
    private final long binNs;
    private final BinCounters counters;
    private final double[][] oracleBps;
    private final String[][] states;
    private final List<Phase> phases;
    private final LatencySummary[] latency;
    private final long packets;
    private final long misattributedPackets;
    private final long otherPortPackets;
    private final long inFlightBytesAtEnd;
    private final Map<String, String> parameters;

    RunResult(NodeTree tree, long durationNs, long binNs, BinCounters counters, double[][] oracleBps,
              String[][] states, List<Phase> phases, LatencySummary[] latency, long packets,
              long misattributedPackets, long otherPortPackets, long inFlightBytesAtEnd,
              Map<String, String> parameters) {
        this.tree = tree;
        this.durationNs = durationNs;
        this.binNs = binNs;
        this.counters = counters;
        this.oracleBps = oracleBps;
        this.states = states;
        this.phases = phases;
        this.latency = latency;
        this.packets = packets;
        this.misattributedPackets = misattributedPackets;
        this.otherPortPackets = otherPortPackets;
        this.inFlightBytesAtEnd = inFlightBytesAtEnd;
        this.parameters = parameters;
    }

    public NodeTree tree() {
        return tree;
    }

    public long durationNs() {
        return durationNs;
    }

    public long binNs() {
        return binNs;
    }

    public int bins() {
        return oracleBps.length;
    }

    public long binStartNs(int bin) {
        return bin * binNs;
    }

    public long binLengthNs(int bin) {
        return Math.min(durationNs, (bin + 1) * binNs) - bin * binNs;
    }

    private double rate(long bytes, int bin) {
        return bytes * 8e9 / binLengthNs(bin);
    }

    /** Bits/s arriving at the switch for the node's subtree. */
    public double offeredBps(int bin, int node) {
        return rate(counters.offeredBytes[bin][node], bin);
    }

    /** Bits/s leaving the output link for the node's subtree. */
    public double measuredBps(int bin, int node) {
        return rate(counters.deliveredBytes[bin][node], bin);
    }

    /** The oracle's rate (time-weighted over phases in the bin); NaN without an oracle. */
    public double oracleBps(int bin, int node) {
        return oracleBps[bin][node];
    }

    /** Bits/s dropped, by the processor and the link buffer together. */
    public double dropBps(int bin, int node) {
        return rate(counters.policedBytes[bin][node] + counters.queueDropBytes[bin][node], bin);
    }

    /** Packets/s dropped, by the processor and the link buffer together. */
    public double dropPps(int bin, int node) {
        return (counters.policedPackets[bin][node] + counters.queueDropPackets[bin][node]) * 1e9
                / binLengthNs(bin);
    }

    /** Packets/s dropped by the link buffer alone. */
    public double queueDropPps(int bin, int node) {
        return counters.queueDropPackets[bin][node] * 1e9 / binLengthNs(bin);
    }

    /** The node's state sampled at the end of the bin, or null if unknown. */
    public String state(int bin, int node) {
        return states[bin] == null ? null : states[bin][node];
    }

    public List<Phase> phases() {
        return phases;
    }

    /** Latency (arrival to last bit out) of the node's subtree; the root's covers every packet. */
    public LatencySummary latency(int node) {
        return latency[node];
    }

    public long packets() {
        return packets;
    }

    /**
     * Packets whose verdict named a node that is neither the source's node nor one of its
     * ancestors: the frames did not match the tree as the harness expected.
     */
    public long misattributedPackets() {
        return misattributedPackets;
    }

    /** Forwarded packets that went to a port other than the measured one. */
    public long otherPortPackets() {
        return otherPortPackets;
    }

    /** Bytes still in the link buffer when the run ended (delivered after it, not in any bin). */
    public long inFlightBytesAtEnd() {
        return inFlightBytesAtEnd;
    }

    /** Parameters of the run, as given to the builder, in insertion order. */
    public Map<String, String> parameters() {
        return parameters;
    }
}
