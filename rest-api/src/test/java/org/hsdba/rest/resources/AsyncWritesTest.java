package org.hsdba.rest.resources;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.core.Response;

import org.glassfish.jersey.internal.inject.InjectionManager;
import org.hsdba.api.EditResult;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.hsdba.model.json.ConfigJson;
import org.junit.Test;

/** {@link AsyncWrites}: when a write may be answered later, and that the edit waits until Jersey waits for it. */
public class AsyncWritesTest {

    @Test
    public void aRequestWithoutAsyncSupportIsAnsweredOnItsThread() {
        HttpServletRequest request = mock(HttpServletRequest.class);
        when(request.isAsyncSupported()).thenReturn(false);
        assertFalse(AsyncWrites.available(request, mock(InjectionManager.class)));
        assertFalse(AsyncWrites.available(null, mock(InjectionManager.class)));
        HttpServletRequest async = mock(HttpServletRequest.class);
        when(async.isAsyncSupported()).thenReturn(true);
        assertFalse("without Jersey's injection manager it cannot be asked", AsyncWrites.available(async, null));
    }

    @Test
    public void theEditIsSubmittedOnlyOnceJerseyWaitsForTheAnswer() throws Exception {
        AtomicInteger submitted = new AtomicInteger();
        EditResult result = new EditResult(tree(), List.of());
        CompletableFuture<Response> answer = AsyncWrites.answer(() -> {
            submitted.incrementAndGet();
            return CompletableFuture.completedFuture(result);
        }, r -> Response.ok().tag(Long.toString(r.tree().version())).build(), e -> e);
        assertEquals("nothing done before Jersey suspended the request and subscribed", 0, submitted.get());
        AtomicReference<Response> seen = new AtomicReference<>();
        answer.whenComplete((r, e) -> seen.set(r)); // what Jersey does once suspended
        Response r = answer.get(30, TimeUnit.SECONDS);
        assertEquals(1, submitted.get());
        assertEquals(200, r.getStatus());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (seen.get() == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertSame(r, seen.get());
        answer.whenComplete((x, e) -> { });
        assertEquals("a second dependent submits nothing more", 1, submitted.get());
    }

    @Test
    public void aRefusedEditFailsTheAnswerWithTheTranslatedError() throws Exception {
        InvalidTreeException refused = new InvalidTreeException(List.of(
                new Violation(ViolationCode.BAD_PARAMETER, "A", "weight", "weight must be positive")));
        IllegalArgumentException translated = new IllegalArgumentException("translated");
        CompletableFuture<Response> answer = AsyncWrites.answer(() -> CompletableFuture.failedFuture(refused),
                r -> Response.ok().build(), e -> e == refused ? translated : e);
        answer.whenComplete((r, e) -> { });
        try {
            answer.get(30, TimeUnit.SECONDS);
            throw new AssertionError("answered");
        } catch (ExecutionException e) {
            assertSame(translated, e.getCause());
        }
        // Refused before it was queued (busy): the same, at once.
        CompletableFuture<Response> busy = AsyncWrites.answer(() -> {
            throw new org.hsdba.api.BusyException("full", 1);
        }, r -> Response.ok().build(), e -> e);
        busy.whenComplete((r, e) -> { });
        assertTrue(busy.isCompletedExceptionally());
    }

    private static BandwidthTree tree() {
        try {
            return ConfigJson.treeFromJson(new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                    "{\"device\": \"pof:0000000000000001\", \"port\": 3, \"capacity\": \"10G\","
                    + " \"levels\": [{\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],"
                    + " \"nodes\": [{\"id\": \"A\", \"key\": \"10.1.0.1\", \"weight\": 1}]}"));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
