package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** The tree resource over HTTP against the real service: versions, ETags, conflicts, and every class of bad input. */
public class TreeApiTest {

    private static final String TREE = PORT_PATH + "/tree";
    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    @Test
    public void putThenGetGivesTheTreeWithItsVersionAsETag() {
        Http.Answer put = http.put(TREE, Trees.TWO_LEVEL);
        assertEquals(put.toString(), 200, put.status());
        assertTrue(put.header("ETag"), put.header("ETag").matches("\"[0-9a-f]+-1\""));
        Http.Answer get = http.get(TREE);
        assertEquals(200, get.status());
        assertEquals(put.header("ETag"), get.header("ETag"));
        JsonNode t = get.json();
        assertEquals(1, t.get("version").asLong());
        assertEquals("10 Gb/s", t.get("capacity").asText());
        assertEquals(5, t.get("nodes").size());
        assertEquals("10.1.0.0/16", t.get("nodes").get(0).get("key").asText());
        assertEquals("no-store", get.header("Cache-Control"));
    }

    @Test
    public void getIsNotModifiedWhenIfNoneMatchNamesTheCurrentVersion() {
        String tag = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        assertEquals(304, http.get(TREE, "If-None-Match", tag).status());
        assertEquals(304, http.get(TREE, "If-None-Match", "\"0-1\", " + tag).status());
        assertEquals(200, http.get(TREE, "If-None-Match", "\"0-1\"").status());
    }

    @Test
    public void whatGetAnswersCanBePutBack() {
        http.put(TREE, Trees.TWO_LEVEL);
        Http.Answer get = http.get(TREE);
        Http.Answer again = http.put(TREE, get.body(), "If-Match", get.header("ETag"));
        assertEquals(again.toString(), 200, again.status());
        assertEquals(2, again.json().get("version").asLong());
    }

    @Test
    public void staleIfMatchIsAConflictWithTheCurrentVersionAndChangesNothing() {
        String v1 = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        String v2 = http.put(TREE, Trees.TWO_LEVEL, "If-Match", v1).header("ETag");
        Http.Answer stale = http.put(TREE, Trees.TWO_LEVEL.replace("\"10G\"", "\"20G\""), "If-Match", v1);
        assertEquals(stale.toString(), 409, stale.status());
        assertEquals("version-conflict", stale.error().get("code").asText());
        assertEquals(2, stale.json().get("currentVersion").asLong());
        assertEquals(v2, stale.json().get("currentEtag").asText());
        assertEquals("10 Gb/s", http.get(TREE).json().get("capacity").asText());
    }

    @Test
    public void ifNoneMatchStarCreatesOnlyWhenThereIsNoTreeAndReplacingNeedsIfMatch() {
        assertEquals(200, http.put(TREE, Trees.TWO_LEVEL, "If-None-Match", "*").status());
        Http.Answer again = http.put(TREE, Trees.TWO_LEVEL, "If-None-Match", "*");
        assertEquals(409, again.status());
        assertEquals(1, again.json().get("currentVersion").asLong());
        Http.Answer bare = http.put(TREE, Trees.TWO_LEVEL);
        assertEquals(bare.toString(), 428, bare.status());
        assertEquals("precondition-required", bare.error().get("code").asText());
        assertEquals(200, http.put(TREE, Trees.TWO_LEVEL, "If-Match", "*").status());
        assertEquals(428, http.delete(TREE).status());
        assertEquals(2, http.get(TREE).json().get("version").asLong());
    }

    @Test
    public void aRateStringAboveOnePetabitIsRefusedByTheRulesNotAsMalformed() {
        Http.Answer put = http.put(TREE, Trees.TWO_LEVEL.replace("\"10G\"", "\"2000T\""));
        assertEquals(put.toString(), 422, put.status());
        assertEquals("admission", put.error().get("code").asText());
        assertEquals("RATE_OUT_OF_RANGE", put.error().get("details").get(0).get("rule").asText());
        assertEquals(404, http.get(TREE).status());
    }

    @Test
    public void ifMatchWithIfNoneMatchStarFailsAsAPreconditionWhateverTheState() {
        Http.Answer absent = http.put(TREE, Trees.TWO_LEVEL, "If-Match", "*", "If-None-Match", "*");
        assertEquals(absent.toString(), 412, absent.status());
        assertEquals("precondition", absent.error().get("code").asText());
        String tag = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        Http.Answer present = http.put(TREE, Trees.TWO_LEVEL, "If-Match", tag, "If-None-Match", "*");
        assertEquals(present.toString(), 412, present.status());
        assertEquals(1, http.get(TREE).json().get("version").asLong());
    }

    @Test
    public void malformedWeakOrUnquotedIfMatchIsABadValue() {
        String tag = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        for (String bad : new String[] {"\"latest\"", "W/" + tag, tag.replace("\"", ""), "\"1\""}) {
            Http.Answer a = http.put(TREE, Trees.TWO_LEVEL, "If-Match", bad);
            assertEquals(bad, 400, a.status());
            assertEquals("bad-value", a.error().get("code").asText());
        }
    }

