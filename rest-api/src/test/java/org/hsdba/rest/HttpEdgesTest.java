package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** What the container and JAX-RS answer on their own: 401, 404, 405, 413, 415 - all in the uniform error body. */
public class HttpEdgesTest {

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    @Test
    public void withoutCredentialsEverythingButTheLabsPageIs401WithAChallenge() {
        Http anonymous = http.withCredentials(null, null);
        // the lab's GUI page leads to its login page instead (LabLoginTest); the rest stays BASIC
        assertEquals(303, anonymous.get("ui/").status());
        for (String path : new String[] {"v1/devices", PORT_PATH + "/tree", "ui/app.js", "v1/nope"}) {
            Http.Answer a = anonymous.get(path);
            assertEquals(path, 401, a.status());
            assertEquals("unauthorized", a.error().get("code").asText());
            assertEquals("basic realm=\"karaf\"", a.header("WWW-Authenticate").toLowerCase().replace("realm=\"karaf\"", "realm=\"karaf\""));
        }
        assertEquals(401, anonymous.put(PORT_PATH + "/tree", Trees.TWO_LEVEL).status());
        assertEquals(404, http.get(PORT_PATH + "/tree").status());
    }

    /** Jetty 9.4 writes error pages only for GET, POST and HEAD; the other methods need the same body. */
    @Test
    public void writesWithoutCredentialsAre401InTheUniformBodyForEveryMethod() {
        Http anonymous = http.withCredentials(null, null);
        java.util.List<Http.Answer> answers = java.util.List.of(
                anonymous.put(PORT_PATH + "/tree", Trees.TWO_LEVEL),
                anonymous.put("v1/parameters", "{}"),
                anonymous.patch(PORT_PATH + "/nodes/a", "{}", "If-Match", "*"),
                anonymous.delete(PORT_PATH + "/tree", "If-Match", "*"),
                anonymous.post("v1/preview", "{}"));
        for (Http.Answer a : answers) {
            assertEquals(a.toString(), 401, a.status());
            assertTrue(a.toString(), String.valueOf(a.header("Content-Type")).startsWith("application/json"));
            assertEquals(a.toString(), "unauthorized", a.error().get("code").asText());
        }
    }

    @Test
    public void wrongPasswordIs401() {
        assertEquals(401, http.withCredentials("onos", "wrong").get("v1/devices").status());
    }

    @Test
    public void bodiesOverTheLimitAre413AndChangeNothing() {
        assertTooLargeChangesNothing(http);
    }

    /**
     * What curl does for large bodies: headers with {@code Expect: 100-continue}, then wait. The
     * answer must be the 413 itself, never "100 Continue" (java.net.http of JDK 17 cannot be used
     * here: it hangs when a final status answers its Expect).
     */
    @Test
    public void bodiesOverTheLimitAre413BeforeTheClientSendsThemWhenItExpectsContinue() throws IOException {
        String auth = Base64.getEncoder().encodeToString("onos:rocks".getBytes(StandardCharsets.UTF_8));
        String head = "PUT " + FX.server().baseUri().getPath() + PORT_PATH + "/tree HTTP/1.1\r\n"
                + "Host: 127.0.0.1\r\nAuthorization: Basic " + auth + "\r\nContent-Type: application/json\r\n"
                + "Expect: 100-continue\r\nContent-Length: " + ((8 << 20) + 1) + "\r\n\r\n";
        try (Socket s = new Socket("127.0.0.1", FX.server().port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer, answer.startsWith("HTTP/1.1 413 "));
            String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            assertEquals(answer, "too-large", Http.parse(body).get("error").get("code").asText());
        }
        assertEquals(404, http.get(PORT_PATH + "/tree").status());
    }

    @Test
    public void chunkedBodiesOverTheLimitAre413AndChangeNothing() {
        assertTooLargeChangesNothing(http.withFraming(Http.Framing.CHUNKED));
    }

    /** One byte over the limit is refused with nothing stored; exactly the limit is accepted. */
    private static void assertTooLargeChangesNothing(Http client) {
        byte[] big = new byte[(8 << 20) + 1];
        Arrays.fill(big, (byte) ' ');
        byte[] prefix = Trees.TWO_LEVEL.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(prefix, 0, big, 0, prefix.length);
        Http.Answer a = client.put(PORT_PATH + "/tree", big);
        assertEquals(413, a.status());
        assertEquals("too-large", a.error().get("code").asText());
        assertEquals(404, client.get(PORT_PATH + "/tree").status());
        byte[] fits = Arrays.copyOf(big, 8 << 20);
        assertEquals(200, client.put(PORT_PATH + "/tree", fits).status());
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
