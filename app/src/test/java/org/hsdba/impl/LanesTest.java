package org.hsdba.impl;

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

    @Test(expected = IllegalArgumentException.class)
    public void aBoundBelowOneIsRefused() {
        new Lanes(pool, 0);
    }
}
