package org.hsdba.sim.record;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hsdba.sim.baseline.ForwardAll;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.engine.Simulation;
import org.hsdba.sim.link.FifoLink;
import org.hsdba.sim.testing.Flat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class RecorderTest {

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private static RunResult run(long seed) {
        NodeTree tree = Flat.tree(1, 2);
        return Simulation.builder()
                .sources(List.of(Flat.poisson(0, 60e6, 1000, 0, 2.5), Flat.poisson(1, 80e6, 1500, 0.5, 3)))
                .tree(tree).processor(new ForwardAll(2)).link(new FifoLink(100e6, 60_000))
                .oracle(Flat.oracle(tree, 100e6)).durationSeconds(3).binSeconds(0.1).seed(seed)
                .parameter("mode", "fifo").parameter("seed", seed).build().run();
    }

    private static final String[] FILES = {"-bins.csv", "-bins.json", "-summary.json", "-summary.md"};

    private byte[][] files(RunResult r, String dir) throws IOException {
        Path d = tmp.getRoot().toPath().resolve(dir);
        RunFiles.write(r, 1_000_000_000L, d, "run", "FIFO test");
        byte[][] out = new byte[FILES.length][];
        for (int i = 0; i < FILES.length; i++) {
            out[i] = Files.readAllBytes(d.resolve("run" + FILES[i]));
        }
        return out;
    }

    @Test
    public void sameSeedGivesTheSameBytesAndAnotherSeedDoes() throws IOException {
        byte[][] a = files(run(17), "a");
        byte[][] b = files(run(17), "b");
        byte[][] c = files(run(18), "c");
        for (int i = 0; i < FILES.length; i++) {
            assertArrayEquals(FILES[i], a[i], b[i]);
        }
        assertFalse(java.util.Arrays.equals(a[0], c[0]));
    }

    @Test
    public void csvHasTheColumnsAndOneRowPerBinAndNode() throws IOException {
        byte[][] f = files(run(1), "csv");
        String[] lines = new String(f[0], java.nio.charset.StandardCharsets.UTF_8).split("\n");
        assertEquals("time_s,node,offered_bps,measured_bps,oracle_bps,drop_bps,drop_pps,queue_drop_pps,state", lines[0]);
        assertEquals(1 + 30 * 3, lines.length);
        assertTrue(lines[1].startsWith("0,port,"));
        assertTrue(lines[4].startsWith("0.1,port,"));
    }

    @Test
    public void jsonFilesParseAndTheSummaryComparesPhasesWithTheOracle() throws IOException {
        byte[][] f = files(run(1), "json");
        ObjectMapper mapper = new ObjectMapper();
        JsonNode bins = mapper.readTree(f[1]);
        assertEquals(JsonWriter.BINS_FORMAT, bins.get("format").asText());
        assertEquals(90, bins.get("rows").size());
        assertEquals("l1", bins.get("rows").get(2).get("node").asText());
        JsonNode summary = mapper.readTree(f[2]);
        assertEquals("fifo", summary.get("parameters").get("mode").asText());
        JsonNode phases = summary.get("phases");
        // [0, .5) l0 alone, [.5, 2.5) both, [2.5, 3) l1 alone.
        assertEquals(3, phases.size());
        JsonNode both = phases.get(1);
        assertEquals(0.5, both.get("start_s").asDouble(), 0);
        assertEquals(2.5, both.get("end_s").asDouble(), 0);
        JsonNode l0 = both.get("nodes").get(1);
        assertEquals("l0", l0.get("node").asText());
        // Weights 1:2 over 100 Mb/s with demands 60 and 80: 33.3 and 66.7.
        assertEquals(100e6 / 3, l0.get("oracle_bps").asDouble(), 1);
        assertEquals(10, l0.get("bins").asInt());
        // First phase is 0.5 s: shorter than the settling time, so nothing is judged.
        assertTrue(phases.get(0).get("nodes").get(1).get("measured_bps").isNull());
        String md = new String(f[3], java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(md.contains("## Phase 1: 0.5 s to 2.5 s"));
        assertTrue(md.contains("phase too short"));
    }

    @Test
    public void relativeErrorIsSignedAndDefinedForZeroOracle() {
        assertEquals(-0.25, new PhaseStat(0, "x", true, 75, 100, 3).relativeError(), 1e-12);
        assertEquals(0, new PhaseStat(0, "x", true, 0, 0, 3).relativeError(), 0);
        assertTrue(Double.isNaN(new PhaseStat(0, "x", true, 5, 0, 3).relativeError()));
    }

    @Test
    public void csvQuotesCellsWithCommasAndQuotes() {
        assertEquals("plain", CsvWriter.quote("plain"));
        assertEquals("\"a,b\"", CsvWriter.quote("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", CsvWriter.quote("say \"hi\""));
    }
}
