package org.hsdba.sim.traffic;

/** A half-open interval {@code [startNs, endNs)} of simulated time in which a source sends. */
public final class ActiveInterval implements Comparable<ActiveInterval> {

    private final long startNs;
    private final long endNs;

    public ActiveInterval(long startNs, long endNs) {
        if (startNs < 0 || endNs <= startNs) {
            throw new IllegalArgumentException(
                    "active interval [" + startNs + ", " + endNs + ") ns: need 0 <= start < end");
        }
        this.startNs = startNs;
        this.endNs = endNs;
    }

    /** From seconds; rounded to the nanosecond. */
    public static ActiveInterval seconds(double start, double end) {
        return new ActiveInterval(Math.round(start * 1e9), Math.round(end * 1e9));
    }

    public long startNs() {
        return startNs;
    }

    public long endNs() {
        return endNs;
    }

    public boolean contains(long tNs) {
        return tNs >= startNs && tNs < endNs;
    }

    @Override
    public int compareTo(ActiveInterval o) {
        return startNs != o.startNs ? Long.compare(startNs, o.startNs) : Long.compare(endNs, o.endNs);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ActiveInterval && ((ActiveInterval) o).startNs == startNs
                && ((ActiveInterval) o).endNs == endNs;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(startNs) * 31 + Long.hashCode(endNs);
    }

    @Override
    public String toString() {
        return "[" + startNs / 1e9 + " s, " + endNs / 1e9 + " s)";
    }
}
