package org.hsdba.compiler.assisted;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the controller-assisted loop remembers between polls: the previous reading's time, the
 * number of polls so far (it drives the salt sequence), the next xid and every node's
 * {@link NodeLoop} (last readings, installed threshold and salt, integrated drop probability,
 * last rates). Immutable.
 */
public final class LoopState {

    private final long timeNs;
    private final long polls;
    private final int resalts;
    private final Map<String, NodeLoop> nodes;
    private final long nextXid;

    LoopState(long timeNs, long polls, Map<String, NodeLoop> nodes, long nextXid) {
        this(timeNs, polls, 0, nodes, nextXid);
    }

    LoopState(long timeNs, long polls, int resalts, Map<String, NodeLoop> nodes, long nextXid) {
        this.timeNs = timeNs;
        this.polls = polls;
        this.resalts = resalts;
        this.nodes = Map.copyOf(nodes);
        this.nextXid = nextXid;
    }

    /** Time of the last reading; -1 before the first. */
    public long timeNs() {
        return timeNs;
    }

    /** Readings taken so far. */
    public long polls() {
        return polls;
    }

    /** Salt changes since the last poll. */
    public int resalts() {
        return resalts;
    }

    public Map<String, NodeLoop> nodes() {
        return nodes;
    }

    NodeLoop node(String id) {
        return nodes.getOrDefault(id, NodeLoop.FRESH);
    }

    /** The threshold each node's entry currently has installed. */
    public Map<String, Integer> thresholds() {
        Map<String, Integer> out = new HashMap<>();
        nodes.forEach((id, n) -> out.put(id, n.threshold));
        return out;
    }

    /** The salt each node's entry currently has installed. */
    public Map<String, Integer> salts() {
        Map<String, Integer> out = new HashMap<>();
        nodes.forEach((id, n) -> out.put(id, n.salt));
        return out;
    }

    /** Offered rate (passed + dropped) per node over the last period, bits/s (empty before the second reading). */
    public Map<String, Double> rates() {
        return select(n -> n.offeredBps);
    }

    /** Forwarded rate per node over the last period, bits/s. */
    public Map<String, Double> passedRates() {
        return select(n -> n.passedBps);
    }

    /** Dropped rate per node over the last period, bits/s. */
    public Map<String, Double> droppedRates() {
        return select(n -> n.droppedBps);
    }

    private Map<String, Double> select(java.util.function.ToDoubleFunction<NodeLoop> f) {
        Map<String, Double> out = new HashMap<>();
        if (polls >= 2) {
            nodes.forEach((id, n) -> {
                if (n.window.length > 0) {
                    out.put(id, f.applyAsDouble(n));
                }
            });
        }
        return out;
    }

    public long nextXid() {
        return nextXid;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LoopState)) {
            return false;
        }
        LoopState s = (LoopState) o;
        return s.timeNs == timeNs && s.polls == polls && s.resalts == resalts && s.nextXid == nextXid && s.nodes.equals(nodes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timeNs, polls, nodes, nextXid);
    }

    @Override
    public String toString() {
        return "LoopState{t=" + timeNs + ", poll " + polls + ", " + nodes + "}";
    }
}
