package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.Before;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** Single-node resources: read, add, update, move, delete a subtree, history; their errors. */
public class NodesApiTest {

    private static final String NODES = PORT_PATH + "/nodes";
    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    @Before
    public void tree() {
        assertEquals(200, http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL).status());
    }

    @Test
    public void aNodeShowsItsEffectiveRatesPlaceAndChildren() {
        Http.Answer a = http.get(NODES + "/A");
        assertEquals(200, a.status());
        assertTrue(a.header("ETag").endsWith("-1\""));
        JsonNode n = a.json();
        assertEquals("subnet", n.get("level").asText());
        assertTrue(n.get("parent").isNull());
        assertEquals("10.1.0.0/16", n.get("key").get("value").asText());
        // weights A:B = 1:2 of 10 Gb/s: A's implied guarantee is 3.333 Gb/s
        assertEquals(3_333_333_333L, n.get("guaranteedBps").asLong());
        assertEquals("3.333 Gb/s", n.get("guaranteed").asText());
        assertFalse(n.get("guaranteedConfigured").asBoolean());
        assertTrue(n.get("peakBps").isNull());
        assertEquals("unlimited", n.get("peak").asText());
        assertEquals("[\"A1\",\"A2\"]", n.get("children").toString());
        assertEquals(404, http.get(NODES + "/nope").status());
    }

    @Test
    public void theNodeListShowsEveryNodesEffectiveGuaranteeInTreeOrder() {
        Http.Answer a = http.get(NODES);
        assertEquals(200, a.status());
        assertEquals(http.get(PORT_PATH + "/tree").header("ETag"), a.header("ETag"));
        JsonNode nodes = a.json().get("nodes");
        assertEquals(http.get(PORT_PATH + "/tree").json().get("nodes").size(), nodes.size());
        JsonNode first = nodes.get(0);
        assertEquals("A", first.get("id").asText());
        // the same figures as the single node: A's guarantee implied by weights A:B = 1:2 of 10 Gb/s
        assertEquals(http.get(NODES + "/A").json(), first);
        assertEquals(3_333_333_333L, first.get("guaranteedBps").asLong());
        assertFalse(first.get("guaranteedConfigured").asBoolean());
        for (JsonNode n : nodes) {
            assertEquals(http.get(NODES + "/" + n.get("id").asText()).json(), n);
        }
        http.delete(PORT_PATH + "/tree", "If-Match", "*");
        assertEquals(404, http.get(NODES).status());
    }

    @Test
    public void addingANodeAnswers201WithLocationAndTheNewVersion() {
        Http.Answer a = http.post(NODES, "{\"id\": \"B2\", \"parent\": \"B\", \"key\": \"10.2.0.2\", \"weight\": 3, \"peak\": \"2.5G\"}",
                "If-Match", tag());
        assertEquals(a.toString(), 201, a.status());
        assertTrue(a.header("Location"), a.header("Location").endsWith("/ports/3/nodes/B2"));
        assertTrue(a.header("ETag").endsWith("-2\""));
        JsonNode n = a.json();
        assertEquals(2_500_000_000L, n.get("peakBps").asLong());
        assertEquals("2.5 Gb/s", n.get("peak").asText());
        assertEquals(3.0, n.get("weight").asDouble(), 0);
        assertEquals(200, http.get(NODES + "/B2").status());
    }

    @Test
    public void addingUnderThePortAcceptsTheKeyObjectForm() {
        Http.Answer a = http.post(NODES, "{\"id\": \"C\", \"key\": {\"value\": \"0x0a030000\", \"mask\": \"0xffff0000\"}, \"weight\": 1}");
        assertEquals(a.toString(), 201, a.status());
        assertEquals("10.3.0.0/16", a.json().get("key").get("value").asText());
    }

    @Test
    public void anInadmissibleAddNamesTheFieldInTheBodyAndChangesNothing() {
        Http.Answer a = http.post(NODES, "{\"id\": \"A3\", \"parent\": \"A\", \"key\": \"10.1.0.3\", \"guaranteed\": \"1G\", \"peak\": \"500M\"}");
        assertEquals(a.toString(), 422, a.status());
        assertEquals("admission", a.error().get("code").asText());
        boolean aboutPeak = false;
        for (JsonNode d : a.error().get("details")) {
            if ("A3".equals(d.path("node").asText()) && "GUARANTEE_ABOVE_PEAK".equals(d.path("rule").asText())) {
                aboutPeak = true;
                assertTrue(d.get("pointer").asText(), d.get("pointer").asText().matches("/(guaranteed|peak)"));
            }
        }
        assertTrue(a.error().toString(), aboutPeak);
        assertEquals(1, http.get(PORT_PATH + "/tree").json().get("version").asLong());
    }

    @Test
    public void addingWithAKeyOfTheWrongSyntaxIsABadValue() {
        Http.Answer a = http.post(NODES, "{\"id\": \"A3\", \"parent\": \"A\", \"key\": \"10.1.0\"}");
        assertEquals(400, a.status());
        assertEquals("bad-value", a.error().get("code").asText());
        assertEquals("/key", a.error().get("details").get(0).get("pointer").asText());
        Http.Answer noParent = http.post(NODES, "{\"id\": \"X1\", \"parent\": \"X\", \"key\": \"10.9.0.1\"}");
        assertEquals(400, noParent.status());
        assertEquals("/parent", noParent.error().get("details").get(0).get("pointer").asText());
    }

    @Test
    public void patchChangesOnlyWhatIsGivenAndNullResets() {
        Http.Answer a = http.patch(NODES + "/A1", "{\"peak\": \"1G\", \"pinned\": true}", "If-Match", tag());
        assertEquals(a.toString(), 200, a.status());
        assertEquals(1_000_000_000L, a.json().get("peakBps").asLong());
        assertTrue(a.json().get("pinned").asBoolean());
        assertEquals(1.0, a.json().get("weight").asDouble(), 0);
        Http.Answer reset = http.patch(NODES + "/A1", "{\"peak\": null}", "If-Match", tag());
        assertEquals(200, reset.status());
        assertTrue(reset.json().get("peakBps").isNull());
        assertTrue(reset.json().get("pinned").asBoolean());
        assertTrue(reset.header("ETag").endsWith("-3\""));
    }

    @Test
    public void aJoinedNodeShowsItAndIsAdoptedByPatchingJoinedToFalse() {
        Http.Answer add = http.post(NODES, "{\"id\": \"host-10.1.0.9\", \"parent\": \"A\", \"key\": \"10.1.0.9\", "
                + "\"weight\": 1, \"joined\": true}");
        assertEquals(add.toString(), 201, add.status());
        assertTrue(http.get(NODES + "/host-10.1.0.9").json().get("joined").asBoolean());
        assertFalse(http.get(NODES + "/A1").json().get("joined").asBoolean());
        assertTrue("the tree document keeps it", http.get(PORT_PATH + "/tree").json().toString().contains("\"joined\":true"));
        Http.Answer adopt = http.patch(NODES + "/host-10.1.0.9", "{\"joined\": false}", "If-Match", "*");
        assertEquals(adopt.toString(), 200, adopt.status());
        assertFalse(adopt.json().get("joined").asBoolean());
        assertFalse(FX.service().manager().tree(org.hsdba.model.PortRef.of(RestFixture.DEVICE, 3)).get()
                .get("host-10.1.0.9").isJoined());
    }

    @Test
    public void patchRefusesUnknownFieldsAParentAndAnEmptyChange() {
        Http.Answer unknown = http.patch(NODES + "/A1", "{\"peek\": \"1G\"}", "If-Match", "*");
        assertEquals(400, unknown.status());
        assertEquals("unknown-field", unknown.error().get("code").asText());
        assertTrue(unknown.error().get("details").toString().contains("did you mean \\\"peak\\\""));
        Http.Answer parent = http.patch(NODES + "/A1", "{\"parent\": \"B\"}", "If-Match", "*");
        assertEquals(400, parent.status());
        assertTrue(parent.error().toString().contains("/move"));
        assertEquals(400, http.patch(NODES + "/A1", "{}", "If-Match", "*").status());
        assertEquals(404, http.patch(NODES + "/nope", "{\"peak\": \"1G\"}", "If-Match", "*").status());
        assertEquals(1, http.get(PORT_PATH + "/tree").json().get("version").asLong());
    }

    @Test
    public void deleteRemovesTheSubtreeAndSaysHowManyNodesWent() {
        Http.Answer d = http.delete(NODES + "/A", "If-Match", tag());
        assertEquals(204, d.status());
        assertEquals("3", d.header("X-Hsdba-Deleted"));
        assertTrue(d.header("ETag").endsWith("-2\""));
        assertEquals(404, http.get(NODES + "/A1").status());
        assertEquals(2, http.get(PORT_PATH + "/tree").json().get("nodes").size());
        assertEquals(404, http.delete(NODES + "/A", "If-Match", "*").status());
    }

    @Test
    public void moveReparentsTheSubtree() {
        // Host 10.1.0.2 can never match under subnet 10.2.0.0/16: that move is refused.
        Http.Answer outside = http.post(NODES + "/A2/move", "{\"parent\": \"B\"}", "If-Match", "*");
        assertEquals(outside.toString(), 422, outside.status());
        assertEquals("KEY_OUTSIDE_PARENT", outside.error().get("details").get(0).get("rule").asText());
        // Groups told apart by another field (destination MAC): hosts may move between them.
        String byMac = Trees.TWO_LEVEL.replace("{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}}",
                "{\"name\": \"subnet\", \"field\": {\"offset\": 0, \"length\": 48}}")
                .replace("\"10.1.0.0/16\"", "\"0x020000000001\"").replace("\"10.2.0.0/16\"", "\"0x020000000002\"");
        assertEquals(200, http.put(PORT_PATH + "/tree", byMac, "If-Match", "*").status());
        Http.Answer m = http.post(NODES + "/A2/move", "{\"parent\": \"B\"}", "If-Match", "*");
        assertEquals(m.toString(), 200, m.status());
        assertEquals("B", m.json().get("parent").asText());
        assertEquals("[\"B1\",\"A2\"]", http.get(NODES + "/B").json().get("children").toString());
        Http.Answer missing = http.post(NODES + "/A2/move", "{}", "If-Match", "*");
        assertEquals(400, missing.status());
        assertEquals("/parent", missing.error().get("details").get(0).get("pointer").asText());
        Http.Answer cycle = http.post(NODES + "/B/move", "{\"parent\": \"A2\"}", "If-Match", "*");
        assertEquals(422, cycle.status());
        assertEquals("admission", cycle.error().get("code").asText());
    }

    @Test
    public void historyOfAKnownNodeIsAList() {
        Http.Answer h = http.get(NODES + "/A1/history");
        assertEquals(200, h.status());
        assertTrue(h.json().get("samples").isArray());
        assertEquals("A1", h.json().get("node").asText());
        assertEquals(404, http.get(NODES + "/nope/history").status());
    }

    @Test
    public void writesToAMissingTreeAre404() {
        Http.Answer a = http.post("v1/devices/" + RestFixture.DEVICE + "/ports/7/nodes", "{\"id\": \"x\", \"key\": \"10.0.0.1\"}");
        assertEquals(404, a.status());
        assertEquals("not-found", a.error().get("code").asText());
    }

    /** The tree's current ETag. */
    private String tag() {
        return http.get(PORT_PATH + "/tree").header("ETag");
    }
}
