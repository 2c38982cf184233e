package org.hsdba.sim.traffic;

/** One packet emitted by a source: when (ns of simulated time), which source (index), how big. */
public final class Arrival {

    private final long timeNs;
    private final int sourceIndex;
    private final int bytes;

    public Arrival(long timeNs, int sourceIndex, int bytes) {
        this.timeNs = timeNs;
        this.sourceIndex = sourceIndex;
        this.bytes = bytes;
    }

    public long timeNs() {
        return timeNs;
    }

    /** Index of the source in the list the stream was built from. */
    public int sourceIndex() {
        return sourceIndex;
    }

    public int bytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Arrival && ((Arrival) o).timeNs == timeNs
                && ((Arrival) o).sourceIndex == sourceIndex && ((Arrival) o).bytes == bytes;
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(timeNs) * 31 + sourceIndex) * 31 + bytes;
    }

    @Override
    public String toString() {
        return "arrival(t=" + timeNs + " ns, source " + sourceIndex + ", " + bytes + " B)";
    }
}
