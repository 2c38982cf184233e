package org.hsdba.rest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A small HTTP client for the tests: BASIC credentials, JSON bodies, answers as {@link Answer}. */
public final class Http {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** How a request body goes on the wire. */
    public enum Framing {
        /** Content-Length, the body sent right after the headers. */
        LENGTH,
        /** {@code Transfer-Encoding: chunked}, no length announced. */
        CHUNKED
    }

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final URI base;
    private final String authorization;
    private final Framing framing;

    /** {@code base}: the web context, e.g. {@code http://127.0.0.1:port/onos/hsdba/}. */
    public Http(URI base, String user, String password) {
        this(base, authorization(user, password), Framing.LENGTH);
    }

    private Http(URI base, String authorization, Framing framing) {
        this.base = base;
        this.authorization = authorization;
        this.framing = framing;
    }

    private static String authorization(String user, String password) {
        return user == null ? null
                : "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    public Http withCredentials(String user, String password) {
        return new Http(base, authorization(user, password), framing);
    }

    /** The same client, sending bodies with {@code framing}. */
    public Http withFraming(Framing framing) {
        return new Http(base, authorization, framing);
    }

    public Answer get(String path, String... headers) {
        return send("GET", path, null, headers);
    }

    public Answer put(String path, Object body, String... headers) {
        return send("PUT", path, body, headers);
    }

    public Answer post(String path, Object body, String... headers) {
        return send("POST", path, body, headers);
    }

    public Answer patch(String path, Object body, String... headers) {
        return send("PATCH", path, body, headers);
    }

    public Answer delete(String path, String... headers) {
        return send("DELETE", path, null, headers);
    }

    /**
     * One request to {@code path} (relative to the web context, e.g. {@code v1/devices}); a body
     * that is not a String is written as JSON; {@code headers} are name, value pairs.
     */
    public Answer send(String method, String path, Object body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        boolean contentType = false;
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
            contentType |= headers[i].equalsIgnoreCase("Content-Type");
        }
        if (body != null && !contentType) {
            b.header("Content-Type", "application/json");
        }
        byte[] bytes = body == null ? null : body instanceof byte[] ? (byte[]) body
                : (body instanceof String ? (String) body : json(body)).getBytes(StandardCharsets.UTF_8);
        b.method(method, publisher(bytes));
        try {
            return new Answer(client.send(b.build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.BodyPublisher publisher(byte[] bytes) {
        if (bytes == null) {
            return HttpRequest.BodyPublishers.noBody();
        }
        if (framing == Framing.CHUNKED) {
            // A stream has no known length, so the client sends it chunked.
            return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes));
        }
        return HttpRequest.BodyPublishers.ofByteArray(bytes);
    }

    public static String json(Object o) {
        try {
            return MAPPER.writeValueAsString(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    /** An answer: status, headers, body text and (lazily) JSON. */
    public static final class Answer {
        private final HttpResponse<String> response;

        Answer(HttpResponse<String> response) {
            this.response = response;
        }

        public int status() {
            return response.statusCode();
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        public String body() {
            return response.body();
        }

        public JsonNode json() {
            return parse(response.body());
        }

        /** The uniform error object, {@code {"status", "code", "message", "details"}}. */
        public JsonNode error() {
            return json().get("error");
        }

        @Override
        public String toString() {
            return response.request().method() + " " + response.uri() + " -> " + status() + " " + body();
        }
    }
}
