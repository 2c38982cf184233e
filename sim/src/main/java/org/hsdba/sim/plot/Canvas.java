package org.hsdba.sim.plot;

import java.awt.Color;

/** The drawing operations a chart needs, in pixels with y down. */
public interface Canvas {

    /** Horizontal text alignment relative to the given x. */
    enum Anchor { START, MIDDLE, END }

    void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed);

    /** A connected line through the first {@code n} points. */
    void polyline(double[] xs, double[] ys, int n, Color color, double width, boolean dashed);

    /** A rectangle; {@code fill} or {@code stroke} may be null for none. */
    void rect(double x, double y, double w, double h, Color stroke, Color fill);

    /** Text with its baseline at {@code y}. */
    void text(double x, double y, String text, double size, Color color, Anchor anchor, boolean bold);

    /** Text rotated 90 degrees counter-clockwise, centred on {@code (x, y)} along its length. */
    void verticalText(double x, double y, String text, double size, Color color);
}