    @Test
    public void aDeleteWithAJsonContentTypeAndNoBodyIsADelete() {
        // Clients that set Content-Type on every request (as many HTTP helpers do) send it on a
        // DELETE too, with an empty body: that is still a DELETE, not a write of the wrong type.
        String tag = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        Http.Answer a = http.send("DELETE", TREE, "", "If-Match", tag, "Content-Type", "application/json");
        assertEquals(a.toString(), 204, a.status());
        assertEquals(404, http.get(TREE).status());
    }

    @Test
    public void aTagOfADeletedTreeNeverMatchesTheTreeCreatedAgain() {
        String first = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        assertEquals(204, http.delete(TREE, "If-Match", first).status());
        String second = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        assertNotEquals(first, second);
        assertEquals(second.substring(second.indexOf('-')), first.substring(first.indexOf('-')));
        Http.Answer stale = http.delete(TREE, "If-Match", first);
        assertEquals(409, stale.status());
        assertEquals(200, http.get(TREE).status());
    }

    @Test
    public void undoAndRedoOverHttpWalkTheOperatorsWrites() {
        String v1 = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        String v2 = http.put(TREE, Trees.TWO_LEVEL.replace("\"10G\"", "\"20G\""), "If-Match", v1).header("ETag");
        String v3 = http.put(TREE, Trees.TWO_LEVEL.replace("\"10G\"", "\"30G\""), "If-Match", v2).header("ETag");
        JsonNode h = http.get(TREE + "/history").json();
        assertEquals(2, h.get("undo").size());
        assertEquals(428, http.post(TREE + "/undo", "").status());
        assertEquals(409, http.post(TREE + "/undo", "", "If-Match", v2).status());
        Http.Answer u1 = http.post(TREE + "/undo", "", "If-Match", v3);
        assertEquals(u1.toString(), 200, u1.status());
        assertEquals("20 Gb/s", u1.json().get("capacity").asText());
        assertEquals(4, u1.json().get("version").asLong());
        Http.Answer u2 = http.post(TREE + "/undo", "", "If-Match", u1.header("ETag"));
        assertEquals("10 Gb/s", u2.json().get("capacity").asText());
        Http.Answer none = http.post(TREE + "/undo", "", "If-Match", "*");
        assertEquals(404, none.status());
        Http.Answer r1 = http.post(TREE + "/redo", "", "If-Match", u2.header("ETag"));
        assertEquals("20 Gb/s", r1.json().get("capacity").asText());
        assertEquals(1, http.get(TREE + "/history").json().get("redo").size());
    }

    @Test
    public void deleteRemovesTheTree() {
        http.put(TREE, Trees.TWO_LEVEL);
        Http.Answer d = http.delete(TREE, "If-Match", "*");
        assertEquals(204, d.status());
        Http.Answer get = http.get(TREE);
        assertEquals(404, get.status());
        assertEquals("not-found", get.error().get("code").asText());
        assertEquals(404, http.delete(TREE, "If-Match", "*").status());
    }

    @Test
    public void everyAdmissionViolationIsReportedWithNodeAndPointerAndNothingChanges() {
        http.put(TREE, Trees.TWO_LEVEL);
        Http.Answer a = http.put(TREE, Trees.OVERSUBSCRIBED);
        assertEquals(a.toString(), 422, a.status());
        JsonNode e = a.error();
        assertEquals("admission", e.get("code").asText());
        assertEquals(2, e.get("details").size());
        boolean portViolation = false;
        boolean subnetViolation = false;
        for (JsonNode d : e.get("details")) {
            assertEquals("GUARANTEE_ABOVE_PARENT", d.get("rule").asText());
            if (d.has("node")) {
                assertEquals("A", d.get("node").asText());
                assertEquals("/nodes/0/guaranteed", d.get("pointer").asText());
                subnetViolation = d.get("message").asText().contains("6 Gb/s");
            } else {
                portViolation = d.get("message").asText().contains("11 Gb/s");
            }
        }
        assertTrue(e.toString(), portViolation && subnetViolation);
        assertEquals(1, http.get(TREE).json().get("version").asLong());
    }

    @Test
    public void structuralViolationsAreAdmissionErrorsPointingAtTheNode() {
        Http.Answer a = http.put(TREE, Trees.TWO_LEVEL.replace("\"parent\": \"B\"", "\"parent\": \"C\""));
        assertEquals(422, a.status());
        JsonNode d = a.error().get("details").get(0);
        assertEquals("admission", a.error().get("code").asText());
        assertEquals("UNKNOWN_PARENT", d.get("rule").asText());
        assertEquals("B1", d.get("node").asText());
        assertEquals("/nodes/4/parent", d.get("pointer").asText());
    }

