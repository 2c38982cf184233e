package org.hsdba.rest.error;

import java.io.IOException;

import javax.servlet.RequestDispatcher;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The error page of the web context (web.xml {@code <error-page>}): errors the servlet container
 * raises itself, before JAX-RS sees the request (401 without credentials, 403, 404 outside the
 * API, 413...), get the same uniform JSON body as the API's own errors.
 */
public final class ErrorServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer ? (Integer) code : response.getStatus();
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String where = request.getMethod() + " " + (uri == null ? request.getRequestURI() : uri);
        JsonResponses.write(response, ApiError.withStatus(status, ErrorCode.forStatus(status), message(status, where, request)));
    }

    private static String message(int status, String where, HttpServletRequest request) {
        switch (status) {
            case HttpServletResponse.SC_UNAUTHORIZED:
                return "authentication required: send HTTP BASIC credentials (realm karaf)";
            case HttpServletResponse.SC_FORBIDDEN:
                return "the user may not do this: " + where;
            case HttpServletResponse.SC_NOT_FOUND:
                return "no such resource: " + where;
            case HttpServletResponse.SC_METHOD_NOT_ALLOWED:
                return "method not allowed: " + where;
            case HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE:
                return "request too large: " + where;
            default:
                Object m = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
                return "HTTP " + status + (m == null || m.toString().isEmpty() ? "" : ": " + m) + " (" + where + ")";
        }
    }
}
