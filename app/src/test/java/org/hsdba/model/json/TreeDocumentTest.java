package org.hsdba.model.json;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.admission.Admission;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.MatchKey;
import org.hsdba.model.PortRef;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The non-admitting tree reader, its API forms, and the kinds of problems. */
public class TreeDocumentTest {

    private static final PortRef PORT = PortRef.of("pof:1", 3);

    /** A two-level tree on the IPv4 destination with the given nodes; {@code head} replaces device and port. */
    private static JsonNode tree(String head, String nodes) {
        return JsonText.parse(("{" + head + "\"capacity\": \"10G\","
                + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
                + " {\"name\": \"user\", \"field\": {\"offset\": 240, \"length\": 32}}],"
                + " \"nodes\": [" + nodes + "]}").getBytes(StandardCharsets.UTF_8));
    }

    private static final String HEAD = "\"device\": \"pof:1\", \"port\": 3, ";

    private static ConfigException rejected(Runnable read) {
        try {
            read.run();
            fail("accepted");
            return null;
        } catch (ConfigException e) {
            return e;
        }
    }

    /** Found by schemathesis: a keyed node in a tree without levels was an IndexOutOfBoundsException (a 500). */
    @Test
    public void aKeyedNodeInATreeWithoutLevelsIsAStructureProblemNotACrash() {
        JsonNode json = JsonText.parse(("{\"capacity\": \"10G\", \"levels\": [],"
                + " \"nodes\": [{\"id\": \"a\", \"key\": \"0x0\"}]}").getBytes(StandardCharsets.UTF_8));
        TreeDocument doc = TreeDocument.readApi(json, "", PORT);
        try {
            doc.build();
            fail("a tree without levels was built");
        } catch (InvalidTreeException e) {
            assertFalse(e.violations().isEmpty());
        }
    }

    /** A rate string above 1 Pb/s breaks a rule (422 over REST: no schema bounds a number in a string); a malformed one is a bad value. */
    @Test
    public void aRateStringAboveTheMaximumIsARuleAMalformedOneABadValue() {
        JsonNode tree = JsonText.parse(("{\"capacity\": \"2000T\", \"levels\": [{\"name\": \"q\", \"field\": {\"offset\": 0,"
                + " \"length\": 8}}], \"nodes\": [{\"id\": \"a\", \"key\": \"0x01\", \"guaranteed\": \"3 apples\"}]}")
                .getBytes(StandardCharsets.UTF_8));
        ConfigException e = rejected(() -> TreeDocument.readApi(tree, "", PORT));
        List<ConfigException.Kind> kinds = e.problems().stream().map(ConfigException.Problem::kind).collect(Collectors.toList());
        assertEquals(List.of(ConfigException.Kind.RULE, ConfigException.Kind.VALUE), kinds);
        assertEquals(ViolationCode.RATE_OUT_OF_RANGE, e.problems().get(0).violation().get().code());
        assertEquals("/capacity", e.problems().get(0).pointer());
    }

    /** A key in an allowed notation that its level cannot take breaks a rule (422 over REST); a malformed one is a bad value (400). */
    @Test
    public void aWellWrittenKeyTheFieldCannotTakeIsARuleAMalformedOneABadValue() {
        JsonNode narrow = JsonText.parse(("{\"capacity\": \"10G\", \"levels\": [{\"name\": \"q\", \"field\": {\"offset\": 0,"
                + " \"length\": 8}}], \"nodes\": [{\"id\": \"a\", \"key\": \"10.1.0.0/16\"}, {\"id\": \"b\", \"key\": \"0x1ff\"},"
                + " {\"id\": \"c\", \"key\": \"10.1.0\"}]}").getBytes(StandardCharsets.UTF_8));
        ConfigException e = rejected(() -> TreeDocument.readApi(narrow, "", PORT));
        List<ConfigException.Kind> kinds = e.problems().stream().map(ConfigException.Problem::kind).collect(Collectors.toList());
        assertEquals(List.of(ConfigException.Kind.RULE, ConfigException.Kind.RULE, ConfigException.Kind.VALUE), kinds);
        assertEquals(ViolationCode.KEY_LENGTH, e.problems().get(0).violation().get().code());
        assertEquals("/nodes/1/key", e.problems().get(1).pointer());
    }

