package org.hsdba.rest;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Set;

import javax.servlet.AsyncContext;
import javax.servlet.AsyncEvent;
import javax.servlet.AsyncListener;
import javax.servlet.DispatcherType;
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

/**
 * Writes (PUT, POST, PATCH, DELETE) take one of {@link #MAX_ACTIVE} places before they are
 * handled; the others are suspended (servlet async: no thread held) in arrival order and resumed
 * one by one as places free up. Why: the container serves requests from one FIFO queue with a
 * bounded pool; a burst of writes used to take every thread, each held until its write was
 * durable, so a GET behind the burst waited for the burst to drain (issue 17: 1,000 PATCHes,
 * GETs p99 1.8 s). Suspended, a queued write costs its parsing only and reads pass at once.
 * {@link #MAX_ACTIVE} writes still wait together for one fsync (group commit). Beyond
 * {@link #MAX_WAITING} suspended writes, or after {@link #WAIT_MILLIS} waiting, a write is refused
 * with 503 and {@code Retry-After}, nothing done. Without async support (a container that does not
 * offer it) writes pass ungated, as before.
 */
public final class WriteGateServletFilter implements Filter {

    /** Writes handled at once; half of the lab's Jetty threads, the rest stay for reads. */
    public static final int MAX_ACTIVE = 32;
    /** Suspended writes; more are refused as busy. */
    public static final int MAX_WAITING = 4096;
    /** How long a suspended write may wait for its place. */
    public static final long WAIT_MILLIS = 30_000;
    static final int RETRY_AFTER_SECONDS = 1;

    private static final Set<String> WRITES = Set.of("PUT", "POST", "PATCH", "DELETE");
    /** Set on a resumed write: it holds the place the write before it gave up. */
    private static final String GRANTED = WriteGateServletFilter.class.getName() + ".granted";

    private final Object lock = new Object();
    /** Guarded by {@link #lock}, like {@link #waiting}. */
    private int active;
    private final ArrayDeque<AsyncContext> waiting = new ArrayDeque<>();

    @Override
    public void init(FilterConfig config) {
        // nothing to configure
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        if (!WRITES.contains(http.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            if (request.getAttribute(GRANTED) != null) {
                request.removeAttribute(GRANTED);
                handleHolding(request, response, chain);
            } else {
                chain.doFilter(request, response); // not one of ours
            }
            return;
        }
        if (request.getDispatcherType() != DispatcherType.REQUEST || !request.isAsyncSupported()) {
            chain.doFilter(request, response);
            return;
        }
        synchronized (lock) {
            if (active >= MAX_ACTIVE) {
                if (waiting.size() >= MAX_WAITING) {
                    busy((HttpServletResponse) response, MAX_WAITING + " writes are already waiting");
                    return;
                }
                AsyncContext ctx = request.startAsync();
                ctx.setTimeout(WAIT_MILLIS);
                ctx.addListener(new TimedOut());
                waiting.addLast(ctx);
                return;
            }
            active++;
        }
        handleHolding(request, response, chain);
    }

    /** Handles a write that holds a place, and hands the place on to the next waiting write. */
    private void handleHolding(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } finally {
            release();
        }
    }

    private void release() {
        while (true) {
            AsyncContext next;
            synchronized (lock) {
                next = waiting.pollFirst();
                if (next == null) {
                    active--;
                    return;
                }
            }
            try {
                next.getRequest().setAttribute(GRANTED, Boolean.TRUE);
                next.dispatch(); // a new container job: this thread finishes its own answer first
                return;
            } catch (IllegalStateException e) {
                // That request ended meanwhile (its client went away): the place goes to the next.
            }
        }
    }

    /** Writes suspended and not yet resumed (for tests). */
    int waiting() {
        synchronized (lock) {
            return waiting.size();
        }
    }

    private static void busy(HttpServletResponse response, String why) throws IOException {
        response.setHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
        JsonResponses.write(response, ApiError.of(ErrorCode.UNAVAILABLE, why + "; nothing was done, send it again in "
                + RETRY_AFTER_SECONDS + " s"));
    }

    /** A write that waited {@link #WAIT_MILLIS} without a place: 503, unless it was resumed meanwhile. */
    private final class TimedOut implements AsyncListener {
        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            AsyncContext ctx = event.getAsyncContext();
            if (forget(ctx)) {
                busy((HttpServletResponse) ctx.getResponse(), "the write waited " + WAIT_MILLIS / 1000
                        + " s for one of the " + MAX_ACTIVE + " writes in progress to end");
                ctx.complete();
            }
        }

        @Override
        public void onComplete(AsyncEvent event) {
            // nothing to do
        }

        @Override
        public void onError(AsyncEvent event) {
            // The connection failed while the write waited: it is dropped, nothing was done.
            if (forget(event.getAsyncContext())) {
                event.getAsyncContext().complete();
            }
        }

        private boolean forget(AsyncContext ctx) {
            synchronized (lock) {
                return waiting.remove(ctx);
            }
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // nothing to do
        }
    }

    @Override
    public void destroy() {
        // nothing to release
    }
}