    @Test
    public void badUnitsAreBadValuesAtTheirPointer() {
        Http.Answer a = http.put(TREE, Trees.TWO_LEVEL.replace("\"10G\"", "\"10GB\"").replace("\"weight\": 2", "\"weight\": \"x\""));
        assertEquals(400, a.status());
        assertEquals("bad-value", a.error().get("code").asText());
        JsonNode details = a.error().get("details");
        assertEquals(details.toString(), 2, details.size());
        assertEquals("/capacity", details.get(0).get("pointer").asText());
        assertTrue(details.get(0).get("message").asText().contains("bytes"));
        assertEquals("/nodes/3/weight", details.get(1).get("pointer").asText());
        assertEquals("B", details.get(1).get("node").asText());
        assertTrue(details.get(0).get("line").asInt() > 0);
        assertEquals(404, http.get(TREE).status());
    }

    @Test
    public void unknownFieldsAreReportedWithASuggestion() {
        Http.Answer a = http.put(TREE, Trees.TWO_LEVEL.replace("\"eta\"", "\"etta\""));
        assertEquals(400, a.status());
        assertEquals("unknown-field", a.error().get("code").asText());
        JsonNode d = a.error().get("details").get(0);
        assertEquals("/etta", d.get("pointer").asText());
        assertTrue(d.get("message").asText().contains("did you mean \"eta\""));
    }

    @Test
    public void malformedJsonCarriesLineAndColumn() {
        Http.Answer a = http.put(TREE, "{\n  \"capacity\": \"10G\",\n  \"levels\": [,]\n}");
        assertEquals(400, a.status());
        assertEquals("malformed-json", a.error().get("code").asText());
        JsonNode d = a.error().get("details").get(0);
        assertEquals(3, d.get("line").asInt());
        assertTrue(d.get("column").asInt() > 0);
        assertTrue(a.error().get("message").asText().contains("line 3"));
    }

    @Test
    public void aTreeForAnotherPortThanTheUrlIsRefused() {
        Http.Answer a = http.put(TREE, Trees.TWO_LEVEL.replace("\"port\": 3", "\"port\": 4"));
        assertEquals(400, a.status());
        assertEquals("/port", a.error().get("details").get(0).get("pointer").asText());
    }

    @Test
    public void unknownDevicePortAndBadPortAreNamed() {
        Http.Answer a = http.get("v1/devices/pof:00000000000000ff/ports/1/tree");
        assertEquals(404, a.status());
        assertTrue(a.error().get("message").asText().contains("unknown device"));
        http.put(TREE, Trees.TWO_LEVEL);
        Http.Answer p = http.get("v1/devices/" + RestFixture.DEVICE + "/ports/9/tree");
        assertEquals(404, p.status());
        assertTrue(p.error().get("message").asText().contains("port 9"));
        Http.Answer bad = http.get("v1/devices/" + RestFixture.DEVICE + "/ports/x/tree");
        assertEquals(400, bad.status());
        assertEquals("bad-value", bad.error().get("code").asText());
    }

    @Test
    public void levelsCanBeReadAndReplaced() {
        String tag = http.put(TREE, Trees.TWO_LEVEL).header("ETag");
        Http.Answer get = http.get(PORT_PATH + "/levels");
        assertEquals(200, get.status());
        JsonNode levels = get.json();
        assertEquals("subnet", levels.get("levels").get(0).get("name").asText());
        assertEquals(240, levels.get("levels").get(0).get("field").get("offset").asInt());
        String withJoin = "{\"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
                + " {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32},"
                + " \"join\": {\"weight\": 1, \"peak\": \"1G\", \"idleTimeout\": \"10s\"}}]}";
        Http.Answer put = http.put(PORT_PATH + "/levels", withJoin, "If-Match", tag);
        assertEquals(put.toString(), 200, put.status());
        JsonNode join = put.json().get("levels").get(1).get("join");
        assertEquals(1_000_000_000L, join.get("peakBps").asLong());
        assertEquals("10s", join.get("idleTimeout").asText());
        assertEquals(2, put.json().get("version").asLong());
        Http.Answer bad = http.put(PORT_PATH + "/levels", "{\"levels\": [{\"name\": \"x\", \"field\": {\"offset\": 0, \"length\": 999}}]}",
                "If-Match", "*");
        assertEquals(400, bad.status());
        assertEquals("/levels/0/field/length", bad.error().get("details").get(0).get("pointer").asText());
    }

    @Test
    public void configuredDevicesAreListed() {
        assertEquals(0, http.get("v1/devices").json().get("devices").size());
        http.put(TREE, Trees.TWO_LEVEL);
        JsonNode devices = http.get("v1/devices").json().get("devices");
        assertEquals(1, devices.size());
        JsonNode d = devices.get(0);
        assertEquals(RestFixture.DEVICE, d.get("id").asText());
        assertEquals(false, d.get("connected").asBoolean());
        assertEquals("unknown", d.get("mode").asText());
        // a port of a switch that is not connected: its line rate is not known
        assertTrue(d.get("ports").get(0).get("speedBps").isNull());
        assertTrue(d.get("lastError").isNull() || d.get("lastError").isTextual());
        Http.Answer one = http.get("v1/devices/" + RestFixture.DEVICE);
        assertEquals(200, one.status());
        assertEquals(RestFixture.DEVICE, one.json().get("id").asText());
        assertEquals(404, http.get("v1/devices/pof:0000000000000009").status());
        assertNull(one.error());
    }
}