    /** JSON Schema's integer: 3.0 and 3e0 are whole numbers; 3.5 is not. */
    @Test
    public void wholeNumbersMayBeWrittenWithAFractionOfZero() {
        assertEquals(3, TreeDocument.readApi(tree("\"device\": \"pof:1\", \"port\": 3.0, ", ""), "", null)
                .build().port().port());
        assertEquals(3, TreeDocument.readApi(tree("\"device\": \"pof:1\", \"port\": 3e0, ", ""), "", null)
                .build().port().port());
        ConfigException e = rejected(() -> TreeDocument.readApi(tree("\"device\": \"pof:1\", \"port\": 3.5, ", ""), "", null));
        assertEquals("expected a whole number, found the number 3.5", e.first().message());
    }

    @Test
    public void anInadmissibleTreeIsReadAndItsViolationsArePlacedInTheDocument() {
        JsonNode json = tree(HEAD, "{\"id\": \"a\", \"key\": \"10.1.0.0/16\", \"guaranteed\": \"6G\"},"
                + " {\"id\": \"b\", \"key\": \"10.2.0.0/16\", \"guaranteed\": \"6G\"}");
        TreeDocument doc = TreeDocument.read(json, "/trees/0");
        BandwidthTree t = doc.build();
        assertEquals(2, t.size());
        List<Violation> violations = Admission.check(t);
        assertEquals(1, violations.size());
        assertEquals("/trees/0/nodes", doc.pointerOf(violations.get(0)));
        // The admitting reader refuses the same object with the same violation, as a RULE problem.
        ConfigException e = rejected(() -> ConfigJson.treeFromJson(json));
        assertEquals(Set.of(ConfigException.Kind.RULE), e.kinds());
        assertEquals(violations.get(0), e.first().violation().get());
        assertEquals("/nodes", e.first().pointer());
    }

    @Test
    public void structuralViolationsComeFromBuildAndPointAtTheirNodes() {
        JsonNode json = tree(HEAD, "{\"id\": \"a\", \"key\": \"10.1.0.0/16\"}, {\"id\": \"a\", \"key\": \"10.2.0.0/16\"},"
                + " {\"id\": \"u\", \"parent\": \"nobody\", \"key\": \"10.1.0.1\"}");
        TreeDocument doc = TreeDocument.read(json, "");
        try {
            doc.build();
            fail("built");
        } catch (InvalidTreeException e) {
            List<String> where = e.violations().stream().map(doc::pointerOf).collect(Collectors.toList());
            assertEquals(List.of("/nodes/1/id", "/nodes/2/parent"), where);
            assertEquals(ViolationCode.DUPLICATE_ID, e.violations().get(0).code());
        }
        ConfigException e = rejected(() -> ConfigJson.treeFromJson(json));
        assertEquals(Set.of(ConfigException.Kind.RULE), e.kinds());
        assertEquals(ViolationCode.UNKNOWN_PARENT, e.problems().get(1).violation().get().code());
    }

    @Test
    public void valueProblemsAreThrownWithTheirKindsBeforeAnyTreeRule() {
        JsonNode json = tree(HEAD.replace("\"port\"", "\"prot\""), "{\"id\": \"a\", \"key\": \"10.1.0.0/16\", \"weight\": \"x\"}");
        ConfigException e = rejected(() -> TreeDocument.read(json, ""));
        assertEquals(Set.of(ConfigException.Kind.VALUE, ConfigException.Kind.UNKNOWN_FIELD), e.kinds());
        List<String> pointers = e.problems().stream().map(ConfigException.Problem::pointer).collect(Collectors.toList());
        assertTrue(pointers.toString(), pointers.containsAll(List.of("/port", "/prot", "/nodes/0/weight")));
        for (ConfigException.Problem p : e.problems()) {
            assertFalse(p.violation().isPresent());
            assertEquals(p.pointer().equals("/prot"), p.kind() == ConfigException.Kind.UNKNOWN_FIELD);
        }
    }

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    @Test
    public void syntaxAndSizeProblemsHaveTheirKinds() throws IOException {
        ConfigException syntax = rejected(() -> JsonText.parse("{\"a\": ]".getBytes(StandardCharsets.UTF_8)));
        assertEquals(Set.of(ConfigException.Kind.SYNTAX), syntax.kinds());
        ConfigException empty = rejected(() -> JsonText.parse("  ".getBytes(StandardCharsets.UTF_8)));
        assertEquals(Set.of(ConfigException.Kind.SYNTAX), empty.kinds());
        File huge = folder.newFile("huge.json");
        try (RandomAccessFile f = new RandomAccessFile(huge, "rw")) {
            f.setLength(JsonText.MAX_BYTES + 1L); // sparse: nothing is written
        }
        ConfigException large = rejected(() -> ConfigJson.read(huge.toPath()));
        assertEquals(Set.of(ConfigException.Kind.TOO_LARGE), large.kinds());
    }

