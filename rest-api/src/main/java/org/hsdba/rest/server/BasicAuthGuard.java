package org.hsdba.rest.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.JsonResponses;

/**
 * Answers a malformed {@code Authorization: Basic} header (not base64, no {@code user:password})
 * with 401 and the challenge, in the uniform JSON body, before Jetty's authenticator sees it:
 * Jetty 9.4 would let the decoding error escape as a 500 with a stack trace.
 */
final class BasicAuthGuard extends HandlerWrapper {

    private final String realm;

    BasicAuthGuard(String realm) {
        this.realm = realm;
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException, javax.servlet.ServletException {
        String header = request.getHeader("Authorization");
        String problem = header == null ? null : problem(header.trim());
        if (problem == null) {
            super.handle(target, baseRequest, request, response);
            return;
        }
        baseRequest.setHandled(true);
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + realm + "\"");
        JsonResponses.write(response, ApiError.withStatus(401, ErrorCode.UNAUTHORIZED, "malformed Authorization header: "
                + problem + "; send HTTP BASIC credentials (realm " + realm + ")"));
    }

    /** What is wrong with a Basic header, or null if it is well-formed or not Basic at all. */
    static String problem(String header) {
        int space = header.indexOf(' ');
        String scheme = space < 0 ? header : header.substring(0, space);
        if (!scheme.equalsIgnoreCase("basic")) {
            return null;
        }
        String token = space < 0 ? "" : header.substring(space + 1).trim();
        if (token.isEmpty()) {
            return "Basic without credentials";
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(token);
        } catch (IllegalArgumentException e) {
            return "the Basic credentials are not base64";
        }
        if (new String(decoded, StandardCharsets.ISO_8859_1).indexOf(':') < 0) {
            return "the Basic credentials are not user:password";
        }
        return null;
    }
}
