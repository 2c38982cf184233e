package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/**
 * Requests written by hand on a raw socket, as a hostile client sends them: every answer is the
 * uniform JSON error with the right status (never Jetty's HTML page, never a 500 with a stack
 * trace), and nothing is stored.
 */
public class HostileHttpTest {

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();
    private final Http http = FX.http();

    private static final String AUTH = "Basic " + Base64.getEncoder().encodeToString(
            "onos:rocks".getBytes(StandardCharsets.UTF_8));

    @Test
    public void malformedBasicCredentialsAre401NotA500() throws IOException {
        for (String header : new String[] {"Basic !!!not-base64!!!", "Basic " + Base64.getEncoder().encodeToString(
                "no-colon".getBytes(StandardCharsets.UTF_8)), "Basic", "Bearer abc", "Basic %%%"}) {
            Raw r = send("GET " + api("v1/devices") + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + header
                    + "\r\nConnection: close\r\n\r\n");
            assertEquals(header + ": " + r, 401, r.status);
            assertEquals(r.toString(), "unauthorized", r.json().get("error").get("code").asText());
        }
    }

    @Test
    public void malformedChunkedFramingIs400() throws IOException {
        String head = "PUT " + api(PORT_PATH + "/tree") + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH
                + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
        for (String body : new String[] {"zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}XX\r\n0\r\n\r\n", "-1\r\n{}\r\n0\r\n\r\n"}) {
            Raw r = send(head + body);
            assertEquals(body + ": " + r, 400, r.status);
            assertTrue(r.toString(), r.json().has("error"));
        }
        assertEquals(404, http.get(PORT_PATH + "/tree").status());
    }

    @Test
    public void writesWithoutJsonContentTypeAre415AndChangeNothing() throws IOException {
        http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        long version = http.get(PORT_PATH + "/tree").json().get("version").asLong();
        for (String method : new String[] {"PATCH", "PUT", "POST"}) {
            String body = "{\"joinBurst\": 7}";
            Raw r = send(method + " " + api(method.equals("PUT") ? "v1/parameters"
                    : method.equals("PATCH") ? PORT_PATH + "/nodes/alice" : PORT_PATH + "/nodes")
                    + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH + "\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body);
            assertEquals(method + ": " + r, 415, r.status);
            assertEquals(r.toString(), "unsupported-media-type", r.json().get("error").get("code").asText());
        }
        assertEquals(version, http.get(PORT_PATH + "/tree").json().get("version").asLong());
        assertEquals(100, http.get("v1/parameters").json().get("joinBurst").asInt());
    }

    @Test
    public void anOverlongUriIs414InJson() throws IOException {
        StringBuilder path = new StringBuilder(api("v1/devices/"));
        while (path.length() < 70_000) {
            path.append("aaaaaaaaaa");
        }
        Raw r = send("GET " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH + "\r\nConnection: close\r\n\r\n");
        assertEquals(r.toString(), 414, r.status);
        assertTrue(r.toString(), r.json().has("error"));
    }

    @Test
    public void badPathsAre400Or404InJson() throws IOException {
        for (String path : new String[] {"/onos/hsdba/../../etc/passwd", "/onos/hsdba/v1/%2e%2e/%2e%2e/etc/passwd",
            "/onos/hsdba/v1/devices/%zz", "/onos/hsdba/ui/../WEB-INF/web.xml", "/../../"}) {
            Raw r = send("GET " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH + "\r\nConnection: close\r\n\r\n");
            assertTrue(path + ": " + r, r.status == 400 || r.status == 404);
            assertTrue(path + ": " + r, r.json().has("error"));
        }
    }

    @Test
    public void anUnacceptableAcceptIs406InJson() throws IOException {
        Raw r = send("GET " + api("v1/devices") + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + AUTH
                + "\r\nAccept: image/png\r\nConnection: close\r\n\r\n");
        assertEquals(r.toString(), 406, r.status);
        assertTrue(r.toString(), r.json().has("error"));
    }

    private static String api(String path) {
        return FX.server().baseUri().getPath() + path;
    }

    private static Raw send(String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", FX.server().port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            return new Raw(new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static final class Raw {
        final String text;
        final int status;

        Raw(String text) {
            this.text = text;
            this.status = text.startsWith("HTTP/1.1 ") ? Integer.parseInt(text.substring(9, 12)) : -1;
        }

        JsonNode json() {
            String body = text.substring(text.indexOf("\r\n\r\n") + 4);
            if (text.toLowerCase().contains("transfer-encoding: chunked")) {
                body = body.substring(body.indexOf("\r\n") + 2);
            }
            try {
                return Http.parse(body.trim());
            } catch (RuntimeException e) {
                throw new AssertionError("not JSON: " + text, e);
            }
        }

        @Override
        public String toString() {
            return text.length() > 600 ? text.substring(0, 600) + "..." : text;
        }
    }
}