    @Test
    public void locatingProblemsKeepsTheirKindAndViolation() {
        String text = "{\"format\": \"hsdba/1\", \"trees\": [{" + HEAD + "\"capacity\": \"1G\",\n"
                + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}}],\n"
                + " \"nodes\": [{\"id\": \"a\", \"key\": \"10.1.0.0/16\", \"guaranteed\": \"2G\", \"peak\": \"1G\"}]}]}";
        ConfigException e = rejected(() -> ConfigJson.read(text));
        ConfigException.Problem p = e.problems().stream().filter(x -> x.pointer().endsWith("/guaranteed")).findFirst().get();
        assertEquals(ConfigException.Kind.RULE, p.kind());
        assertEquals(ViolationCode.GUARANTEE_ABOVE_PEAK, p.violation().get().code());
        assertEquals(3, p.line());
    }

    @Test
    public void theApiFormsTakeKeyObjectsRateEchoesAndTheImpliedPort() {
        JsonNode json = JsonText.parse(("{\"capacity\": \"10G\", \"levels\": [{\"name\": \"subnet\","
                + " \"field\": {\"offset\": 240, \"length\": 32}, \"join\": {\"peak\": \"1G\", \"peakBps\": 1000000000}}],"
                + " \"nodes\": [{\"id\": \"a\", \"key\": {\"value\": \"0x0a010000\", \"mask\": \"0xffff0000\"}}]}")
                .getBytes(StandardCharsets.UTF_8));
        BandwidthTree t = TreeDocument.readApi(json, "/tree", PORT).build();
        assertEquals(PORT, t.port());
        assertEquals(MatchKey.parse("10.1.0.0/16", null, 32), t.get("a").key());
        // The config file's form has neither.
        ConfigException e = rejected(() -> TreeDocument.read(json, "/tree"));
        List<String> pointers = e.problems().stream().map(ConfigException.Problem::pointer).collect(Collectors.toList());
        assertTrue(pointers.toString(), pointers.containsAll(List.of("/tree/device", "/tree/port",
                "/tree/levels/0/join/peakBps", "/tree/nodes/0/key")));
    }

    @Test
    public void theImpliedPortMustAgreeWithTheOneGiven() {
        ConfigException e = rejected(() -> TreeDocument.readApi(tree(HEAD.replace("3", "4"), ""), "", PORT));
        assertEquals("/port", e.first().pointer());
        assertEquals(Set.of(ConfigException.Kind.VALUE), e.kinds());
        ConfigException device = rejected(() -> TreeDocument.readApi(tree(HEAD.replace("pof:1", "pof:2"), ""), "", PORT));
        assertEquals("/device", device.first().pointer());
    }

    @Test
    public void aMaskInsideAndBesideAKeyObjectIsAProblemAtTheMask() {
        JsonNode json = tree("", "{\"id\": \"a\", \"key\": {\"value\": \"10.1.0.0\", \"mask\": \"0xffff0000\"},"
                + " \"mask\": \"0xffff0000\"}");
        ConfigException e = rejected(() -> TreeDocument.readApi(json, "", PORT));
        assertEquals("/nodes/0/mask", e.first().pointer());
    }

    @Test
    public void aViolationAboutANodeTheDocumentLacksHasNoPointer() {
        TreeDocument doc = TreeDocument.read(tree(HEAD, ""), "");
        assertNull(doc.pointerOf(new Violation(ViolationCode.UNKNOWN_NODE, "ghost", "", "no node")));
        assertEquals("/levels", doc.pointerOf(new Violation(ViolationCode.BAD_LEVELS, null, "levels", "levels")));
    }
}
