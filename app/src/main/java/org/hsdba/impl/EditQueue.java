package org.hsdba.impl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.hsdba.api.EditResult;
import org.hsdba.api.Precondition;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;

/**
 * Operator edits waiting to be written, in arrival order, and the one thread that writes them:
 * it takes every edit queued so far as one batch and hands it to the writer, then the next batch.
 * Why: a burst of edits is admitted, staged and made durable once per batch rather than once per
 * edit (issue 17), and whoever submits does not hold a thread while its edit waits. The thread is
 * a daemon and ends after {@link #IDLE_SECONDS} without edits.
 */
final class EditQueue {

    static final long IDLE_SECONDS = 30;

    /** One submitted edit and the answer its submitter waits for. */
    static final class Queued {
        final PortRef port;
        final TreeEdit edit;
        final Precondition expected;
        final CompletableFuture<EditResult> answer = new CompletableFuture<>();
        private final java.util.concurrent.atomic.AtomicBoolean settled = new java.util.concurrent.atomic.AtomicBoolean();

        Queued(PortRef port, TreeEdit edit, Precondition expected) {
            this.port = Objects.requireNonNull(port, "port");
            this.edit = Objects.requireNonNull(edit, "edit");
            this.expected = Objects.requireNonNull(expected, "expected");
        }

        /** True the first time only: whoever answers the edit takes this. */
        boolean settle() {
            return settled.compareAndSet(false, true);
        }
    }

    private final Consumer<List<Queued>> writer;
    private final ThreadPoolExecutor thread;
    /** Guarded by itself, like {@link #draining}. */
    private final ArrayDeque<Queued> queue = new ArrayDeque<>();
    private boolean draining;
    private volatile Thread writing;

    /**
     * @param writer writes one batch (edits in arrival order) and completes every edit's answer;
     *               what it throws fails the edits of the batch it left unanswered
     */
    EditQueue(Consumer<List<Queued>> writer, String threadName) {
        this.writer = Objects.requireNonNull(writer, "writer");
        this.thread = new ThreadPoolExecutor(1, 1, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        thread.allowCoreThreadTimeOut(true);
    }

    /** Queues {@code q}; its answer completes once the batch it joins is written. */
    void submit(Queued q) {
        boolean start;
        synchronized (queue) {
            queue.addLast(q);
            start = !draining;
            draining = true;
        }
        if (start) {
            thread.execute(this::drain);
        }
    }

    /** Whether the calling thread is writing a batch (a synchronous edit from it would wait for itself). */
    boolean isWriterThread() {
        return Thread.currentThread() == writing;
    }

    private void drain() {
        writing = Thread.currentThread();
        try {
            while (true) {
                List<Queued> batch;
                synchronized (queue) {
                    if (queue.isEmpty()) {
                        draining = false;
                        return;
                    }
                    batch = new ArrayList<>(queue);
                    queue.clear();
                }
                try {
                    writer.accept(batch);
                } catch (RuntimeException | Error e) {
                    // Not one edit's refusal (those are answered one by one) but the batch's:
                    // none of it may be left waiting, and the edits queued behind it go on.
                    for (Queued q : batch) {
                        q.answer.completeExceptionally(e);
                    }
                }
            }
        } finally {
            writing = null;
        }
    }
}
