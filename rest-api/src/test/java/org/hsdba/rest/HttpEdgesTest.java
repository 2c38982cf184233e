package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

/** What the container and JAX-RS answer on their own: 401, 404, 405, 413, 415 - all in the uniform error body. */
public class HttpEdgesTest {

    private static RestFixture fx;
    private static Http http;

    @BeforeClass
    public static void start() {
        fx = new RestFixture();
        http = fx.http();
    }

    @AfterClass
    public static void stop() {
        fx.close();
    }

    @Before
    public void reset() {
        fx.reset();
    }

    @Test
    public void withoutCredentialsEverythingIs401WithAChallenge() {
        Http anonymous = http.withCredentials(null, null);
        for (String path : new String[] {"v1/devices", PORT_PATH + "/tree", "ui/", "v1/nope"}) {
            Http.Answer a = anonymous.get(path);
            assertEquals(path, 401, a.status());
            assertEquals("unauthorized", a.error().get("code").asText());
            assertEquals("basic realm=\"karaf\"", a.header("WWW-Authenticate").toLowerCase().replace("realm=\"karaf\"", "realm=\"karaf\""));
        }
        assertEquals(401, anonymous.put(PORT_PATH + "/tree", Trees.TWO_LEVEL).status());
        assertEquals(404, http.get(PORT_PATH + "/tree").status());
    }

    @Test
    public void wrongPasswordIs401() {
        assertEquals(401, http.withCredentials("onos", "wrong").get("v1/devices").status());
    }

    @Test
    public void bodiesOverTheLimitAre413AndChangeNothing() {
        byte[] big = new byte[(8 << 20) + 1];
        Arrays.fill(big, (byte) ' ');
        byte[] prefix = Trees.TWO_LEVEL.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(prefix, 0, big, 0, prefix.length);
        Http.Answer a = http.put(PORT_PATH + "/tree", big);
        assertEquals(413, a.status());
        assertEquals("too-large", a.error().get("code").asText());
        assertEquals(404, http.get(PORT_PATH + "/tree").status());
        byte[] fits = Arrays.copyOf(big, 8 << 20);
        assertEquals(200, http.put(PORT_PATH + "/tree", fits).status());
    }

    @Test
    public void unknownRoutesAndMethodsAnswerInTheUniformShape() {
        Http.Answer route = http.get("v1/trees");
        assertEquals(404, route.status());
        assertEquals("not-found", route.error().get("code").asText());
        Http.Answer outside = http.get("elsewhere");
        assertEquals(404, outside.status());
        assertEquals("not-found", outside.error().get("code").asText());
        Http.Answer method = http.send("PATCH", "v1/devices", "{}");
        assertEquals(405, method.status());
        assertEquals("method-not-allowed", method.error().get("code").asText());
        assertNotNull(method.header("Allow"));
    }

    @Test
    public void writesTakeJsonOnly() {
        Http.Answer a = http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL, "Content-Type", "text/plain");
        assertEquals(415, a.status());
        assertEquals("unsupported-media-type", a.error().get("code").asText());
    }

    @Test
    public void anEmptyBodyIsMalformed() {
        Http.Answer a = http.put(PORT_PATH + "/tree", "");
        assertEquals(400, a.status());
        assertEquals("malformed-json", a.error().get("code").asText());
    }

    @Test
    public void duplicateMembersAreMalformed() {
        Http.Answer a = http.put("v1/parameters", "{\"joinBurst\": 9, \"joinBurst\": 8}");
        assertEquals(400, a.status());
        assertTrue(a.error().toString(), a.error().get("message").asText().contains("duplicate"));
    }
}
