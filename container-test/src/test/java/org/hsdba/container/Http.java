package org.hsdba.container;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** Requests to the container: GET with or without BASIC credentials, PUT, POST and any method with JSON, and POST of a file with them. */
final class Http {

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final String base;

    Http(String host, int port) {
        this.base = "http://" + host + ":" + port;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(request(path).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path, String user, String password) throws IOException, InterruptedException {
        return client.send(request(path).header("Authorization", basic(user, password)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> putJson(String path, String json, String user, String password)
            throws IOException, InterruptedException {
        HttpRequest request = request(path).header("Authorization", basic(user, password))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> postJson(String path, String json, String user, String password)
            throws IOException, InterruptedException {
        HttpRequest request = request(path).header("Authorization", basic(user, password))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A request with a JSON body and extra headers (name, value, ...), e.g. PATCH with If-Match. */
    HttpResponse<String> sendJson(String method, String path, String json, String user, String password,
                                  String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = request(path).header("Authorization", basic(user, password))
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request without a body, with extra headers (name, value, ...), e.g. DELETE with If-Match. */
    HttpResponse<String> send(String method, String path, String user, String password, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = request(path).header("Authorization", basic(user, password))
                .method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** POST of a file's bytes as application/octet-stream (how ONOS takes an .oar). */
    HttpResponse<String> postFile(String path, java.nio.file.Path file, String user, String password)
            throws IOException, InterruptedException {
        HttpRequest request = request(path).header("Authorization", basic(user, password))
                .header("Content-Type", "application/octet-stream")
                .timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofFile(file)).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    String url(String path) {
        return base + path;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20)).GET();
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
