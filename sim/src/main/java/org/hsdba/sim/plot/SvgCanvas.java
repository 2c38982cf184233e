package org.hsdba.sim.plot;

import java.awt.Color;
import java.util.Locale;

/** A {@link Canvas} that writes SVG 1.1 text. */
final class SvgCanvas implements Canvas {

    private final StringBuilder out = new StringBuilder();
    private final int width;
    private final int height;

    SvgCanvas(int width, int height) {
        this.width = width;
        this.height = height;
    }

    String finish() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + width + "\" height=\""
                + height + "\" viewBox=\"0 0 " + width + " " + height + "\" font-family=\"sans-serif\">\n"
                + out + "</svg>\n";
    }

    private static String n(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String rgb(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    private static String strokeAttrs(Color color, double width, boolean dashed) {
        return " fill=\"none\" stroke=\"" + rgb(color) + "\" stroke-width=\"" + n(width) + "\""
                + (dashed ? " stroke-dasharray=\"8,5\"" : " stroke-linecap=\"round\"") + " stroke-linejoin=\"round\"";
    }

    static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '&':
                    sb.append("&amp;");
                    break;
                case '"':
                    sb.append("&quot;");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.toString();
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append('"').append(strokeAttrs(color, width, dashed)).append("/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, int n, Color color, double width, boolean dashed) {
        out.append("<polyline points=\"");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(n(xs[i])).append(',').append(n(ys[i]));
        }
        out.append('"').append(strokeAttrs(color, width, dashed)).append("/>\n");
    }

    @Override
    public void rect(double x, double y, double w, double h, Color stroke, Color fill) {
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" fill=\"").append(fill == null ? "none" : rgb(fill))
                .append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(rgb(stroke)).append("\" stroke-width=\"1\"");
        }
        out.append("/>\n");
    }

    @Override
    public void text(double x, double y, String text, double size, Color color, Anchor anchor, boolean bold) {
        String a = anchor == Anchor.START ? "start" : anchor == Anchor.MIDDLE ? "middle" : "end";
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" font-size=\"").append(n(size))
                .append("\" fill=\"").append(rgb(color)).append("\" text-anchor=\"").append(a).append('"')
                .append(bold ? " font-weight=\"bold\"" : "").append('>').append(escape(text)).append("</text>\n");
    }

    @Override
    public void verticalText(double x, double y, String text, double size, Color color) {
        out.append("<text transform=\"translate(").append(n(x)).append(',').append(n(y))
                .append(") rotate(-90)\" x=\"0\" y=\"").append(n(size * 0.35)).append("\" font-size=\"").append(n(size))
                .append("\" fill=\"").append(rgb(color)).append("\" text-anchor=\"middle\">").append(escape(text))
                .append("</text>\n");
    }
}
