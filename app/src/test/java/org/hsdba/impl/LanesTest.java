package org.hsdba.impl;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.After;
import org.junit.Test;

/** Per-key order, isolation of a stuck lane, fair turns between lanes, the bound of droppable work. */
public class LanesTest {

    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    private final ExecutorService twoThreads = Executors.newFixedThreadPool(2);

    @After
    public void stopPools() {
        pool.shutdownNow();
        twoThreads.shutdownNow();
    }

    /** A pool that runs nothing until told: the order lanes get the thread in, step by step. */
    private static final class ManualPool implements java.util.concurrent.Executor {
        final ArrayDeque<Runnable> queue = new ArrayDeque<>();

        @Override
        public void execute(Runnable r) {
            queue.addLast(r);
        }

        void runAll() {
            for (Runnable r = queue.pollFirst(); r != null; r = queue.pollFirst()) {
                r.run();
            }
        }
    }

    @Test
    public void eachKeysTasksRunInOrderOneAtATime() throws Exception {
        Lanes lanes = new Lanes(pool, Integer.MAX_VALUE);
        int perKey = 5000;
        String[] keys = {"pof:1", "pof:2", "pof:3"};
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> inside = new ConcurrentHashMap<>();
        AtomicBoolean overlapped = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(keys.length * perKey);
        for (String k : keys) {
            seen.put(k, new ArrayList<>());
            inside.put(k, new AtomicInteger());
        }
        for (int i = 0; i < perKey; i++) {
            for (String k : keys) {
                int n = i;
                lanes.execute(k, () -> {
                    if (inside.get(k).incrementAndGet() != 1) {
                        overlapped.set(true);
                    }
                    seen.get(k).add(n); // unsynchronized on purpose: the lane is the only writer
                    inside.get(k).decrementAndGet();
                    done.countDown();
                });
            }
        }
        assertTrue("tasks did not finish", done.await(60, TimeUnit.SECONDS));
        assertFalse("two tasks of one key ran at once", overlapped.get());
        for (String k : keys) {
            List<Integer> got = seen.get(k);
            assertEquals(perKey, got.size());
            for (int i = 0; i < perKey; i++) {
                assertEquals("task " + i + " of " + k, Integer.valueOf(i), got.get(i));
            }
        }
    }

    @Test
    public void aStuckLaneDoesNotDelayAnother() throws Exception {
        Lanes lanes = new Lanes(twoThreads, Integer.MAX_VALUE);
        CountDownLatch stuckRunning = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean secondOfStuckRan = new AtomicBoolean();
        lanes.execute("pof:1", () -> {
            stuckRunning.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        lanes.execute("pof:1", () -> secondOfStuckRan.set(true));
        assertTrue(stuckRunning.await(30, TimeUnit.SECONDS));
        CountDownLatch otherDone = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            lanes.execute("pof:2", otherDone::countDown);
        }
        // Completes only if the other lane runs while pof:1 is stuck (the latch is still closed).
        assertTrue("pof:2 waited for the stuck pof:1", otherDone.await(30, TimeUnit.SECONDS));
        assertFalse("pof:1's next task ran before its stuck one finished", secondOfStuckRan.get());
        release.countDown();
    }

    @Test
    public void aDeepBacklogTakesTurnsWithOtherLanes() {
        ManualPool manual = new ManualPool();
        Lanes lanes = new Lanes(manual, Integer.MAX_VALUE);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 10 * Lanes.BATCH; i++) {
            lanes.execute("flood", () -> order.add("flood"));
        }
        lanes.execute("quiet", () -> order.add("quiet"));
        manual.runAll();
        assertEquals(10 * Lanes.BATCH + 1, order.size());
        // The quiet lane's one task runs after the flood's first batch, not after all of it.
        assertEquals(Lanes.BATCH, order.indexOf("quiet"));
    }

