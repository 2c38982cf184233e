package org.hsdba.pof.server;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.hsdba.pof.codec.SessionMessages;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.CounterRequest;
import org.hsdba.pof.message.EchoReply;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.QueryAllFin;
import org.hsdba.pof.message.QueryAllRequest;
import org.hsdba.southbound.PofErrorException;
import org.junit.Test;

/** The xid bookkeeping alone: which answer completes or fails which operation. */
public class OutstandingTest {
    private static final Duration T = Duration.ofSeconds(1);
    private final Outstanding outstanding = new Outstanding();

    private static ErrorMessage error(long xid) {
        return ErrorMessage.of(xid, ErrorType.FLOW_MOD_FAILED, 1, 1, "POFFMFC_TABLE_FULL");
    }

    @Test
    public void aBatchCompletesOnItsRoundTripAndForgetsItsXids() {
        List<FlowMod> flows = SessionMessages.flows(FlowModCommand.ADD);
        CompletableFuture<Void> f = new CompletableFuture<>();
        outstanding.batch(flows, new long[] {10, 11, 12, 13, 14, 15}, 16, f, Long.MAX_VALUE, T);
        assertEquals(7, outstanding.pendingXids());
        assertFalse(outstanding.reply(new EchoReply(15)));
        assertFalse(f.isDone());
        assertTrue(outstanding.reply(new EchoReply(16)));
        assertTrue(f.isDone() && !f.isCompletedExceptionally());
        assertEquals(0, outstanding.pendingXids());
    }

    @Test
    public void aFailedBatchStillMapsLaterErrorsUntilItsRoundTrip() {
        List<FlowMod> flows = SessionMessages.flows(FlowModCommand.ADD);
        CompletableFuture<Void> f = new CompletableFuture<>();
        outstanding.batch(flows, new long[] {10, 11, 12, 13, 14, 15}, 16, f, Long.MAX_VALUE, T);
        assertSame(flows.get(2), outstanding.error(error(12)));
        PofErrorException e = (PofErrorException) cause(f);
        assertSame(flows.get(2), e.request());
        assertSame(flows.get(4), outstanding.error(error(14)));
        assertSame(flows.get(2), ((PofErrorException) cause(f)).request());
        outstanding.reply(new EchoReply(16));
        assertNull(outstanding.error(error(15)));
    }

    @Test
    public void requestsQueriesAndTimeouts() {
        CompletableFuture<PofMessage> counter = new CompletableFuture<>();
        CompletableFuture<List<PofMessage>> dump = new CompletableFuture<>();
        CompletableFuture<PofMessage> late = new CompletableFuture<>();
        outstanding.request(1, CounterRequest.of(0, 1), counter, Long.MAX_VALUE, T);
        outstanding.queryAll(2, new QueryAllRequest(0), dump, Long.MAX_VALUE, T);
        outstanding.request(3, CounterRequest.of(0, 2), late, 500, T);

        assertTrue(outstanding.reply(CounterReply.of(2, 5, 1, 60)));
        assertTrue(outstanding.reply(CounterReply.of(1, 1, 2, 120)));
        assertEquals(CounterReply.of(1, 1, 2, 120), counter.join());
        assertTrue(outstanding.reply(new QueryAllFin(2)));
        assertEquals(List.of(CounterReply.of(2, 5, 1, 60)), dump.join());

        outstanding.expire(499);
        assertFalse(late.isDone());
        outstanding.expire(500);
        assertTrue(cause(late) instanceof TimeoutException);
        assertEquals(0, outstanding.pendingXids());
    }

    @Test
    public void failAllFailsEverything() {
        CompletableFuture<PofMessage> a = new CompletableFuture<>();
        CompletableFuture<Void> b = new CompletableFuture<>();
        outstanding.request(1, CounterRequest.of(0, 1), a, Long.MAX_VALUE, T);
        outstanding.batch(SessionMessages.flows(0), new long[] {2, 3, 4, 5, 6, 7}, 8, b, Long.MAX_VALUE, T);
        IllegalStateException gone = new IllegalStateException("gone");
        outstanding.failAll(gone);
        assertSame(gone, cause(a));
        assertSame(gone, cause(b));
        assertEquals(0, outstanding.pendingXids());
    }

    private static Throwable cause(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            return e.getCause();
        }
        throw new AssertionError("future did not fail");
    }
}
