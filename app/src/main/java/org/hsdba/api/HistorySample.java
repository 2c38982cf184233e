package org.hsdba.api;

import java.util.Objects;

/** One second of a node's history. Rates are bits/s. */
public final class HistorySample {

    private final long timeMillis;
    private final double measuredBps;
    private final double targetBps;
    private final double dropBps;

    public HistorySample(long timeMillis, double measuredBps, double targetBps, double dropBps) {
        this.timeMillis = timeMillis;
        this.measuredBps = measuredBps;
        this.targetBps = targetBps;
        this.dropBps = dropBps;
    }

    public long timeMillis() {
        return timeMillis;
    }

    /** Rate that left the switch through this node. */
    public double measuredBps() {
        return measuredBps;
    }

    /** The exact allocator's target for the measured demands. */
    public double targetBps() {
        return targetBps;
    }

    public double dropBps() {
        return dropBps;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HistorySample)) {
            return false;
        }
        HistorySample s = (HistorySample) o;
        return s.timeMillis == timeMillis && Double.compare(s.measuredBps, measuredBps) == 0
                && Double.compare(s.targetBps, targetBps) == 0 && Double.compare(s.dropBps, dropBps) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(timeMillis, measuredBps, targetBps, dropBps);
    }

    @Override
    public String toString() {
        return timeMillis + ": measured " + measuredBps + ", target " + targetBps + ", drop " + dropBps;
    }
}