    @Test
    public void offerRefusesBeyondTheBoundAndExecuteAlwaysQueues() {
        ManualPool manual = new ManualPool();
        Lanes lanes = new Lanes(manual, 3);
        AtomicInteger ran = new AtomicInteger();
        assertTrue(lanes.offer("pof:1", ran::incrementAndGet));
        assertTrue(lanes.offer("pof:1", ran::incrementAndGet));
        assertTrue(lanes.offer("pof:1", ran::incrementAndGet));
        assertFalse("a fourth droppable task is refused", lanes.offer("pof:1", ran::incrementAndGet));
        assertTrue("another lane has its own bound", lanes.offer("pof:2", ran::incrementAndGet));
        lanes.execute("pof:1", ran::incrementAndGet);
        assertEquals(4, lanes.backlog("pof:1"));
        manual.runAll();
        assertEquals(5, ran.get());
        assertEquals(0, lanes.backlog("pof:1"));
        assertTrue("room again once drained", lanes.offer("pof:1", ran::incrementAndGet));
    }

    /** A clock that never moves: inline tasks cost no budget, whatever the machine's load (the budget has its own test). */
    private static final java.util.function.LongSupplier FROZEN = () -> 0L;

    @Test
    public void aFailingTaskDoesNotStopTheLane() {
        ManualPool manual = new ManualPool();
        Lanes lanes = new Lanes(manual, 10);
        List<String> order = new ArrayList<>();
        lanes.execute("pof:1", () -> {
            throw new IllegalStateException("test: a task that fails");
        });
        lanes.execute("pof:1", () -> order.add("after"));
        manual.runAll();
        assertEquals(List.of("after"), order);
    }

    @Test
    public void anIdleLaneRunsATaskInlineOnTheCallersThread() {
        ManualPool manual = new ManualPool();
        Lanes lanes = new Lanes(manual, 10, FROZEN);
        List<Thread> ranOn = new ArrayList<>();
        assertTrue(lanes.runInline("pof:1", () -> ranOn.add(Thread.currentThread())));
        assertEquals(List.of(Thread.currentThread()), ranOn);
        assertTrue("nothing handed to the pool", manual.queue.isEmpty());
        assertArrayEquals(new long[] {1, 0, 0}, lanes.inlineCounts("pof:1"));
    }

    @Test
    public void aLaneWithWorkQueuedOrRunningDoesNotRunInline() {
        ManualPool manual = new ManualPool();
        Lanes lanes = new Lanes(manual, 10, FROZEN);
        List<String> order = new ArrayList<>();
        lanes.execute("pof:1", () -> order.add("queued"));
        assertFalse("queued work first", lanes.runInline("pof:1", () -> order.add("inline")));
        assertTrue("another lane is idle", lanes.runInline("pof:2", () -> order.add("other")));
        manual.runAll();
        assertEquals(List.of("other", "queued"), order);
        // Running inline already: a nested attempt (a completion on the same thread) queues.
        assertTrue(lanes.runInline("pof:1", () -> {
            order.add("outer");
            assertFalse(lanes.runInline("pof:1", () -> order.add("nested")));
            lanes.execute("pof:1", () -> order.add("nested"));
        }));
        assertEquals("nothing queued meanwhile ran during the inline task", List.of("other", "queued", "outer"), order);
        manual.runAll();
        assertEquals(List.of("other", "queued", "outer", "nested"), order);
        assertArrayEquals(new long[] {1, 2, 0}, lanes.inlineCounts("pof:1"));
    }

    @Test
    public void tasksQueuedDuringAnInlineRunFollowItInOrderEvenIfItFails() {
        ManualPool manual = new ManualPool();
        Lanes lanes = new Lanes(manual, 10, FROZEN);
        List<String> order = new ArrayList<>();
        assertTrue(lanes.runInline("pof:1", () -> {
            lanes.execute("pof:1", () -> order.add("a"));
            lanes.execute("pof:1", () -> order.add("b"));
            throw new IllegalStateException("test: an inline task that fails");
        }));
        assertEquals("queued, for the pool", 2, lanes.backlog("pof:1"));
        assertEquals(1, manual.queue.size());
        lanes.execute("pof:1", () -> order.add("c"));
        assertFalse("still busy with what came meanwhile", lanes.runInline("pof:1", () -> order.add("x")));
        manual.runAll();
        assertEquals(List.of("a", "b", "c"), order);
        assertTrue("idle again", lanes.runInline("pof:1", () -> order.add("d")));
        assertEquals(List.of("a", "b", "c", "d"), order);
    }

