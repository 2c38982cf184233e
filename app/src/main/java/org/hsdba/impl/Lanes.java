package org.hsdba.impl;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

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
 */
final class Lanes {

    /** The lane of work that is not one device's (parameters, the polling timer). */
    static final String MANAGER = "";
    /** Tasks a lane runs before it lets the other lanes have the thread. */
    static final int BATCH = 32;

    private static final Logger LOG = LoggerFactory.getLogger(Lanes.class);

    private final Executor pool;
    private final int bound;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();

    /**
     * @param pool  runs the lanes (a FIFO queue); its thread count is how many lanes can be stuck at once
     * @param bound most tasks {@link #offer} lets a lane hold
     */
    Lanes(Executor pool, int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("lane bound " + bound + " must be at least 1");
        }
        this.pool = pool;
        this.bound = bound;
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

    /** Tasks queued on {@code key}'s lane (not counting one running). */
    int backlog(String key) {
        Lane l = lanes.get(key);
        return l == null ? 0 : l.size();
    }

    private final class Lane implements Executor {
        private final String key;
        private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
        /** True while a drain is queued on or running in the pool: at most one per lane, hence serial. */
        private boolean scheduled;

        Lane(String key) {
            this.key = key;
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
                try {
                    next.run();
                } catch (RuntimeException e) {
                    LOG.error("hsdba task of {} failed", key.isEmpty() ? "the manager" : key, e);
                }
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
