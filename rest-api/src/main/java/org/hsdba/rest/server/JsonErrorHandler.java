package org.hsdba.rest.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.JsonResponses;

/**
 * Jetty's own answers (outside the web context: a request line or headers it cannot parse, a URI
 * too long, a path that normalises above the root, a path no context serves) in the uniform JSON
 * error body instead of Jetty's HTML page. Inside the context, web.xml's error page does the same.
 */
final class JsonErrorHandler extends ErrorHandler {

    JsonErrorHandler() {
        setShowStacks(false);
        setShowServlet(false);
    }

    /** Every method gets the body (Jetty 9.4 writes one only for GET, POST and HEAD). */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request,
                                              HttpServletResponse response, int code, String message) throws IOException {
        baseRequest.setHandled(true);
        JsonResponses.write(response, code, new String(json(code, message, request.getMethod() + " "
                + request.getRequestURI()), StandardCharsets.UTF_8));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields fields) {
        fields.put(HttpHeader.CONTENT_TYPE, "application/json");
        fields.put(HttpHeader.CACHE_CONTROL, "no-store");
        return ByteBuffer.wrap(json(status, reason, null));
    }

    private static byte[] json(int status, String reason, String where) {
        ErrorCode code = status == 400 ? ErrorCode.MALFORMED_REQUEST : ErrorCode.forStatus(status);
        String text;
        switch (status) {
            case 404:
                text = "no such resource" + (where == null ? "" : ": " + where);
                break;
            case 414:
                text = "request URI too long (at most 8 KiB)";
                break;
            case 431:
                text = "request headers too large (at most 8 KiB)";
                break;
            default:
                text = "HTTP " + status + (reason == null || reason.isEmpty() ? "" : ": " + reason)
                        + (where == null ? "" : " (" + where + ")");
        }
        return ApiError.withStatus(status, code, text).toJson().toString().getBytes(StandardCharsets.UTF_8);
    }
}
