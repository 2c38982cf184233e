package org.hsdba.rest;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

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
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;

import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.JsonResponses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes (PUT, POST, PATCH, DELETE) take one of {@link #MAX_ACTIVE} places before they are
 * handled; the others are suspended (servlet async: no thread held) in arrival order. Why: the
 * container serves requests from one FIFO queue with a bounded pool; a burst of writes used to take
 * every thread, so a GET behind the burst waited for the burst to drain (issue 17: 1,000 PATCHes,
 * GETs p99 1.8 s). Suspended, a queued write costs its parsing only and reads pass at once.
 *
 * <p>A write that ends hands its place to the first waiting write <em>on its own thread</em>: it
 * runs the rest of that write's filter chain (the filters after this one, then Jersey) directly,
 * and so on until no write waits. The container's handler chain (authentication, the context,
 * the filters before) ran for the waiting write when it arrived and does not run again (until
 * 2026-11-27 a resumed write was re-dispatched and went through it twice). The waiting write's
 * request lets Jersey suspend it ({@link HandedOn#startAsync()} answers the context this filter
 * started), so a write answered asynchronously ({@code HsdbaResource}) frees the place as soon
 * as its edit is queued; otherwise the write is answered on that thread and completed here.
 *
 * <p>Beyond {@link #MAX_WAITING} suspended writes, or if a write waited {@link #WAIT_MILLIS}
 * when its place comes, a write is refused with 503 and {@code Retry-After}, nothing done.
 * Without async support (a container that does not offer it) writes pass ungated, as before.
 */
public final class WriteGateServletFilter implements Filter {

    private static final Logger LOG = LoggerFactory.getLogger(WriteGateServletFilter.class);

    /** Writes handled at once; half of the lab's Jetty threads, the rest stay for reads. */
    public static final int MAX_ACTIVE = 32;
    /** Suspended writes; more are refused as busy. */
    public static final int MAX_WAITING = 4096;
    /** How long a suspended write may wait for its place. */
    public static final long WAIT_MILLIS = 30_000;
    static final int RETRY_AFTER_SECONDS = 1;

    private static final Set<String> WRITES = Set.of("PUT", "POST", "PATCH", "DELETE");

    /** A suspended write: its context and request as handed on, the rest of its filter chain, when it arrived. */
    private static final class Waiting {
        final AsyncContext ctx;
        final HandedOn request;
        final FilterChain chain;
        final long since = System.nanoTime();

        Waiting(AsyncContext ctx, HandedOn request, FilterChain chain) {
            this.ctx = ctx;
            this.request = request;
            this.chain = chain;
        }
    }

    private final Object lock = new Object();
    /** Guarded by {@link #lock}, like {@link #waiting}. */
    private int active;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    /** Writes that waited and were handed a place, every gate of this JVM (for tests and figures). */
    private static final AtomicLong HANDED_ON = new AtomicLong();
    /** Writes that reached a gate again in an async dispatch, every gate of this JVM (for tests). */
    private static final AtomicLong REDISPATCHED = new AtomicLong();

    @Override
    public void init(FilterConfig config) {
        // nothing to configure
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        boolean write = WRITES.contains(http.getMethod());
        if (write && request.getDispatcherType() == DispatcherType.ASYNC) {
            REDISPATCHED.incrementAndGet();
        }
        if (!write || request.getDispatcherType() != DispatcherType.REQUEST || !request.isAsyncSupported()) {
            chain.doFilter(request, response);
            return;
        }
        synchronized (lock) {
            if (active >= MAX_ACTIVE) {
                if (waiting.size() >= MAX_WAITING) {
                    busy((HttpServletResponse) response, MAX_WAITING + " writes are already waiting");
                    return;
                }
                HandedOn later = new HandedOn(http); // its paths as they are now, in this servlet's scope
                AsyncContext ctx = request.startAsync();
                later.ctx = ctx;
                // No container timeout: a write taken from the queue is being handled, and a
                // timeout then would answer it twice. How long it waited is checked when its place comes.
                ctx.setTimeout(0);
                ctx.addListener(new Dropped());
                waiting.addLast(new Waiting(ctx, later, chain));
                return;
            }
            active++;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            handOn();
        }
    }

    /** This thread's write ended: it handles the waiting writes in turn, then gives the place back. */
    private void handOn() {
        while (true) {
            Waiting next;
            synchronized (lock) {
                next = waiting.pollFirst();
                if (next == null) {
                    active--;
                    return;
                }
            }
            HANDED_ON.incrementAndGet();
            handle(next);
        }
    }

    /** Runs a waiting write's chain here; completes it unless Jersey took it over (suspended it). */
    private static void handle(Waiting w) {
        HttpServletResponse response;
        try {
            response = (HttpServletResponse) w.ctx.getResponse();
        } catch (IllegalStateException e) {
            return; // its request ended meanwhile (the client went away)
        }
        HandedOn request = w.request;
        try {
            long waitedMillis = (System.nanoTime() - w.since) / 1_000_000;
            if (waitedMillis > WAIT_MILLIS) {
                busy(response, "the write waited " + waitedMillis / 1000 + " s for one of the " + MAX_ACTIVE
                        + " writes in progress to end");
            } else {
                w.chain.doFilter(request, response);
            }
        } catch (IOException | ServletException | RuntimeException e) {
            // On its first dispatch the container would answer 500; handed on, this filter does.
            LOG.warn("hsdba write failed: {} {}", request.getMethod(), request.getRequestURI(), e);
            if (!request.taken && !response.isCommitted()) {
                try {
                    response.reset();
                    JsonResponses.write(response, ApiError.of(ErrorCode.INTERNAL, "the write failed: " + e));
                } catch (IOException | RuntimeException ignored) {
                    // the client will see the connection end
                }
            }
        } finally {
            if (!request.taken) {
                try {
                    w.ctx.complete();
                } catch (IllegalStateException e) {
                    // already completed (the connection failed meanwhile)
                }
            }
        }
    }

    /**
     * A waiting write's request while it is handled on another write's thread: already suspended
     * by this filter, so starting async answers that context; whoever starts it (Jersey suspending
     * the write) completes it. Its paths and servlet context are those it had when it arrived:
     * the container resets them on the request once the arriving dispatch has left the servlet.
     */
    private static final class HandedOn extends HttpServletRequestWrapper {
        private final String contextPath;
        private final String servletPath;
        private final String pathInfo;
        private final javax.servlet.ServletContext servletContext;
        /** Set before the request is queued, read by the thread it is handed to (the queue's lock orders them). */
        AsyncContext ctx;
        /** Read by the handing thread after the chain returned; set on that same thread. */
        boolean taken;

        HandedOn(HttpServletRequest request) {
            super(request);
            this.contextPath = request.getContextPath();
            this.servletPath = request.getServletPath();
            this.pathInfo = request.getPathInfo();
            this.servletContext = request.getServletContext();
        }

        @Override
        public String getContextPath() {
            return contextPath;
        }

        @Override
        public String getServletPath() {
            return servletPath;
        }

        @Override
        public String getPathInfo() {
            return pathInfo;
        }

        @Override
        public javax.servlet.ServletContext getServletContext() {
            return servletContext;
        }

        @Override
        public AsyncContext startAsync() {
            taken = true;
            return ctx;
        }

        @Override
        public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
            taken = true;
            return ctx;
        }

        @Override
        public boolean isAsyncSupported() {
            return true;
        }

        @Override
        public boolean isAsyncStarted() {
            return taken;
        }

        @Override
        public AsyncContext getAsyncContext() {
            if (!taken) {
                throw new IllegalStateException("not started");
            }
            return ctx;
        }
    }

    /** Writes suspended and not yet handed a place (for tests). */
    int waiting() {
        synchronized (lock) {
            return waiting.size();
        }
    }

    /** Writes that waited and were handed a place, by every gate of this JVM (for tests and figures). */
    public static long handedOnTotal() {
        return HANDED_ON.get();
    }

    /** Writes that came through a gate a second time in an async dispatch, every gate of this JVM (for tests). */
    public static long redispatchedTotal() {
        return REDISPATCHED.get();
    }

    private static void busy(HttpServletResponse response, String why) throws IOException {
        response.setHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
        JsonResponses.write(response, ApiError.of(ErrorCode.UNAVAILABLE, why + "; nothing was done, send it again in "
                + RETRY_AFTER_SECONDS + " s"));
    }

    /** A waiting write whose connection failed: dropped from the queue, nothing done. */
    private final class Dropped implements AsyncListener {
        @Override
        public void onTimeout(AsyncEvent event) {
            // no container timeout is set
        }

        @Override
        public void onComplete(AsyncEvent event) {
            // nothing to do
        }

        @Override
        public void onError(AsyncEvent event) {
            AsyncContext ctx = event.getAsyncContext();
            boolean dropped;
            synchronized (lock) {
                dropped = waiting.removeIf(w -> w.ctx == ctx);
            }
            if (dropped) {
                ctx.complete();
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
