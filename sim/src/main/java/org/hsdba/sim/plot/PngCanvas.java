package org.hsdba.sim.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/** A {@link Canvas} on a Java2D image (works headless). */
final class PngCanvas implements Canvas {

    private static final float[] DASH = {8f, 5f};

    private final BufferedImage image;
    private final Graphics2D g;

    PngCanvas(int width, int height) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    BufferedImage finish() {
        g.dispose();
        return image;
    }

    private void stroke(Color color, double width, boolean dashed) {
        g.setColor(color);
        g.setStroke(dashed
                ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, DASH, 0f)
                : new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed) {
        stroke(color, width, dashed);
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, int n, Color color, double width, boolean dashed) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        stroke(color, width, dashed);
        g.draw(path);
    }

    @Override
    public void rect(double x, double y, double w, double h, Color stroke, Color fill) {
        Rectangle2D.Double r = new Rectangle2D.Double(x, y, w, h);
        if (fill != null) {
            g.setColor(fill);
            g.fill(r);
        }
        if (stroke != null) {
            stroke(stroke, 1, false);
            g.draw(r);
        }
    }

    private Font font(double size, boolean bold) {
        return new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size);
    }

    @Override
    public void text(double x, double y, String text, double size, Color color, Anchor anchor, boolean bold) {
        g.setFont(font(size, bold));
        g.setColor(color);
        double w = g.getFontMetrics().getStringBounds(text, g).getWidth();
        double shift = anchor == Anchor.START ? 0 : anchor == Anchor.MIDDLE ? w / 2 : w;
        g.drawString(text, (float) (x - shift), (float) y);
    }

    @Override
    public void verticalText(double x, double y, String text, double size, Color color) {
        AffineTransform saved = g.getTransform();
        g.translate(x, y);
        g.rotate(-Math.PI / 2);
        text(0, size * 0.35, text, size, color, Anchor.MIDDLE, false);
        g.setTransform(saved);
    }
}
