package org.hsdba.pof.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.LongConsumer;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofErrorException;

/**
 * What one session still waits for, by xid: single requests, QUERYALL dumps and confirmed
 * batches. It maps every ERROR and reply to the operation that caused it and completes that
 * operation's future. Not thread-safe: a session uses it on its event loop only, so futures
 * complete on that thread.
 *
 * <p>A batch stays registered until its confirmation round trip returns (or it times out) even if
 * one of its messages already failed it, so later ERRORs for its other messages are still mapped
 * to the message that caused them.
 */
final class Outstanding {
    private final Map<Long, Slot> byXid = new HashMap<>();
    private final Set<Op> ops = new LinkedHashSet<>();

    /** A request answered by one reply with its xid. */
    void request(long xid, PofMessage request, CompletableFuture<PofMessage> future, long deadlineNanos,
                 Duration timeout) {
        add(new RequestOp(xid, request, future, deadlineNanos, timeout), xid, -1);
    }

    /** A QUERYALL_REQUEST: collects everything with its xid up to QUERYALL_FIN. */
    void queryAll(long xid, PofMessage request, CompletableFuture<List<PofMessage>> future, long deadlineNanos,
                  Duration timeout) {
        add(new QueryAllOp(xid, request, future, deadlineNanos, timeout), xid, -1);
    }

    /**
     * Messages sent with {@code xids} (same order), followed by a round-trip request with
     * {@code barrierXid}; the future completes when that request's reply arrives and none of the
     * messages drew an ERROR before it.
     */
    void batch(List<? extends PofMessage> messages, long[] xids, long barrierXid, CompletableFuture<Void> future,
               long deadlineNanos, Duration timeout) {
        BatchOp op = new BatchOp(messages, xids, barrierXid, future, deadlineNanos, timeout);
        for (int i = 0; i < xids.length; i++) {
            add(op, xids[i], i);
        }
        add(op, barrierXid, -1);
    }

    /** Number of xids waited for (for tests and diagnostics). */
    int pendingXids() {
        return byXid.size();
    }

    /**
     * Offers a non-ERROR message from the switch; returns true if it answered an outstanding
     * operation (and must not be reported as unsolicited).
     */
    boolean reply(PofMessage message) {
        Slot slot = byXid.get(message.xid());
        return slot != null && slot.op.reply(this, slot.index, message);
    }

    /**
     * Offers an ERROR; fails the operation its xid names and returns the message that caused it,
     * or null if the xid names no outstanding message.
     */
    PofMessage error(ErrorMessage error) {
        Slot slot = byXid.get(error.xid());
        return slot == null ? null : slot.op.error(this, slot.index, error);
    }

    /** Fails every operation whose deadline has passed. */
    void expire(long nowNanos) {
        List<Op> late = new ArrayList<>();
        for (Op op : ops) {
            if (nowNanos - op.deadline >= 0) {
                late.add(op);
            }
        }
        for (Op op : late) {
            remove(op);
            op.fail(new TimeoutException(op.describe() + " got no answer within " + op.timeout.toMillis() + " ms"));
        }
    }

    /** Fails everything (the session ended). */
    void failAll(Throwable cause) {
        List<Op> all = new ArrayList<>(ops);
        byXid.clear();
        ops.clear();
        for (Op op : all) {
            op.fail(cause);
        }
    }

    private void add(Op op, long xid, int index) {
        // xids repeat only after 2^31 messages of one session; a stale holder would just time out
        byXid.put(xid, new Slot(op, index));
        ops.add(op);
    }

    private void remove(Op op) {
        if (ops.remove(op)) {
            op.forEachXid(x -> {
                Slot s = byXid.get(x);
                if (s != null && s.op == op) {
                    byXid.remove(x);
                }
            });
        }
    }

    static String describe(PofMessage m, long xid) {
        return SwitchMessageTypes.name(m.type()) + " (xid 0x" + Long.toHexString(xid) + ")";
    }

    static String describe(ErrorMessage e) {
        return "ERROR type " + e.errorType() + " code " + e.code() + " \"" + e.errorString() + "\"";
    }

    private static final class Slot {
        final Op op;
        final int index;

        Slot(Op op, int index) {
            this.op = op;
            this.index = index;
        }
    }

