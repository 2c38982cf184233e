package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** Whole-configuration import/export and previews: nothing is applied unless it is admissible, previews never apply. */
public class ConfigAndPreviewApiTest {

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    @Test
    public void exportThenImportRoundTrips() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        http.put("v1/devices/pof:0000000000000002/ports/1/tree", Trees.TWO_LEVEL.replace(RestFixture.DEVICE, "pof:0000000000000002")
                .replace("\"port\": 3", "\"port\": 1"));
        Http.Answer exported = http.get("v1/config");
        assertEquals(200, exported.status());
        JsonNode config = exported.json();
        assertEquals("hsdba/1", config.get("format").asText());
        assertEquals(2, config.get("trees").size());
        FX.reset();
        assertEquals(0, http.get("v1/config").json().get("trees").size());
        Http.Answer imported = http.put("v1/config", exported.body());
        assertEquals(imported.toString(), 200, imported.status());
        JsonNode again = http.get("v1/config").json();
        assertEquals(withoutVersions(config), withoutVersions(again));
    }

    private static String withoutVersions(JsonNode config) {
        config.get("trees").forEach(t -> ((com.fasterxml.jackson.databind.node.ObjectNode) t)
                .remove(java.util.List.of("version", "generation", "revision")));
        return config.toString();
    }

    @Test
    public void anInadmissibleImportChangesNothingAndListsEveryViolation() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        String before = http.get("v1/config").body();
        String bad = "{\"format\": \"hsdba/1\", \"trees\": [" + Trees.OVERSUBSCRIBED.replaceFirst("\\{",
                "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3,") + "]}";
        Http.Answer a = http.put("v1/config", bad);
        assertEquals(a.toString(), 422, a.status());
        assertEquals("admission", a.error().get("code").asText());
        assertEquals(2, a.error().get("details").size());
        assertEquals("/trees/0/nodes/0/guaranteed", a.error().get("details").get(1).get("pointer").asText());
        assertEquals(before, http.get("v1/config").body());
    }

    @Test
    public void anImportWithBadValuesIsABadValue() {
        Http.Answer a = http.put("v1/config", "{\"format\": \"hsdba/2\", \"trees\": []}");
        assertEquals(400, a.status());
        assertEquals("bad-value", a.error().get("code").asText());
        assertEquals("/format", a.error().get("details").get(0).get("pointer").asText());
    }

    /**
     * A runtime duration in a notation the document allows but outside its range is a rule (422,
     * DURATION_OUT_OF_RANGE, at the member): no schema can bound a number inside a string. A member
     * the runtime block does not have is 400, as the document (additionalProperties: false) says.
     */
    @Test
    public void runtimeDurationsOutOfRangeAreRulesAndUnknownRuntimeMembersAreRefused() {
        String before = http.get("v1/config").body();
        Http.Answer a = http.put("v1/config", "{\"format\": \"hsdba/1\", \"trees\": [], \"runtime\":"
                + " {\"pollingPeriod\": \"1ms\", \"estimator\": {\"type\": \"ewma\", \"k\": \"99999999999999999999h\"}}}");
        assertEquals(a.toString(), 422, a.status());
        java.util.Set<String> pointers = new java.util.TreeSet<>();
        a.error().get("details").forEach(d -> {
            assertEquals(d.toString(), "DURATION_OUT_OF_RANGE", d.get("rule").asText());
            pointers.add(d.get("pointer").asText());
        });
        assertEquals(java.util.Set.of("/runtime/pollingPeriod", "/runtime/estimator/k"), pointers);

        Http.Answer unknown = http.put("v1/config", "{\"format\": \"hsdba/1\", \"trees\": [], \"runtime\": {\"polling\": \"1s\"}}");
        assertEquals(unknown.toString(), 400, unknown.status());
        assertEquals(before, http.get("v1/config").body());
    }

    @Test
    public void previewOfAnAdmissibleTreeGivesTheAllocationAndAppliesNothing() {
        String body = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"tree\": " + Trees.TWO_LEVEL
                + ", \"demands\": {\"A1\": \"3G\", \"A2\": \"3G\", \"B1\": 1000000000}}";
        Http.Answer p = http.post("v1/preview", body);
        assertEquals(p.toString(), 200, p.status());
        assertTrue(p.json().get("admission").get("ok").asBoolean());
        JsonNode nodes = p.json().get("allocation").get("nodes");
        long a1 = -1;
        long b1 = -1;
        for (JsonNode n : nodes) {
            if (n.get("id").asText().equals("A1")) {
                a1 = n.get("allocationBps").asLong();
            }
            if (n.get("id").asText().equals("B1")) {
                b1 = n.get("allocationBps").asLong();
            }
        }
        assertEquals(1_000_000_000L, b1);
        assertEquals(3_000_000_000L, a1);
        assertEquals(404, http.get(PORT_PATH + "/tree").status());
    }

    @Test
    public void previewOfAnInadmissibleTreeIsAnAnswerWithPointersIntoTheRequest() {
        String body = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"tree\": " + Trees.OVERSUBSCRIBED + "}";
        Http.Answer p = http.post("v1/preview", body);
        assertEquals(p.toString(), 200, p.status());
        JsonNode adm = p.json().get("admission");
        assertEquals(false, adm.get("ok").asBoolean());
        assertEquals(2, adm.get("violations").size());
        assertEquals("/tree/nodes/0/guaranteed", adm.get("violations").get(1).get("pointer").asText());
        assertTrue(p.json().get("allocation").isNull());
    }

    @Test
    public void previewOfEditsOfTheStoredTree() {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        String add = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"edit\": {\"op\": \"add\", \"node\":"
                + " {\"id\": \"A3\", \"parent\": \"A\", \"key\": \"10.1.0.3\", \"guaranteed\": \"1G\", \"peak\": \"500M\"}}}";
        Http.Answer refused = http.post("v1/preview", add);
        assertEquals(refused.toString(), 200, refused.status());
        assertEquals(false, refused.json().get("admission").get("ok").asBoolean());
        assertTrue(refused.json().get("admission").toString().contains("/edit/node/"));
        String update = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"edit\": {\"op\": \"update\", \"id\": \"B\","
                + " \"changes\": {\"peak\": \"2G\"}}}";
        Http.Answer ok = http.post("v1/preview", update);
        assertEquals(ok.toString(), 200, ok.status());
        assertTrue(ok.json().get("admission").get("ok").asBoolean());
        for (JsonNode n : ok.json().get("allocation").get("nodes")) {
            if (n.get("id").asText().equals("B1")) {
                assertEquals(2_000_000_000L, n.get("effectiveLimitBps").asLong());
            }
        }
        String delete = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"edit\": {\"op\": \"delete\", \"id\": \"A\"}}";
        assertTrue(http.post("v1/preview", delete).json().get("admission").get("ok").asBoolean());
        assertEquals(1, http.get(PORT_PATH + "/tree").json().get("version").asLong());
        assertEquals(200, http.get(PORT_PATH + "/nodes/A").status());
    }

    @Test
    public void previewRequestsThemselvesAreChecked() {
        Http.Answer both = http.post("v1/preview", "{\"device\": \"d\", \"port\": 1}");
        assertEquals(400, both.status());
        Http.Answer op = http.post("v1/preview", "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"tree\": "
                + Trees.TWO_LEVEL + ", \"demands\": {\"A1\": \"3 apples\"}}");
        assertEquals(400, op.status());
        assertEquals("/demands/A1", op.error().get("details").get(0).get("pointer").asText());
    }

    @Test
    public void demandsNamingNoLeafOfTheTreeAreUnprocessableNotMalformed() {
        for (String name : new String[] {"Z9", "A"}) {
            Http.Answer op = http.post("v1/preview", "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"tree\": "
                    + Trees.TWO_LEVEL + ", \"demands\": {\"" + name + "\": \"3M\"}}");
            assertEquals(op.toString(), 422, op.status());
            assertEquals("no-such-leaf", op.error().get("code").asText());
            assertEquals("/demands/" + name, op.error().get("details").get(0).get("pointer").asText());
        }
    }
}
