package org.hsdba.impl;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keyed serial scheduling: one lane per key (a device id; {@link #MANAGER} for the manager's own
 * work), each running its tasks one at a time in submission order, all lanes sharing one pool.
 * So a device's state is only ever touched by one thread at a time without a lock, while devices
 * go on in parallel: a lane stuck in a task (a slow store write, a blocked switch) holds one pool
 * thread and delays no other lane as long as the pool has another thread.
 *
 * <p>Fair: a lane runs at most {@link #BATCH} tasks, then goes to the back of the pool's queue
 * (a FIFO queue: the pools the manager is given are), so a lane with a deep backlog (a join
 * flood) takes turns with the others instead of holding the thread until it is empty.
 *
 * <p>Bounded where dropping is safe: {@link #offer} refuses a task when its lane already holds
 * {@code bound} tasks (join packet-ins, polling ticks: the caller counts the refusal and the
 * switch or the next tick repeats). {@link #execute} always queues: what goes there (a switch
 * ready or gone, a send or a reading completing, a tree change) is bounded by construction: one
 * send and one reading in flight per device, tree changes coalesced by the agent.
 *
 * <p>Inline where a hand-off costs more than the work (when the manager's caller asks for it:
 * {@code HsdbaManager.inlineJoins}, off by default): {@link #runInline} runs a task on the
 * calling thread (the adapter's event loop that read a join PACKET_IN or a confirmation) when its
 * lane is idle, the lane marked busy meanwhile so its order holds; tasks queued meanwhile go to
 * the pool as usual. Each wake-up of a pool thread costs 0.1-0.5 ms on a small VM against tens of
 * microseconds of work. What a lane may take of its caller's thread is bounded by a time budget
 * per lane ({@link #INLINE_BURST_NANOS}, refilled at {@link #INLINE_SHARE} of the wall clock), so
 * a switch flooding joins, or a store that blocks, falls back to the pool and the other switches
 * served by the same event loop keep most of it.
 */
final class Lanes {

    /** The lane of work that is not one device's (parameters, the polling timer). */
    static final String MANAGER = "";
    /** Tasks a lane runs before it lets the other lanes have the thread. */
    static final int BATCH = 32;

    /** Time a lane may run inline in one burst: a few joins, cold. */
    static final long INLINE_BURST_NANOS = 2_000_000;
    /** The share of the wall clock a lane's inline runs may take of its callers' threads, in the long run. */
    static final double INLINE_SHARE = 0.25;

    private static final Logger LOG = LoggerFactory.getLogger(Lanes.class);

    private final Executor pool;
    private final int bound;
    private final LongSupplier nanoClock;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();

    /**
     * @param pool  runs the lanes (a FIFO queue); its thread count is how many lanes can be stuck at once
     * @param bound most tasks {@link #offer} lets a lane hold
     */
    Lanes(Executor pool, int bound) {
        this(pool, bound, System::nanoTime);
    }

    /** @param nanoClock the monotonic clock the inline budget is kept by */
    Lanes(Executor pool, int bound, LongSupplier nanoClock) {
        if (bound < 1) {
            throw new IllegalArgumentException("lane bound " + bound + " must be at least 1");
        }
        this.pool = pool;
        this.bound = bound;
        this.nanoClock = nanoClock;
    }

    /** The lane of {@code key}, an executor running its tasks in order. */
    Executor lane(String key) {
        return lanes.computeIfAbsent(key, Lane::new);
    }

    /** Queues a task on {@code key}'s lane, always. */
    void execute(String key, Runnable task) {
        lanes.computeIfAbsent(key, Lane::new).execute(task);
    }

    /** Queues a task on {@code key}'s lane unless that lane holds {@code bound} tasks already: false then. */
    boolean offer(String key, Runnable task) {
        return lanes.computeIfAbsent(key, Lane::new).offer(task, bound);
    }

    /**
     * Runs {@code task} on the calling thread, as {@code key}'s lane, if that lane is idle (nothing
     * queued or running) and within its inline budget: true then (also if the task threw: it is
     * logged like a pooled task's failure). False, nothing run: the caller queues it instead.
     * The caller's thread must not hold what a lane task may wait for.
     */
    boolean runInline(String key, Runnable task) {
        return lanes.computeIfAbsent(key, Lane::new).runInline(task);
    }

    /** Tasks {@code key}'s lane ran inline, and the times it could not (busy, or over its budget). */
    long[] inlineCounts(String key) {
        Lane l = lanes.get(key);
        if (l == null) {
            return new long[3];
        }
        synchronized (l.queue) {
            return new long[] {l.inlineRuns, l.inlineBusy, l.inlineOverBudget};
        }
    }

    /** Tasks queued on {@code key}'s lane (not counting one running). */
    int backlog(String key) {
        Lane l = lanes.get(key);
        return l == null ? 0 : l.size();
    }

    private final class Lane implements Executor {
        private final String key;
        private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
        /**
         * True while a drain is queued on or running in the pool, or a task runs inline: at most
         * one runner per lane, hence serial.
         */
        private boolean scheduled;
        /** Inline time left (ns; negative after an overrun) as of {@link #creditAt}. Guarded by the queue. */
        private long credit = INLINE_BURST_NANOS;
        private long creditAt = nanoClock.getAsLong();
        private long inlineRuns;
        private long inlineBusy;
        private long inlineOverBudget;

        Lane(String key) {
            this.key = key;
        }

        boolean runInline(Runnable task) {
            long start = nanoClock.getAsLong();
            synchronized (queue) {
                if (scheduled) {
                    inlineBusy++;
                    return false;
                }
                credit = (long) Math.min(INLINE_BURST_NANOS, credit + (start - creditAt) * INLINE_SHARE);
                creditAt = start;
                if (credit <= 0) {
                    inlineOverBudget++;
                    return false;
                }
                scheduled = true;
                inlineRuns++;
            }
            try {
                run(task);
            } finally {
                long spent = nanoClock.getAsLong() - start;
                boolean more;
                synchronized (queue) {
                    credit -= spent;
                    more = !queue.isEmpty();
                    scheduled = more;
                }
                if (more) {
                    pool.execute(this::drain); // what came meanwhile, in order, as if it had been queued
                }
            }
            return true;
        }

        private void run(Runnable task) {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("hsdba task of {} failed", key.isEmpty() ? "the manager" : key, e);
            }
        }

        @Override
        public void execute(Runnable task) {
            offer(task, Integer.MAX_VALUE);
        }

        boolean offer(Runnable task, int limit) {
            synchronized (queue) {
                if (queue.size() >= limit) {
                    return false;
                }
                queue.addLast(task);
                if (scheduled) {
                    return true;
                }
                scheduled = true;
            }
            pool.execute(this::drain);
            return true;
        }

        int size() {
            synchronized (queue) {
                return queue.size();
            }
        }

        private void drain() {
            for (int i = 0; i < BATCH; i++) {
                Runnable next;
                synchronized (queue) {
                    next = queue.pollFirst();
                    if (next == null) {
                        scheduled = false;
                        return;
                    }
                }
                run(next);
            }
            // Batch done with work left: back of the pool's queue, behind the other lanes.
            synchronized (queue) {
                if (queue.isEmpty()) {
                    scheduled = false;
                    return;
                }
            }
            pool.execute(this::drain);
        }
    }
}
