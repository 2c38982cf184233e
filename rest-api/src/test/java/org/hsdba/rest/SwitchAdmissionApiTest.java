package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/**
 * Admission against the device's switch over HTTP: a tree the connected switch cannot hold is a
 * 422 with the admission error shape (and the preview says so), a tree for a switch not
 * connected is a 200 with a warning, and the device and state answers say which version the switch
 * enforces.
 */
public class SwitchAdmissionApiTest {

    private static final String TREE = PORT_PATH + "/tree";
    private static final String DEVICE_PATH = "v1/devices/" + RestFixture.DEVICE;
    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    @Test
    public void aTreeTheConnectedSwitchCannotHoldIsA422AndNothingIsStored() {
        FX.service().connectStandIn(1, 4); // TWO_LEVEL has 5 nodes
        Http.Answer put = http.put(TREE, Trees.TWO_LEVEL);
        assertEquals(put.toString(), 422, put.status());
        assertEquals("admission", put.error().get("code").asText());
        JsonNode detail = put.error().get("details").get(0);
        assertEquals("SWITCH_CAPACITY", detail.get("rule").asText());
        assertEquals("switch " + RestFixture.DEVICE + " cannot hold this tree: 5 nodes do not fit the stand-in's 4 entries",
                detail.get("message").asText());
        assertEquals(404, http.get(TREE).status());
        // The preview says it before anything is applied.
        Http.Answer p = http.post("v1/preview", "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"tree\": "
                + Trees.TWO_LEVEL + "}");
        assertEquals(p.toString(), 200, p.status());
        assertFalse(p.json().get("admission").get("ok").asBoolean());
        assertEquals("SWITCH_CAPACITY", p.json().get("admission").get("violations").get(0).get("rule").asText());
    }

    @Test
    public void aTreeTheConnectedSwitchCanHoldIsStoredWithoutWarnings() {
        FX.service().connectStandIn(1, 5);
        Http.Answer put = http.put(TREE, Trees.TWO_LEVEL);
        assertEquals(put.toString(), 200, put.status());
        assertEquals(0, put.json().get("warnings").size());
        // A node more would not fit: refused, the tree stays at 5 nodes.
        Http.Answer add = http.post(PORT_PATH + "/nodes", "{\"id\": \"B2\", \"parent\": \"B\", \"key\": \"10.2.0.2\"}",
                "If-Match", put.header("ETag"));
        assertEquals(add.toString(), 422, add.status());
        assertEquals("SWITCH_CAPACITY", add.error().get("details").get(0).get("rule").asText());
        assertEquals(5, http.get(TREE).json().get("nodes").size());
    }

    @Test
    public void aTreeForASwitchNotConnectedIsStoredWithAWarningAndTheDeviceSaysItIsNotEnforced() {
        Http.Answer put = http.put(TREE, Trees.TWO_LEVEL);
        assertEquals(put.toString(), 200, put.status());
        JsonNode w = put.json().get("warnings");
        assertEquals(1, w.size());
        assertEquals("SWITCH_NOT_CONNECTED", w.get(0).get("code").asText());
        assertTrue(w.get(0).get("message").asText(), w.get(0).get("message").asText()
                .contains("checked against its ports and tables and programmed when it connects"));
        assertEquals(5, put.json().get("nodes").size()); // the rest of the answer is the tree as before
        assertFalse("GET answers the stored tree only", http.get(TREE).json().has("warnings"));
        Http.Answer add = http.post(PORT_PATH + "/nodes", "{\"id\": \"B2\", \"parent\": \"B\", \"key\": \"10.2.0.2\"}",
                "If-Match", put.header("ETag"));
        assertEquals(add.toString(), 201, add.status());
        assertEquals("SWITCH_NOT_CONNECTED", add.json().get("warnings").get(0).get("code").asText());

        JsonNode tree = http.get(DEVICE_PATH).json().get("trees").get(0);
        assertEquals(3, tree.get("port").asLong());
        assertEquals(2, tree.get("version").asLong());
        assertTrue(tree.get("enforcedVersion").isNull());
        assertEquals("not-connected", tree.get("status").asText());
        assertEquals("switch not connected: version 2 is programmed when it connects", tree.get("summary").asText());
        JsonNode state = http.get(PORT_PATH + "/state").json().get("enforcement");
        assertEquals(tree, state);
    }
}
