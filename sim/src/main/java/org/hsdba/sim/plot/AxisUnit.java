package org.hsdba.sim.plot;

/** A unit the y axis is shown in: raw values are divided by {@code scale}. Immutable. */
public final class AxisUnit {

    private final String symbol;
    private final double scale;

    public AxisUnit(String symbol, double scale) {
        if (!(scale > 0)) {
            throw new IllegalArgumentException("axis unit " + symbol + ": scale must be > 0, got " + scale);
        }
        this.symbol = symbol;
        this.scale = scale;
    }

    /** b/s, kb/s, Mb/s or Gb/s, whichever keeps {@code maxBps} between 1 and 1000. */
    public static AxisUnit forBitRate(double maxBps) {
        if (maxBps >= 1e9) {
            return new AxisUnit("Gb/s", 1e9);
        } else if (maxBps >= 1e6) {
            return new AxisUnit("Mb/s", 1e6);
        } else if (maxBps >= 1e3) {
            return new AxisUnit("kb/s", 1e3);
        }
        return new AxisUnit("b/s", 1);
    }

    public String symbol() {
        return symbol;
    }

    public double scale() {
        return scale;
    }
}