    private abstract static class Op {
        final long deadline;
        final Duration timeout;

        Op(long deadline, Duration timeout) {
            this.deadline = deadline;
            this.timeout = timeout;
        }

        abstract boolean reply(Outstanding owner, int index, PofMessage message);

        abstract PofMessage error(Outstanding owner, int index, ErrorMessage error);

        abstract void fail(Throwable cause);

        abstract String describe();

        abstract void forEachXid(LongConsumer action);
    }

    /** One request under one xid whose future an ERROR for that xid fails. */
    private abstract static class SingleOp<T> extends Op {
        final long xid;
        final PofMessage request;
        final CompletableFuture<T> future;

        SingleOp(long xid, PofMessage request, CompletableFuture<T> future, long deadline, Duration timeout) {
            super(deadline, timeout);
            this.xid = xid;
            this.request = request;
            this.future = future;
        }

        @Override
        final PofMessage error(Outstanding owner, int index, ErrorMessage error) {
            owner.remove(this);
            future.completeExceptionally(new PofErrorException(describe() + " failed: " + Outstanding.describe(error),
                    error, request));
            return request;
        }

        @Override
        final void fail(Throwable cause) {
            future.completeExceptionally(cause);
        }

        @Override
        String describe() {
            return Outstanding.describe(request, xid);
        }

        @Override
        final void forEachXid(LongConsumer action) {
            action.accept(xid);
        }
    }

    private static final class RequestOp extends SingleOp<PofMessage> {
        RequestOp(long xid, PofMessage request, CompletableFuture<PofMessage> future, long deadline, Duration timeout) {
            super(xid, request, future, deadline, timeout);
        }

        @Override
        boolean reply(Outstanding owner, int index, PofMessage message) {
            owner.remove(this);
            future.complete(message);
            return true;
        }
    }

    private static final class QueryAllOp extends SingleOp<List<PofMessage>> {
        final List<PofMessage> collected = new ArrayList<>();

        QueryAllOp(long xid, PofMessage request, CompletableFuture<List<PofMessage>> future, long deadline,
                   Duration timeout) {
            super(xid, request, future, deadline, timeout);
        }

        @Override
        boolean reply(Outstanding owner, int index, PofMessage message) {
            if (message.type() == MessageType.QUERYALL_FIN) {
                owner.remove(this);
                future.complete(List.copyOf(collected));
            } else {
                collected.add(message);
            }
            return true;
        }

        @Override
        String describe() {
            return super.describe() + " after " + collected.size() + " answers";
        }
    }

    private static final class BatchOp extends Op {
        final List<? extends PofMessage> messages;
        final long[] xids;
        final long barrierXid;
        final CompletableFuture<Void> future;

        BatchOp(List<? extends PofMessage> messages, long[] xids, long barrierXid, CompletableFuture<Void> future,
                long deadline, Duration timeout) {
            super(deadline, timeout);
            this.messages = messages;
            this.xids = xids;
            this.barrierXid = barrierXid;
            this.future = future;
        }

        @Override
        boolean reply(Outstanding owner, int index, PofMessage message) {
            if (index >= 0) {
                return false; // a reply to a request sent inside a batch: the batch does not want it
            }
            owner.remove(this);
            future.complete(null);
            return true;
        }

        @Override
        PofMessage error(Outstanding owner, int index, ErrorMessage error) {
            if (index < 0) {
                owner.remove(this);
                future.completeExceptionally(new PofErrorException("the confirmation round trip after "
                        + messages.size() + " messages was refused: " + Outstanding.describe(error), error, null));
                return null;
            }
            PofMessage cause = messages.get(index);
            future.completeExceptionally(new PofErrorException("message " + (index + 1) + " of " + messages.size()
                    + ", " + Outstanding.describe(cause, xids[index]) + ", failed: " + Outstanding.describe(error),
                    error, cause));
            return cause;
        }

        @Override
        void fail(Throwable cause) {
            future.completeExceptionally(cause);
        }

        @Override
        String describe() {
            return "confirmation of " + messages.size() + " messages (round trip xid 0x"
                    + Long.toHexString(barrierXid) + ")";
        }

        @Override
        void forEachXid(LongConsumer action) {
            for (long x : xids) {
                action.accept(x);
            }
            action.accept(barrierXid);
        }
    }
}
