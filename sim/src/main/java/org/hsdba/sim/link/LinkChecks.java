package org.hsdba.sim.link;

/** Argument checks shared by the link models. */
public final class LinkChecks {

    private LinkChecks() {
    }

    /** Capacity > 0 and finite, buffer > 0, else an error saying which. */
    public static void check(double capacityBps, long bufferBytes) {
        if (!(capacityBps > 0) || Double.isInfinite(capacityBps)) {
            throw new IllegalArgumentException("link capacity must be > 0 bit/s, got " + capacityBps);
        }
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("link buffer must be > 0 bytes, got " + bufferBytes);
        }
    }
}
