package org.hsdba.sim.plot;

import java.awt.Color;

/**
 * Lays out and draws a {@link Chart}: title on top, plot area with grid and labelled axes, legend
 * to the right of the plot (never over the data). The layout uses an estimate of text width, not
 * a font's metrics, so PNG and SVG come out alike.
 */
public final class ChartRenderer {

    private static final double TITLE_SIZE = 18;
    private static final double LABEL_SIZE = 14;
    private static final double TICK_SIZE = 12;
    private static final double LEGEND_SIZE = 13;
    private static final Color AXIS = new Color(40, 40, 40);
    private static final Color GRID = new Color(220, 220, 220);

    private ChartRenderer() {
    }

    /** Rough width of {@code text} at {@code size}: 0.6 em per character. */
    static double textWidth(String text, double size) {
        return text.length() * size * 0.6;
    }

    public static void render(Chart chart, Canvas canvas, int width, int height) {
        canvas.rect(0, 0, width, height, null, Color.WHITE);
        double legendWidth = legendWidth(chart);
        double left = 78;
        double right = width - legendWidth - 20;
        double top = 48;
        double bottom = height - 58;
        if (right - left < 100 || bottom - top < 100) {
            throw new IllegalArgumentException("chart \"" + chart.title() + "\": " + width + "x" + height
                    + " px is too small for its legend and axes");
        }

        double[] xr = xRange(chart);
        double yMax = yMax(chart) / chart.yUnit().scale();
        double yStep = Ticks.step(yMax <= 0 ? 1 : yMax * 1.05, 6);
        double yTop = Math.max(yStep, Math.ceil(yMax * 1.05 / yStep - 1e-9) * yStep);
        double xStep = Ticks.step(xr[1] - xr[0], 10);

        Mapper m = new Mapper(left, right, top, bottom, xr[0], xr[1], 0, yTop);
        for (double y : Ticks.values(0, yTop, yStep)) {
            double py = m.py(y);
            canvas.line(left, py, right, py, GRID, 1, false);
            canvas.text(left - 8, py + TICK_SIZE * 0.35, Ticks.label(y, yStep), TICK_SIZE, AXIS,
                    Canvas.Anchor.END, false);
        }
        for (double x : Ticks.values(xr[0], xr[1], xStep)) {
            double px = m.px(x);
            canvas.line(px, top, px, bottom, GRID, 1, false);
            canvas.line(px, bottom, px, bottom + 5, AXIS, 1, false);
            canvas.text(px, bottom + 20, Ticks.label(x, xStep), TICK_SIZE, AXIS, Canvas.Anchor.MIDDLE, false);
        }
        canvas.rect(left, top, right - left, bottom - top, AXIS, null);
        canvas.text((left + right) / 2, bottom + 44, chart.xLabel(), LABEL_SIZE, AXIS, Canvas.Anchor.MIDDLE, false);
        canvas.verticalText(22, (top + bottom) / 2, chart.yLabel() + " (" + chart.yUnit().symbol() + ")",
                LABEL_SIZE, AXIS);
        canvas.text(width / 2.0, 30, chart.title(), TITLE_SIZE, Color.BLACK, Canvas.Anchor.MIDDLE, true);

        for (Series s : chart.series()) {
            drawSeries(canvas, m, s, chart.yUnit().scale());
        }
        drawLegend(chart, canvas, right + 16, top);
    }

    private static void drawSeries(Canvas canvas, Mapper m, Series s, double scale) {
        double[] xs = new double[s.size()];
        double[] ys = new double[s.size()];
        int n = 0;
        for (int i = 0; i <= s.size(); i++) {
            boolean gap = i == s.size() || Double.isNaN(s.y(i)) || Double.isNaN(s.x(i));
            if (gap) {
                if (n > 1) {
                    canvas.polyline(xs, ys, n, s.color(), s.dashed() ? 1.6 : 2.0, s.dashed());
                }
                n = 0;
            } else {
                double px = m.px(s.x(i));
                double py = m.py(s.y(i) / scale);
                // A point in the middle of a flat run adds nothing to the line (piecewise-constant
                // oracles would otherwise carry one point per bin): move the run's end instead.
                if (n >= 2 && ys[n - 1] == py && ys[n - 2] == py) {
                    xs[n - 1] = px;
                } else {
                    xs[n] = px;
                    ys[n] = py;
                    n++;
                }
            }
        }
    }

    private static double legendWidth(Chart chart) {
        double w = 0;
        for (Series s : chart.series()) {
            if (s.inLegend()) {
                w = Math.max(w, textWidth(s.name(), LEGEND_SIZE));
            }
        }
        if (chart.legendNote() != null) {
            w = Math.max(w, textWidth(chart.legendNote(), LEGEND_SIZE) - 34);
        }
        return Math.min(320, w + 50);
    }

    private static void drawLegend(Chart chart, Canvas canvas, double x, double y) {
        double row = LEGEND_SIZE * 1.5;
        double yy = y + LEGEND_SIZE;
        for (Series s : chart.series()) {
            if (!s.inLegend()) {
                continue;
            }
            canvas.line(x, yy - LEGEND_SIZE * 0.35, x + 26, yy - LEGEND_SIZE * 0.35, s.color(), 2.5, s.dashed());
            canvas.text(x + 34, yy, s.name(), LEGEND_SIZE, AXIS, Canvas.Anchor.START, false);
            yy += row;
        }
        if (chart.legendNote() != null) {
            canvas.text(x, yy + row * 0.3, chart.legendNote(), LEGEND_SIZE, AXIS, Canvas.Anchor.START, false);
        }
    }

    private static double[] xRange(Chart chart) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : chart.series()) {
            for (int i = 0; i < s.size(); i++) {
                lo = Math.min(lo, s.x(i));
                hi = Math.max(hi, s.x(i));
            }
        }
        if (!Double.isNaN(chart.xMin())) {
            lo = chart.xMin();
        }
        if (!Double.isNaN(chart.xMax())) {
            hi = chart.xMax();
        }
        if (lo == Double.POSITIVE_INFINITY || hi == Double.NEGATIVE_INFINITY) {
            return new double[] {0, 1};
        }
        return hi > lo ? new double[] {lo, hi} : new double[] {lo, lo + 1};
    }

    private static double yMax(Chart chart) {
        double hi = 0;
        for (Series s : chart.series()) {
            for (int i = 0; i < s.size(); i++) {
                if (!Double.isNaN(s.y(i)) && !Double.isInfinite(s.y(i))) {
                    hi = Math.max(hi, s.y(i));
                }
            }
        }
        return hi;
    }

    /** Data to pixel coordinates. */
    private static final class Mapper {
        final double left;
        final double right;
        final double top;
        final double bottom;
        final double x0;
        final double x1;
        final double y0;
        final double y1;

        Mapper(double left, double right, double top, double bottom, double x0, double x1, double y0, double y1) {
            this.left = left;
            this.right = right;
            this.top = top;
            this.bottom = bottom;
            this.x0 = x0;
            this.x1 = x1;
            this.y0 = y0;
            this.y1 = y1;
        }

        double px(double x) {
            return left + (x - x0) / (x1 - x0) * (right - left);
        }

        double py(double y) {
            return bottom - (y - y0) / (y1 - y0) * (bottom - top);
        }
    }
}
