package org.hsdba.rest.resources;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.core.Response;

import org.glassfish.jersey.internal.inject.InjectionManager;
import org.glassfish.jersey.internal.inject.Providers;
import org.glassfish.jersey.servlet.spi.AsyncContextDelegateProvider;
import org.hsdba.api.EditResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes answered once durable without a thread waiting: a resource method returns a
 * {@link java.util.concurrent.CompletionStage}, Jersey suspends the request and resumes it with the answer. Used only
 * where Jersey can suspend: under a servlet container without async support, or a Jersey without
 * its servlet async provider (ONOS's web container is not ours to configure), the write is made
 * and answered on the request's thread instead.
 */
final class AsyncWrites {

    private static final Logger LOG = LoggerFactory.getLogger(AsyncWrites.class);

    /** Whether this Jersey has its servlet async provider; found once (null: not looked yet). */
    private static volatile Boolean jerseyCanSuspend;

    /**
     * Threads that build and write the answers, so the edit writer goes on to the next batch
     * rather than writing a batch's answers one after the other; as many as the cores.
     */
    private static final Executor ANSWERS = answerThreads();

    private AsyncWrites() {
    }

    private static Executor answerThreads() {
        int n = Math.max(2, Runtime.getRuntime().availableProcessors());
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(n, n, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "hsdba-answer-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Whether this request can be suspended by Jersey: the servlet request allows it and Jersey can. */
    static boolean available(HttpServletRequest request, InjectionManager injections) {
        if (request == null || !request.isAsyncSupported() || injections == null) {
            return false;
        }
        Boolean can = jerseyCanSuspend;
        if (can == null) {
            // What Jersey's WebComponent looks for to suspend a servlet request.
            can = Providers.getAllProviders(injections, AsyncContextDelegateProvider.class).iterator().hasNext();
            jerseyCanSuspend = can;
            LOG.info(can ? "hsdba writes are answered asynchronously (Jersey suspends the request)"
                    : "hsdba writes are answered on the request's thread: this Jersey has no servlet async provider");
        }
        return can;
    }

    /**
     * The answer of an edit made once Jersey waits for it: {@code submit} is called only when
     * Jersey subscribes, i.e. after it suspended the request, so a request it could not suspend
     * (an error answer) changed nothing. {@code failure} translates the edit's failure (e.g.
     * violations into the request's pointers); {@code answer} builds the response.
     */
    static CompletableFuture<Response> answer(Supplier<CompletableFuture<EditResult>> submit,
                                              Function<EditResult, Response> answer,
                                              Function<RuntimeException, RuntimeException> failure) {
        return new Deferred(submit, answer, failure);
    }

    /** A future whose edit starts when the first dependent is registered (Jersey's {@code whenComplete}). */
    private static final class Deferred extends CompletableFuture<Response> {
        private final Supplier<CompletableFuture<EditResult>> submit;
        private final Function<EditResult, Response> answer;
        private final Function<RuntimeException, RuntimeException> failure;
        private final AtomicBoolean started = new AtomicBoolean();

        Deferred(Supplier<CompletableFuture<EditResult>> submit, Function<EditResult, Response> answer,
                 Function<RuntimeException, RuntimeException> failure) {
            this.submit = submit;
            this.answer = answer;
            this.failure = failure;
        }

        @Override
        public CompletableFuture<Response> whenComplete(
                java.util.function.BiConsumer<? super Response, ? super Throwable> action) {
            CompletableFuture<Response> dependent = super.whenComplete(action);
            start();
            return dependent;
        }

        private void start() {
            if (!started.compareAndSet(false, true)) {
                return;
            }
            CompletableFuture<EditResult> edit;
            try {
                edit = submit.get();
            } catch (RuntimeException e) {
                completeExceptionally(failure.apply(e));
                return;
            }
            edit.whenCompleteAsync((result, error) -> {
                if (error != null) {
                    Throwable cause = error instanceof CompletionException && error.getCause() != null
                            ? error.getCause() : error;
                    completeExceptionally(cause instanceof RuntimeException
                            ? failure.apply((RuntimeException) cause) : cause);
                    return;
                }
                try {
                    complete(answer.apply(result));
                } catch (RuntimeException e) {
                    completeExceptionally(failure.apply(e));
                }
            }, ANSWERS);
        }
    }
}
