package org.hsdba.rest;

import java.io.IOException;
import java.util.Locale;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.JsonResponses;
import org.hsdba.rest.resources.Bodies;

/**
 * Refuses a body announced larger than {@link Bodies#MAX_BYTES} with 413 before Jersey sees the
 * request: Jersey opens the input stream at once, and on Jetty that alone answers "100 Continue".
 * With {@code Expect: 100-continue} the body is never touched, so the client gets the 413 and sends
 * nothing. Otherwise the client is already sending: the body is read and dropped first (up to
 * {@link Bodies#MAX_DISCARDED_BYTES}) so that it finishes writing and reads the 413 instead of a
 * connection reset. Bodies without a length (chunked) are cut off by {@link Bodies#read}.
 */
public final class BodyLimitServletFilter implements Filter {

    @Override
    public void init(FilterConfig config) {
        // nothing to configure
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long length = request.getContentLengthLong();
        if (length <= Bodies.MAX_BYTES) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletRequest http = (HttpServletRequest) request;
        if (!expectsContinue(http) && length <= Bodies.MAX_DISCARDED_BYTES) {
            Bodies.discard(request.getInputStream(), length);
        }
        JsonResponses.write((HttpServletResponse) response, ApiError.of(ErrorCode.TOO_LARGE, "request body of "
                + length + " bytes is larger than the limit of " + (Bodies.MAX_BYTES >> 20) + " MiB"));
    }

    private static boolean expectsContinue(HttpServletRequest request) {
        String expect = request.getHeader("Expect");
        return expect != null && expect.toLowerCase(Locale.ROOT).contains("100-continue");
    }

    @Override
    public void destroy() {
        // nothing to release
    }
}
