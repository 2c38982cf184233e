package org.hsdba.sim.plot;

import java.util.List;
import java.util.Objects;

/**
 * What to draw: a title, the x axis label (unit included), the y quantity with its unit scale,
 * the series and an optional legend note (e.g. "dashed: oracle"). Immutable.
 */
public final class Chart {

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final AxisUnit yUnit;
    private final List<Series> series;
    private final String legendNote;
    private final double xMin;
    private final double xMax;

    /** A chart whose x range is that of the data. */
    public Chart(String title, String xLabel, String yLabel, AxisUnit yUnit, List<Series> series, String legendNote) {
        this(title, xLabel, yLabel, yUnit, series, legendNote, Double.NaN, Double.NaN);
    }

    /** A chart with x from {@code xMin} to {@code xMax} (NaN: from the data). */
    public Chart(String title, String xLabel, String yLabel, AxisUnit yUnit, List<Series> series, String legendNote,
                 double xMin, double xMax) {
        this.title = Objects.requireNonNull(title, "title");
        this.xLabel = Objects.requireNonNull(xLabel, "x label");
        this.yLabel = Objects.requireNonNull(yLabel, "y label");
        this.yUnit = Objects.requireNonNull(yUnit, "y unit");
        this.series = List.copyOf(series);
        this.legendNote = legendNote;
        if (xMin >= xMax) {
            throw new IllegalArgumentException("chart \"" + title + "\": x range [" + xMin + ", " + xMax + "] is empty");
        }
        this.xMin = xMin;
        this.xMax = xMax;
    }

    /** Left end of the x axis, NaN for "from the data". */
    public double xMin() {
        return xMin;
    }

    /** Right end of the x axis, NaN for "from the data". */
    public double xMax() {
        return xMax;
    }

    public String title() {
        return title;
    }

    public String xLabel() {
        return xLabel;
    }

    /** The quantity on y, without unit (the unit comes from {@link #yUnit()}). */
    public String yLabel() {
        return yLabel;
    }

    public AxisUnit yUnit() {
        return yUnit;
    }

    public List<Series> series() {
        return series;
    }

    /** A line under the legend, or null. */
    public String legendNote() {
        return legendNote;
    }
}
