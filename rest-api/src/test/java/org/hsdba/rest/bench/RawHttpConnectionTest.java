package org.hsdba.rest.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.hsdba.rest.Http;
import org.hsdba.rest.RestFixture;
import org.hsdba.rest.server.HsdbaRestServer;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** The patch-burst benchmark's own client against the real server: the same answers as java.net.http's, on one connection. */
public class RawHttpConnectionTest {

    private static final String TREE = RestFixture.PORT_PATH + "/tree";
    private static final String ONE_NODE = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"capacity\": \"10G\","
            + " \"levels\": [{\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],"
            + " \"nodes\": [{\"id\": \"h1\", \"key\": \"10.1.0.1\", \"weight\": 1}]}";

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();

    @Test
    public void answersAreThoseOfJavaNetHttpAndTheConnectionIsKept() {
        Http http = FX.http();
        assertEquals(200, http.put(TREE, ONE_NODE).status());
        try (RawHttpConnection raw = new RawHttpConnection(FX.server().baseUri(), HsdbaRestServer.DEFAULT_USER,
                HsdbaRestServer.DEFAULT_PASSWORD)) {
            RawHttpConnection.Answer get = raw.send("GET", TREE, null);
            assertEquals(200, get.status);
            assertEquals(http.get(TREE).body(), get.body);

            RawHttpConnection.Answer patch = raw.send("PATCH", RestFixture.PORT_PATH + "/nodes/h1", "{\"peak\": \"2G\"}",
                    "If-Match", "*");
            assertEquals(patch.toString(), 200, patch.status);
            assertEquals("2 Gb/s", Http.parse(patch.body).get("peak").asText());
            assertEquals(2, http.get(TREE).json().get("version").asLong());

            RawHttpConnection.Answer missing = raw.send("GET", RestFixture.PORT_PATH + "/nodes/nobody", null);
            assertEquals(404, missing.status);
            assertTrue(missing.body, missing.body.contains("nobody"));
            assertEquals(304, raw.send("GET", TREE, null, "If-None-Match", http.get(TREE).header("ETag")).status);
            assertEquals(200, raw.send("GET", TREE, null).status);
            assertEquals("one connection for all six requests", 1, raw.opened());
        }
    }
}
