package org.hsdba.model.json;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.RuntimeParameters;
import org.junit.Test;

public class ConfigJsonTest {

    static String resource(String name) {
        try (InputStream in = ConfigJsonTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A minimal valid document with {@code nodes} spliced in (one-level tree on the IPv4 destination). */
    static String withNodes(String nodes) {
        return "{\"format\": \"hsdba/1\", \"trees\": [{\"device\": \"pof:1\", \"port\": 3, \"capacity\": \"10G\",\n"
                + "\"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
                + " {\"name\": \"user\", \"field\": {\"offset\": 240, \"length\": 32}}],\n"
                + "\"nodes\": [\n" + nodes + "\n]}]}";
    }

    private static ConfigException rejected(String text) {
        try {
            ConfigJson.read(text);
            fail("accepted:\n" + text);
            return null;
        } catch (ConfigException e) {
            return e;
        }
    }

    private static List<String> pointers(ConfigException e) {
        return e.problems().stream().map(ConfigException.Problem::pointer).collect(Collectors.toList());
    }

    @Test
    public void readsEveryFeatureAndWritesTheCanonicalForm() {
        HsdbaConfig c = ConfigJson.read(resource("sample.json"));
        BandwidthTree t = c.trees().get(0);
        assertEquals(6, t.size());
        assertEquals(Rate.parse("3G"), t.get("alice").peak());
        assertTrue(t.get("lab-default").isTemplate());
        assertTrue(t.level("alice").join().isPresent());
        assertEquals(7, c.trees().get(1).version());
        assertEquals(resource("sample-canonical.json"), ConfigJson.write(c));
    }

    @Test
    public void roundTripIsExact() {
        HsdbaConfig c = ConfigJson.read(resource("sample.json"));
        String canonical = ConfigJson.write(c);
        assertEquals(c, ConfigJson.read(canonical));
        assertEquals(canonical, ConfigJson.write(ConfigJson.read(canonical)));
        BandwidthTree t = c.trees().get(0);
        assertEquals(t, ConfigJson.treeFromJson(ConfigJson.treeToJson(t)));
    }

    /**
     * Issue 14: the responsive hold is a runtime field, 2 s by default. A file without it (one
     * written before 2 s became the default) gets the default, and the default is not written; an
     * explicit 0 (off) and any other value are written and read back as they were. The kernel
     * options taken from a hold are the summed hold with the default draw.
     */
    @Test
    public void theResponsiveHoldIsARuntimeFieldThatRoundTrips() {
        String plain = withNodes("{\"id\": \"lab\", \"key\": \"10.1.0.0/16\"}");
        HsdbaConfig absent = ConfigJson.read(plain);
        assertEquals(java.time.Duration.ofSeconds(2), absent.runtime().responsiveHold());
        assertEquals(RuntimeParameters.DEFAULTS, absent.runtime());
        assertTrue(ConfigJson.write(absent), !ConfigJson.write(absent).contains("responsiveHold"));
        assertEquals(absent, ConfigJson.read(ConfigJson.write(absent)));
        org.hsdba.algorithm.KernelOptions k = org.hsdba.algorithm.KernelOptions.from(absent.runtime());
        assertEquals(java.time.Duration.ofSeconds(2), k.responsiveHold());
        assertEquals(org.hsdba.algorithm.KernelOptions.DEFAULTS.dropDraw(), k.dropDraw());
        assertTrue(k.toString(), k.holdClaim() && !k.holdClimbs() && k.holdSums());

        for (String given : List.of("0", "\"0s\"", "\"500ms\"", "5", "\"5s\"")) {
            HsdbaConfig c = ConfigJson.read(plain.replace("{\"format\": \"hsdba/1\",",
                    "{\"format\": \"hsdba/1\", \"runtime\": {\"responsiveHold\": " + given + "},"));
            String written = ConfigJson.write(c);
            assertTrue(given + ": " + written, written.contains("\"responsiveHold\""));
            assertEquals(given, c, ConfigJson.read(written));
            assertEquals(given, written, ConfigJson.write(ConfigJson.read(written)));
        }
        HsdbaConfig off = ConfigJson.read(plain.replace("{\"format\": \"hsdba/1\",",
                "{\"format\": \"hsdba/1\", \"runtime\": {\"responsiveHold\": 0},"));
        assertEquals(java.time.Duration.ZERO, ConfigJson.read(ConfigJson.write(off)).runtime().responsiveHold());
        assertTrue(ConfigJson.write(off), ConfigJson.write(off).contains("\"responsiveHold\": \"0s\""));
        org.hsdba.algorithm.KernelOptions offOptions = org.hsdba.algorithm.KernelOptions.from(off.runtime());
        assertEquals(java.time.Duration.ZERO, offOptions.responsiveHold());
        assertTrue(offOptions.toString(), !offOptions.holdClaim() && !offOptions.holdSums());
        HsdbaConfig five = ConfigJson.read(plain.replace("{\"format\": \"hsdba/1\",",
                "{\"format\": \"hsdba/1\", \"runtime\": {\"responsiveHold\": \"5s\"},"));
        assertEquals(java.time.Duration.ofSeconds(5), ConfigJson.read(ConfigJson.write(five)).runtime().responsiveHold());

        ConfigException e = rejected(plain.replace("{\"format\": \"hsdba/1\",",
                "{\"format\": \"hsdba/1\", \"runtime\": {\"responsiveHold\": \"soon\"},"));
        assertEquals(List.of("/runtime/responsiveHold"), pointers(e));
    }

    @Test
    public void syntaxErrorsGiveLineAndColumn() {
        ConfigException e = rejected("{\n  \"format\": \"hsdba/1\",\n  \"trees\": [ }\n");
        assertEquals(3, e.first().line());
        assertEquals(15, e.first().column()); // Jackson points just after the offending character
        assertTrue(e.getMessage(), e.getMessage().startsWith("line 3, column 15: invalid JSON: Unexpected close marker '}'"));
        assertTrue(e.describe("x.json"), e.describe("x.json").startsWith("x.json:3:15: invalid JSON"));
        assertTrue(rejected("{\"format\": \"hsdba/1\", \"format\": \"x\"}").getMessage().contains("duplicate field 'format'"));
        assertTrue(rejected("").getMessage().contains("empty document"));
    }

    @Test
    public void unknownFieldsAreRejectedWithASuggestionAndTheirLine() {
        ConfigException e = rejected(withNodes("{\"id\": \"lab\", \"key\": \"10.1.0.0/16\", \"guaranted\": \"1G\"}"));
        assertEquals(List.of("/trees/0/nodes/0/guaranted"), pointers(e));
        assertTrue(e.getMessage(), e.first().message().startsWith("unknown field \"guaranted\" (did you mean \"guaranteed\"?)"));
        assertEquals(4, e.first().line());
    }

    @Test
    public void wrongTypesAndBadUnitsAreAllReported() {
        ConfigException e = rejected(withNodes(
                "{\"id\": \"lab\", \"key\": \"10.1.0.0/16\", \"guaranteed\": \"1Q\", \"weight\": \"2\", \"peak\": 1.5, \"pinned\": 1}"));
        assertEquals(List.of("/trees/0/nodes/0/guaranteed", "/trees/0/nodes/0/weight", "/trees/0/nodes/0/peak",
                "/trees/0/nodes/0/pinned"), pointers(e));
        assertEquals("\"1Q\": unknown unit \"Q\" (use bps, k, M, G, T, or tc's kbit, mbit, gbit)", e.problems().get(0).message());
        assertEquals("expected a number, found the string \"2\"", e.problems().get(1).message());
        assertTrue(e.describe("f.json").contains("f.json:4:"));
    }

    /** Issue 14: whole values written as decimals or with an exponent are whole numbers of b/s; 1.5 is not. */
    @Test
    public void wholeValuedDecimalRatesAreAccepted() {
        HsdbaConfig c = ConfigJson.read(withNodes(
                "{\"id\": \"lab\", \"key\": \"10.1.0.0/16\", \"guaranteed\": 2.07e7, \"peak\": 100000000.0}")
                .replace("\"capacity\": \"10G\"", "\"capacity\": 1E10"));
        BandwidthTree t = c.trees().get(0);
        assertEquals(10_000_000_000L, t.capacity().bps());
        assertEquals(20_700_000L, t.node(t.indexOf("lab")).guaranteed().get().bps());
        assertEquals(100_000_000L, t.node(t.indexOf("lab")).peak().bps());
        ConfigException e = rejected(withNodes("{\"id\": \"lab\", \"key\": \"10.1.0.0/16\", \"peak\": 2.5e-1}"));
        assertEquals(List.of("/trees/0/nodes/0/peak"), pointers(e));
        assertTrue(e.getMessage(), e.first().message().contains("must be whole, not 0.25"));
    }

    @Test
    public void structuralErrorsPointAtTheNodes() {
        ConfigException e = rejected(withNodes(String.join(",\n",
                "{\"id\": \"a\", \"key\": \"10.1.0.0/16\"}",
                "{\"id\": \"a\", \"key\": \"10.2.0.0/16\"}",
                "{\"id\": \"x\", \"parent\": \"y\", \"key\": \"10.3.0.0/16\"}",
                "{\"id\": \"y\", \"parent\": \"x\", \"key\": \"10.4.0.0/16\"}",
                "{\"id\": \"u\", \"parent\": \"a\", \"key\": \"10.1.0.1\"}",
                "{\"id\": \"too-deep\", \"parent\": \"u\", \"key\": \"10.1.0.1\"}")));
        assertEquals(List.of("/trees/0/nodes/1/id", "/trees/0/nodes/2/parent", "/trees/0/nodes/5/parent"), pointers(e));
        assertTrue(e.getMessage(), e.getMessage().contains("used twice"));
        assertTrue(e.getMessage(), e.getMessage().contains("cycle"));
        assertTrue(e.getMessage(), e.getMessage().contains("level 3 but the tree has 2 level(s) below the port (at most 8)"));
        assertEquals(5, e.problems().get(0).line());
    }

    @Test
    public void admissionViolationsAreAllReported() {
        ConfigException e = rejected(withNodes(String.join(",\n",
                "{\"id\": \"lab\", \"key\": \"10.1.0.0/16\", \"guaranteed\": \"5G\"}",
                "{\"id\": \"office\", \"key\": \"10.2.0.0/16\", \"guaranteed\": \"5G\"}",
                "{\"id\": \"alice\", \"parent\": \"lab\", \"key\": \"10.1.0.1\", \"guaranteed\": \"5G\"}",
                "{\"id\": \"bob\", \"parent\": \"lab\", \"key\": \"10.1.0.2\", \"guaranteed\": \"2.5G\"}")));
        assertEquals(List.of("/trees/0/nodes", "/trees/0/nodes/0/guaranteed"), pointers(e));
        assertEquals("port 3: guaranteed rates of children sum to 10 Gb/s > 9.5 Gb/s (eta 0.95 x capacity 10 Gb/s)",
                e.problems().get(0).message());
        assertEquals("subnet \"lab\" under port 3: guaranteed rates of children sum to 7.5 Gb/s > 5 Gb/s guaranteed to \"lab\"",
                e.problems().get(1).message());
    }

    @Test
    public void keysAreReadWithTheirLevelsLength() {
        String doc = "{\"format\": \"hsdba/1\", \"trees\": [{\"device\": \"d\", \"port\": 1, \"capacity\": \"1G\", \"levels\": ["
                + "{\"name\": \"a\", \"field\": {\"offset\": 0, \"length\": 16}}, {\"name\": \"b\", \"field\": {\"offset\": 16, \"length\": 8}}],"
                + " \"nodes\": [{\"id\": \"n\", \"key\": \"0x1234\"}, {\"id\": \"m\", \"parent\": \"n\", \"key\": \"0x1234\"}]}]}";
        ConfigException e = rejected(doc);
        assertEquals(List.of("/trees/0/nodes/1/key"), pointers(e));
        assertTrue(e.getMessage(), e.getMessage().contains("does not fit in 8 bits (level \"b\" matches 8 bits)"));
    }

    @Test
    public void rejectsOtherFormatVersionsAndDuplicatePorts() {
        assertTrue(rejected("{\"format\": \"hsdba/2\", \"trees\": []}").getMessage()
                .contains("unsupported format \"hsdba/2\"; this version reads \"hsdba/1\""));
        String tree = "{\"device\": \"d\", \"port\": 1, \"capacity\": \"1G\", \"levels\": [{\"name\": \"a\", \"field\":"
                + " {\"offset\": 0, \"length\": 16}}], \"nodes\": []}";
        ConfigException e = rejected("{\"format\": \"hsdba/1\", \"trees\": [" + tree + ", " + tree + "]}");
        assertEquals(List.of("/trees/1/port"), pointers(e));
    }

    @Test
    public void rejectsTooManyNodesBeforeBuildingAnything() {
        StringBuilder sb = new StringBuilder(withNodes("").length() + 3 * (JsonText.MAX_NODES + 1));
        String doc = withNodes("@@");
        sb.append(doc, 0, doc.indexOf("@@"));
        for (int i = 0; i <= JsonText.MAX_NODES; i++) {
            sb.append(i == 0 ? "{}" : ",{}");
        }
        sb.append(doc.substring(doc.indexOf("@@") + 2));
        ConfigException e = rejected(sb.toString());
        assertTrue(e.getMessage(), e.getMessage().contains("more than 1000000 tree nodes in one document"));
        assertEquals(4, e.first().line());
    }

    @Test
    public void rejectsDeepNesting() {
        String deep = "[".repeat(40) + "]".repeat(40);
        assertTrue(rejected("{\"format\": \"hsdba/1\", \"trees\": " + deep + "}").getMessage().contains("nesting deeper than 32"));
    }

    @Test
    public void readsSingleNodesForEdits() {
        BandwidthTree t = ConfigJson.read(resource("sample.json")).trees().get(0);
        ObjectNode json = ConfigJson.nodeToJson(NodeSpec.builder("carol").parent("lab").build());
        json.put("key", "10.1.0.3");
        NodeSpec carol = ConfigJson.nodeFromJson(json, t);
        assertEquals("10.1.0.3", carol.key().valueText());
        json.put("parent", "alice");
        try {
            ConfigJson.nodeFromJson(json, t);
            fail();
        } catch (ConfigException e) {
            assertEquals("/parent", e.first().pointer());
            assertTrue(e.getMessage(), e.getMessage().contains("level 3"));
        }
    }
}
