package org.hsdba.compiler.assisted;

import java.util.Map;
import java.util.Objects;

/**
 * What the controller-assisted loop remembers between polls: the previous reading's time and
 * bytes per node, every node's installed threshold, the last measured rates (bits/s) and the next
 * xid. Immutable.
 */
public final class LoopState {

    private final long timeNs;
    private final Map<String, Long> bytes;
    private final Map<String, Integer> thresholds;
    private final Map<String, Double> rates;
    private final long nextXid;

    LoopState(long timeNs, Map<String, Long> bytes, Map<String, Integer> thresholds, Map<String, Double> rates,
              long nextXid) {
        this.timeNs = timeNs;
        this.bytes = Map.copyOf(bytes);
        this.thresholds = Map.copyOf(thresholds);
        this.rates = Map.copyOf(rates);
        this.nextXid = nextXid;
    }

    /** Time of the last reading; -1 before the first. */
    public long timeNs() {
        return timeNs;
    }

    public Map<String, Long> bytes() {
        return bytes;
    }

    /** The threshold each node's entry currently has installed. */
    public Map<String, Integer> thresholds() {
        return thresholds;
    }

    /** Offered rate per node over the last period, bits/s (empty before the second reading). */
    public Map<String, Double> rates() {
        return rates;
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
        return s.timeNs == timeNs && s.nextXid == nextXid && s.bytes.equals(bytes) && s.thresholds.equals(thresholds)
                && s.rates.equals(rates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(timeNs, bytes, thresholds, rates, nextXid);
    }

    @Override
    public String toString() {
        return "LoopState{t=" + timeNs + ", thresholds " + thresholds + "}";
    }
}
