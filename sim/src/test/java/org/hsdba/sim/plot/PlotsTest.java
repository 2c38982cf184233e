package org.hsdba.sim.plot;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.hsdba.sim.baseline.ForwardAll;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.link.FifoLink;
import org.hsdba.sim.testing.Flat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

public class PlotsTest {

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private static Chart chart() {
        NodeTree tree = Flat.tree(1, 1);
        RunResult r = Simulation.builder()
                .sources(List.of(Flat.poisson(0, 800e6, 1000, 0, 2), Flat.poisson(1, 300e6, 1000, 1, 3)))
                .tree(tree).processor(new ForwardAll(2)).link(new FifoLink(1e9, 100_000))
                .oracle(Flat.oracle(tree, 1e9)).durationSeconds(3).build().run();
        return RateCharts.of(r, List.of("l0", "l1", "port"), "FIFO, 1 Gb/s, two Poisson sources");
    }

    @Test
    public void pngIsAValidImageOfTheRequestedSize() throws Exception {
        Path dir = tmp.getRoot().toPath();
        Plots.writeBoth(chart(), dir, "rates");
        byte[] png = Files.readAllBytes(dir.resolve("rates.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, Arrays.copyOf(png, 8));
        BufferedImage img = ImageIO.read(dir.resolve("rates.png").toFile());
        assertEquals(Plots.DEFAULT_WIDTH, img.getWidth());
        assertEquals(Plots.DEFAULT_HEIGHT, img.getHeight());
        // Something was drawn in the first series' colour (the blue of l0).
        boolean blue = false;
        for (int x = 0; x < img.getWidth() && !blue; x++) {
            for (int y = 0; y < img.getHeight() && !blue; y++) {
                blue = (img.getRGB(x, y) & 0xffffff) == 0x1f77b4;
            }
        }
        assertTrue(blue);
    }

    @Test
    public void svgIsWellFormedWithSolidAndDashedLinesOfTheSameColour() throws Exception {
        Path file = tmp.getRoot().toPath().resolve("rates.svg");
        Plots.writeSvg(chart(), file, 900, 500);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        Element svg = doc.getDocumentElement();
        assertEquals("svg", svg.getTagName());
        assertEquals("900", svg.getAttribute("width"));
        NodeList lines = doc.getElementsByTagName("polyline");
        int solidBlue = 0;
        int dashedBlue = 0;
        for (int i = 0; i < lines.getLength(); i++) {
            Element e = (Element) lines.item(i);
            if (e.getAttribute("stroke").equals("#1f77b4")) {
                if (e.hasAttribute("stroke-dasharray")) {
                    dashedBlue++;
                } else {
                    solidBlue++;
                }
            }
        }
        assertEquals(1, solidBlue);
        assertEquals(1, dashedBlue);
        String text = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(text.contains("rate (Gb/s)"));
        assertTrue(text.contains("time (s)"));
        assertTrue(text.contains("dashed: oracle"));
    }

    @Test
    public void ticksAreNiceNumbers() {
        assertEquals(2.5, Ticks.step(14, 6), 1e-12);
        assertEquals(10, Ticks.step(80, 10), 1e-12);
        assertEquals(List.of(0.0, 2.5, 5.0), Ticks.values(0, 5, 2.5));
        assertEquals("2.5", Ticks.label(2.5, 2.5));
        assertEquals("10", Ticks.label(10, 10));
        assertEquals("0.25", Ticks.label(0.25, 0.05));
        assertEquals(new AxisUnit("Gb/s", 1e9).symbol(), AxisUnit.forBitRate(2.5e9).symbol());
        assertEquals("Mb/s", AxisUnit.forBitRate(999e6).symbol());
    }
}
