package org.hsdba.sim.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An interval of simulated time in which the set of active sources is constant, with each node's
 * offered demand (mean rates of the active sources, summed per leaf) and, when an oracle was
 * given, each node's target allocation. Immutable.
 */
public final class Phase {

    private final long startNs;
    private final long endNs;
    private final List<String> activeSources;
    private final Map<String, Double> leafDemandsBps;
    private final Map<String, Double> oracleBps;

    public Phase(long startNs, long endNs, List<String> activeSources, Map<String, Double> leafDemandsBps,
                 Map<String, Double> oracleBps) {
        this.startNs = startNs;
        this.endNs = endNs;
        this.activeSources = List.copyOf(activeSources);
        this.leafDemandsBps = Collections.unmodifiableMap(new LinkedHashMap<>(leafDemandsBps));
        this.oracleBps = Collections.unmodifiableMap(new LinkedHashMap<>(oracleBps));
    }

    public long startNs() {
        return startNs;
    }

    public long endNs() {
        return endNs;
    }

    public List<String> activeSources() {
        return activeSources;
    }

    /** Demand per leaf id, bits/s (only leaves with an active source). */
    public Map<String, Double> leafDemandsBps() {
        return leafDemandsBps;
    }

    /** Oracle allocation per node id, bits/s; empty without an oracle. */
    public Map<String, Double> oracleBps() {
        return oracleBps;
    }

    /** The oracle's rate for {@code nodeId}, NaN if unknown. */
    public double oracleBps(String nodeId) {
        Double v = oracleBps.get(nodeId);
        return v == null ? Double.NaN : v;
    }

    @Override
    public String toString() {
        return "phase [" + startNs / 1e9 + " s, " + endNs / 1e9 + " s) active " + activeSources;
    }
}
