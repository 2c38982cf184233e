package org.hsdba.lab.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

public class AllocateCommandTest {

    /** The cells of one table row, e.g. row(out, "A1") -> [A1, host, 1, ...]. */
    private static String[] row(String block, String node) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(node) + "\\s.*$").matcher(block);
        assertTrue("no row " + node + " in\n" + block, m.find());
        return m.group().trim().split("\\s{2,}");
    }

    /** The output after the header of time t up to the next header. */
    private static String at(String out, String t) {
        int start = out.indexOf("t = " + t + " s");
        assertTrue("no t = " + t + " in\n" + out, start >= 0);
        int end = out.indexOf("\nt = ", start + 1);
        return out.substring(start, end < 0 ? out.length() : end);
    }

    private static String allocation(String block, String node) {
        String[] cells = row(block, node);
        return cells[cells.length - 1];
    }

    @Test
    public void twoLevelPaperAllocationAt35And55() {
        CliRun r = CliRun.of("allocate", CliRun.example("paper-two-level.json"), "--at", "35", "--at", "55");
        assertEquals(r.toString(), 0, r.exit);
        String t35 = at(r.out, "35");
        assertTrue(t35, t35.contains("(phase 30-40 s)  active sources: s1 s2 s3 s4"));
        assertEquals("2 Gb/s", allocation(t35, "A1"));
        assertEquals("2 Gb/s", allocation(t35, "A2"));
        assertEquals("3 Gb/s", allocation(t35, "A3"));
        assertEquals("3 Gb/s", allocation(t35, "B1"));
        String t55 = at(r.out, "55");
        assertEquals("833.333 Mb/s", allocation(t55, "A1"));
        assertEquals("1.667 Gb/s", allocation(t55, "A3"));
        assertEquals("1.833 Gb/s", allocation(t55, "B2"));
        assertEquals("3 Gb/s", allocation(t55, "B3"));
        assertEquals("10 Gb/s", allocation(t55, "total"));
        assertEquals("18 Gb/s", row(t55, "total")[1]);
    }

    @Test
    public void defaultTimesAreThePhaseMidpoints() {
        CliRun r = CliRun.of("allocate", CliRun.example("paper-single-level.json"));
        assertEquals(r.toString(), 0, r.exit);
        assertEquals(11, r.out.split("\nt = ", -1).length - 1);
        assertEquals("2.5 Gb/s", allocation(at(r.out, "35"), "h1"));
        assertEquals("2 Gb/s", allocation(at(r.out, "45"), "h5"));
        assertEquals("1.667 Gb/s", allocation(at(r.out, "55"), "h6"));
        assertEquals("2 Gb/s", allocation(at(r.out, "65"), "h2"));
        assertEquals("2.5 Gb/s", allocation(at(r.out, "75"), "h3"));
    }

    @Test
    public void weightedAndEqualTwoLevelAndBinaryExamples() {
        CliRun w = CliRun.of("allocate", CliRun.example("paper-single-level-weighted.json"), "--at", "55s");
        assertEquals("2.5 Gb/s", allocation(w.out, "h3"));
        assertEquals("1.25 Gb/s", allocation(w.out, "h4"));
        CliRun e = CliRun.of("allocate", CliRun.example("paper-two-level-equal.json"), "--at", "35");
        assertEquals("2.333 Gb/s", allocation(e.out, "A2"));
        assertEquals("3 Gb/s", allocation(e.out, "B1"));
        CliRun b = CliRun.of("allocate", CliRun.example("binary-tree-32.json"), "--at", "5");
        assertEquals(b.toString(), 0, b.exit);
        assertEquals("100 Mb/s", allocation(b.out, "leaf12"));
        assertEquals("500 Mb/s", allocation(b.out, "leaf16"));
        assertEquals("425 Mb/s", allocation(b.out, "leaf17"));
        assertEquals("425 Mb/s", allocation(b.out, "leaf32"));
    }

    @Test
    public void badFileExitsTwoWithTheLocation() throws IOException {
        Path f = Files.createTempFile("bad-scenario", ".json");
        try {
            String good = Files.readString(Path.of(CliRun.example("paper-two-level.json")));
            Files.writeString(f, good.replace("\"rate\": \"3 Gb/s\", \"packetSize\": 1024, \"distribution\": \"cbr\", \"active\": [[10, 70]]",
                    "\"rate\": \"3 GBps\", \"packetSize\": 1024, \"distribution\": \"cbr\", \"active\": [[10, 70]]"), StandardCharsets.UTF_8);
            CliRun r = CliRun.of("allocate", f.toString());
            assertEquals(r.toString(), 2, r.exit);
            // The line of the broken rate, counted in the file (the example may gain lines).
            String before = good.substring(0, good.indexOf("\"rate\": \"3 Gb/s\", \"packetSize\": 1024, \"distribution\": \"cbr\", \"active\": [[10, 70]]"));
            long line = before.chars().filter(c -> c == '\n').count() + 1;
            assertTrue(r.err, r.err.startsWith(f + ":" + line + ":32: /sources/1/rate: "));
            assertTrue(r.err, r.err.contains("bytes (\"B\") are not accepted"));
            Files.writeString(f, "{\"format\": \"hsdba-scenario/1\",\n \"config\": {", StandardCharsets.UTF_8);
            CliRun syntax = CliRun.of("allocate", f.toString());
            assertEquals(2, syntax.exit);
            assertTrue(syntax.err, syntax.err.startsWith(f + ":2:") && syntax.err.contains("invalid JSON"));
        } finally {
            Files.delete(f);
        }
    }

    private static String peakBelow() {
        return Path.of("src", "test", "resources", "peak-below.json").toAbsolutePath().toString();
    }

    /** Issue 14: an internal node shows its effective demand (what its subtree can use) next to its offered load. */
    @Test
    public void anInternalNodeShowsItsEffectiveDemandNextToItsOfferedLoad() {
        CliRun r = CliRun.of("allocate", peakBelow(), "--at", "1");
        assertEquals(r.toString(), 0, r.exit);
        assertTrue(r.out, r.out.contains("offered") && r.out.contains("eff. demand"));
        String[] a = row(r.out, "A");
        assertEquals(r.out, "800 Mb/s", a[a.length - 3]);
        assertEquals(r.out, "100 Mb/s", a[a.length - 2]);
        assertEquals("100 Mb/s", allocation(r.out, "A1"));
        assertEquals("900 Mb/s", allocation(r.out, "B1"));
        String[] total = row(r.out, "total");
        assertEquals(r.out, "1.75 Gb/s", total[1]);
        assertEquals(r.out, "1.05 Gb/s", total[2]);
    }

    /** --json: every figure in b/s at full precision, parsable by scripts. */
    @Test
    public void jsonHasEveryFigureAtFullPrecision() throws IOException {
        CliRun r = CliRun.of("allocate", CliRun.example("paper-two-level-equal.json"), "--at", "35", "--json");
        assertEquals(r.toString(), 0, r.exit);
        com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out);
        assertEquals("hsdba-allocation/1", doc.get("format").asText());
        com.fasterxml.jackson.databind.JsonNode t = doc.get("times").get(0);
        assertEquals(35.0, t.get("t_s").asDouble(), 0);
        com.fasterxml.jackson.databind.JsonNode a2 = null;
        for (com.fasterxml.jackson.databind.JsonNode n : t.get("trees").get(0).get("nodes")) {
            if (n.get("id").asText().equals("A2")) {
                a2 = n;
            }
        }
        assertEquals(7e9 / 3, a2.get("allocation_bps").asDouble(), 1e-3);
        assertTrue(a2.get("peak_bps").isNull());
        assertEquals("A", a2.get("parent").asText());
        CliRun p = CliRun.of("allocate", peakBelow(), "--json");
        com.fasterxml.jackson.databind.JsonNode nodes = new com.fasterxml.jackson.databind.ObjectMapper().readTree(p.out)
                .get("times").get(0).get("trees").get(0).get("nodes");
        assertEquals("A", nodes.get(0).get("id").asText());
        assertEquals(800e6, nodes.get(0).get("offered_bps").asDouble(), 0);
        assertEquals(100e6, nodes.get(0).get("effective_demand_bps").asDouble(), 0);
        assertEquals(100e6, nodes.get(1).get("peak_bps").asDouble(), 0);
    }

    @Test
    public void usageErrorsExitTwo() {
        assertEquals(2, CliRun.of("allocate").exit);
        assertEquals(2, CliRun.of("allocate", "no-such-file.json").exit);
        assertTrue(CliRun.of("allocate", "no-such-file.json").err.contains("no-such-file.json: no such file"));
        CliRun badTime = CliRun.of("allocate", CliRun.example("paper-two-level.json"), "--at", "soon");
        assertEquals(2, badTime.exit);
        assertTrue(badTime.err, badTime.err.contains("--at soon: \"soon\": not a duration"));
        assertEquals(2, CliRun.of("allocate", CliRun.example("paper-two-level.json"), "--at", "500").exit);
        assertEquals(2, CliRun.of("allocate", "--frobnicate").exit);
    }

    @Test
    public void helpTextsExitZero() {
        CliRun main = CliRun.of("--help");
        assertEquals(0, main.exit);
        assertTrue(main.out.contains("allocate  print the exact allocation"));
        CliRun sub = CliRun.of("allocate", "--help");
        assertEquals(0, sub.exit);
        assertTrue(sub.out.startsWith("usage: hsdba allocate <scenario.json> [--at SECONDS ...]"));
        CliRun unknown = CliRun.of("frob");
        assertEquals(2, unknown.exit);
        assertTrue(unknown.err.contains("unknown subcommand \"frob\""));
        assertEquals(2, CliRun.of().exit);
    }
}
