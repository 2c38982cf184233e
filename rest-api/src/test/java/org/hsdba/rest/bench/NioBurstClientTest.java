package org.hsdba.rest.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.hsdba.rest.Http;
import org.hsdba.rest.RestFixture;
import org.hsdba.rest.server.HsdbaRestServer;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** The patch-burst benchmark's selector-driven client against the real server: every answer read, whatever its framing. */
public class NioBurstClientTest {

    private static final String TREE = RestFixture.PORT_PATH + "/tree";
    private static final String TWO_NODES = "{\"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"capacity\": \"10G\","
            + " \"levels\": [{\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],"
            + " \"nodes\": [{\"id\": \"h1\", \"key\": \"10.1.0.1\", \"weight\": 1},"
            + " {\"id\": \"h2\", \"key\": \"10.1.0.2\", \"weight\": 1}]}";

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();

    @Test
    public void aBurstOfPatchesAndGetsIsAnsweredOnKeptConnections() throws Exception {
        Http http = FX.http();
        assertEquals(200, http.put(TREE, TWO_NODES).status());
        try (NioBurstClient nio = new NioBurstClient(FX.server().baseUri(), 4)) {
            for (int round = 1; round <= 3; round++) {
                List<byte[]> requests = new ArrayList<>();
                requests.add(request("PATCH", RestFixture.PORT_PATH + "/nodes/h1", "{\"peak\": \"" + round + "G\"}"));
                requests.add(request("PATCH", RestFixture.PORT_PATH + "/nodes/h2", "{\"weight\": " + (round + 1) + "}"));
                requests.add(request("GET", TREE, null));
                requests.add(request("GET", RestFixture.PORT_PATH + "/nodes/nobody", null));
                NioBurstClient.Outcome[] out = nio.burst(requests, TimeUnit.SECONDS.toNanos(30));
                assertEquals(out[0].head, 200, out[0].status);
                assertEquals(out[1].head, 200, out[1].status);
                assertEquals(out[2].head, 200, out[2].status);
                assertEquals(out[3].head, 404, out[3].status);
                for (NioBurstClient.Outcome o : out) {
                    assertTrue(o.nanos > 0);
                }
            }
        }
        assertEquals("3 Gb/s", http.get(RestFixture.PORT_PATH + "/nodes/h1").json().get("peak").asText());
        assertEquals(4, http.get(RestFixture.PORT_PATH + "/nodes/h2").json().get("weight").asInt());
        assertEquals(7, http.get(TREE).json().get("version").asLong());
    }

    @Test
    public void chunkedBodiesEndAfterTheirLastChunkAndTrailers() {
        byte[] whole = "4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\nTrailer: 1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(whole.length, NioBurstClient.chunkedEnd(whole, 0, whole.length));
        for (int cut = 0; cut < whole.length; cut++) {
            assertEquals("cut at " + cut, -1, NioBurstClient.chunkedEnd(whole, 0, cut));
        }
    }

    private static byte[] request(String method, String path, String body) {
        return RawHttpConnection.encode(FX.server().baseUri(), HsdbaRestServer.DEFAULT_USER,
                HsdbaRestServer.DEFAULT_PASSWORD, method, path, body, "If-Match", "*");
    }
}
