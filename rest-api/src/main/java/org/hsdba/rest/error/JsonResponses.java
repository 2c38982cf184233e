package org.hsdba.rest.error;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import javax.servlet.http.HttpServletResponse;

/**
 * Writes a whole response outside JAX-RS (servlets, filters, Jetty handlers), the same way
 * everywhere: status, UTF-8 body with its length, and no caching (an error or a login page is
 * never worth caching).
 */
public final class JsonResponses {

    private JsonResponses() {
    }

    /** The error as the whole response, with its own status. */
    public static void write(HttpServletResponse response, ApiError error) throws IOException {
        write(response, error.status(), error.toJson().toString());
    }

    /** A JSON text as the whole response. */
    public static void write(HttpServletResponse response, int status, String json) throws IOException {
        write(response, status, "application/json", json);
    }

    /** A text of the given media type (UTF-8) as the whole response. */
    public static void write(HttpServletResponse response, int status, String mediaType, String text)
            throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(mediaType);
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