    @Test
    public void anInlineOverrunSpendsTheBudgetWhichRefillsWithTime() {
        ManualPool manual = new ManualPool();
        long[] now = {1_000_000_000L};
        Lanes lanes = new Lanes(manual, 10, () -> now[0]);
        long overrun = 3 * Lanes.INLINE_BURST_NANOS; // a store that blocked, say
        assertTrue(lanes.runInline("pof:1", () -> now[0] += overrun));
        List<String> order = new ArrayList<>();
        assertFalse("over its budget", lanes.runInline("pof:1", () -> order.add("refused")));
        assertTrue("another lane's budget is its own", lanes.runInline("pof:2", () -> order.add("other")));
        // The debt (overrun - burst) is paid back at INLINE_SHARE of the wall clock since the
        // overrun started (its own time included: the lane takes at most that share in the long run).
        now[0] += (long) ((overrun - Lanes.INLINE_BURST_NANOS) / Lanes.INLINE_SHARE) - overrun - 1_000;
        assertFalse("not yet", lanes.runInline("pof:1", () -> order.add("refused")));
        now[0] += 10_000;
        assertTrue(lanes.runInline("pof:1", () -> order.add("inline again")));
        assertEquals(List.of("other", "inline again"), order);
        assertTrue(manual.queue.isEmpty());
        assertArrayEquals(new long[] {2, 0, 2}, lanes.inlineCounts("pof:1"));
    }

    /**
     * An adapter thread that runs its tasks inline whenever the lane is idle (else queues them),
     * racing a thread that queues its tasks on the same lane: never two tasks at once, and each
     * thread's tasks in the order it handed them over.
     */
    @Test
    public void inlineAndQueuedTasksRacingKeepTheLaneSerialAndInOrder() throws Exception {
        Lanes lanes = new Lanes(pool, Integer.MAX_VALUE);
        int perThread = 20_000;
        List<Integer> adapterSeen = new ArrayList<>();
        List<Integer> queuedSeen = new ArrayList<>();
        AtomicInteger inside = new AtomicInteger();
        AtomicBoolean overlapped = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(2 * perThread);
        AtomicInteger inlineRuns = new AtomicInteger();
        java.util.function.BiFunction<List<Integer>, Integer, Runnable> task = (seen, n) -> () -> {
            if (inside.incrementAndGet() != 1) {
                overlapped.set(true);
            }
            seen.add(n); // unsynchronized on purpose: the lane is the only writer
            inside.decrementAndGet();
            done.countDown();
        };
        // The lane is idle at first: the adapter's first task runs inline, before the race starts.
        assertTrue(lanes.runInline("pof:1", task.apply(adapterSeen, 0)));
        inlineRuns.incrementAndGet();
        CountDownLatch go = new CountDownLatch(1);
        Thread adapter = new Thread(() -> {
            awaitQuietly(go);
            for (int i = 1; i < perThread; i++) {
                Runnable t = task.apply(adapterSeen, i);
                if (lanes.runInline("pof:1", t)) {
                    inlineRuns.incrementAndGet();
                } else {
                    lanes.execute("pof:1", t);
                }
            }
        }, "adapter");
        Thread other = new Thread(() -> {
            awaitQuietly(go);
            for (int i = 0; i < perThread; i++) {
                lanes.execute("pof:1", task.apply(queuedSeen, i));
            }
        }, "other");
        adapter.start();
        other.start();
        go.countDown();
        adapter.join(60_000);
        other.join(60_000);
        assertTrue("tasks did not finish", done.await(60, TimeUnit.SECONDS));
        assertFalse("two tasks of one lane ran at once", overlapped.get());
        for (int i = 0; i < perThread; i++) {
            assertEquals("adapter task " + i, Integer.valueOf(i), adapterSeen.get(i));
            assertEquals("queued task " + i, Integer.valueOf(i), queuedSeen.get(i));
        }
        long[] counts = lanes.inlineCounts("pof:1");
        assertEquals(inlineRuns.get(), counts[0]);
        System.out.printf("race: %d of the adapter's %d tasks ran inline, %d found the lane busy, %d over budget%n",
                counts[0], perThread, counts[1], counts[2]);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test(expected = IllegalArgumentException.class)
    public void aBoundBelowOneIsRefused() {
        new Lanes(pool, 0);
    }
}
