package org.hsdba.sim.plot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Writes a chart as PNG (Java2D, headless) and as SVG with the same layout. */
public final class Plots {

    public static final int DEFAULT_WIDTH = 1100;
    public static final int DEFAULT_HEIGHT = 600;

    private Plots() {
    }

    public static void writePng(Chart chart, Path file, int width, int height) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            // Never try to reach a display: plots are made on servers and in CI.
            System.setProperty("java.awt.headless", "true");
        }
        PngCanvas canvas = new PngCanvas(width, height);
        ChartRenderer.render(chart, canvas, width, height);
        createParent(file);
        if (!ImageIO.write(canvas.finish(), "png", file.toFile())) {
            throw new IOException("no PNG writer in this JDK for " + file);
        }
    }

    public static String svg(Chart chart, int width, int height) {
        SvgCanvas canvas = new SvgCanvas(width, height);
        ChartRenderer.render(chart, canvas, width, height);
        return canvas.finish();
    }

    public static void writeSvg(Chart chart, Path file, int width, int height) throws IOException {
        createParent(file);
        Files.write(file, svg(chart, width, height).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code base}.png and {@code base}.svg at the default size. */
    public static void writeBoth(Chart chart, Path dir, String base) throws IOException {
        writePng(chart, dir.resolve(base + ".png"), DEFAULT_WIDTH, DEFAULT_HEIGHT);
        writeSvg(chart, dir.resolve(base + ".svg"), DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }
}
