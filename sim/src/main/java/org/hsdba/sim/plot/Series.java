package org.hsdba.sim.plot;

import java.awt.Color;
import java.util.Arrays;
import java.util.Objects;

/** A named polyline of (x, y) points with a colour, solid or dashed. NaN y values break the line. Immutable. */
public final class Series {

    private final String name;
    private final Color color;
    private final boolean dashed;
    private final double[] xs;
    private final double[] ys;
    private final boolean inLegend;

    public Series(String name, Color color, boolean dashed, double[] xs, double[] ys, boolean inLegend) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("series " + name + ": " + xs.length + " x values but "
                    + ys.length + " y values");
        }
        this.name = Objects.requireNonNull(name, "series name");
        this.color = Objects.requireNonNull(color, "series colour");
        this.dashed = dashed;
        this.xs = xs.clone();
        this.ys = ys.clone();
        this.inLegend = inLegend;
    }

    public String name() {
        return name;
    }

    public Color color() {
        return color;
    }

    public boolean dashed() {
        return dashed;
    }

    public int size() {
        return xs.length;
    }

    public double x(int i) {
        return xs[i];
    }

    public double y(int i) {
        return ys[i];
    }

    /** Whether the series gets its own legend entry. */
    public boolean inLegend() {
        return inLegend;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Series)) {
            return false;
        }
        Series s = (Series) o;
        return name.equals(s.name) && color.equals(s.color) && dashed == s.dashed && inLegend == s.inLegend
                && Arrays.equals(xs, s.xs) && Arrays.equals(ys, s.ys);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, color, dashed, inLegend) * 31 + Arrays.hashCode(xs) * 17 + Arrays.hashCode(ys);
    }
}
