package org.hsdba.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.junit.After;
import org.junit.Test;

/**
 * Group commit in {@link SnapshotStore}: writes staged while a persist runs are made durable
 * together by the next one; readers see durable content only; a failed persist fails every write
 * staged on it.
 */
public class GroupCommitTest {

    private final ExecutorService writers = Executors.newFixedThreadPool(16);

    @After
    public void stop() {
        writers.shutdownNow();
    }

    /** A store whose persists are counted and can be held (the first one, while armed) or made to fail. */
    private static final class HeldStore extends SnapshotStore {
        final AtomicInteger persists = new AtomicInteger();
        final List<Integer> treesPerPersist = new ArrayList<>();
        final CountDownLatch inFirstPersist = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile RuntimeException failNext;

        HeldStore() {
            super(List.of(), HsdbaParameters.DEFAULTS);
        }

        @Override
        void persist(List<BandwidthTree> trees, HsdbaParameters parameters) {
            int n = persists.incrementAndGet();
            synchronized (treesPerPersist) {
                treesPerPersist.add(trees.size());
            }
            if (n == 1) {
                inFirstPersist.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            RuntimeException f = failNext;
            if (f != null) {
                failNext = null;
                throw f;
            }
        }
    }

    private static PortRef port(int i) {
        return PortRef.of("pof:0000000000000001", i);
    }

    @Test
    public void writesStagedDuringAPersistShareTheNextOne() throws Exception {
        HeldStore store = new HeldStore();
        List<String> told = new ArrayList<>();
        store.addListener(new HsdbaStoreListener() {
            @Override
            public void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
                told.add(port.port() + "");
            }

            @Override
            public void parametersChanged(HsdbaParameters parameters) {
            }
        });
        Future<?> first = writers.submit(() -> store.putTree(StoreTrees.tree(port(1), 1, 1), 0));
        assertTrue(store.inFirstPersist.await(30, TimeUnit.SECONDS));
        // While the first persist is held: 10 more writes are staged, in this order.
        List<HsdbaStore.Commit> commits = new ArrayList<>();
        for (int i = 2; i <= 11; i++) {
            commits.add(store.stageTree(StoreTrees.tree(port(i), 1, 1), 0));
        }
        assertEquals("staged writes are what the next write builds on", 11, store.latestTrees().size());
        assertTrue("readers see only durable content", store.trees().isEmpty());
        List<Future<?>> waits = new ArrayList<>();
        for (HsdbaStore.Commit c : commits) {
            waits.add(writers.submit(c::await));
        }
        store.release.countDown();
        first.get(30, TimeUnit.SECONDS);
        for (Future<?> w : waits) {
            w.get(30, TimeUnit.SECONDS);
        }
        assertEquals("one persist for the first write, one for the ten staged behind it", 2, store.persists.get());
        assertEquals(List.of(1, 11), store.treesPerPersist);
        assertEquals(11, store.trees().size());
        assertEquals("listeners told in staging order", List.of("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"),
                told);
    }

    @Test
    public void manyConcurrentWritersNeedFewerPersistsThanWrites() throws Exception {
        HeldStore store = new HeldStore();
        store.release.countDown(); // nothing held: real contention only
        int n = 400;
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> all = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            int p = i;
            all.add(writers.submit(() -> {
                start.await();
                store.putTree(StoreTrees.tree(port(p), 1, 1), 0);
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : all) {
            f.get(60, TimeUnit.SECONDS);
        }
        assertEquals(n, store.trees().size());
        assertTrue("persists " + store.persists.get() + " for " + n + " writes", store.persists.get() <= n);
        // Every persist wrote at least what the one before it did: content only grows, in order.
        for (int i = 1; i < store.treesPerPersist.size(); i++) {
            assertTrue(store.treesPerPersist.get(i) >= store.treesPerPersist.get(i - 1));
        }
    }

    @Test
    public void aFailedPersistFailsEveryWriteStagedOnItAndKeepsTheDurableContent() throws Exception {
        HeldStore store = new HeldStore();
        store.release.countDown();
        store.putTree(StoreTrees.tree(port(1), 1, 1), 0);
        store.failNext = new IllegalStateException("test: disk full");
        HsdbaStore.Commit a = store.stageTree(StoreTrees.tree(port(1), 2, 2), 1);
        HsdbaStore.Commit b = store.stageTree(StoreTrees.tree(port(2), 1, 1), 0);
        for (HsdbaStore.Commit c : List.of(a, b)) {
            try {
                c.await();
                fail("a write in a failed persist returned");
            } catch (IllegalStateException e) {
                assertEquals("test: disk full", e.getMessage());
            }
        }
        assertEquals("durable content kept", 1, store.trees().size());
        assertEquals(1, store.tree(port(1)).orElseThrow().version());
        assertFalse("staged content went back to the durable one", store.latestTree(port(2)).isPresent());
        store.putTree(StoreTrees.tree(port(1), 3, 2), 1); // the next write builds on the durable version
        assertEquals(2, store.tree(port(1)).orElseThrow().version());
    }

    @Test
    public void anAwaitedCommitIsDoneForGood() {
        HeldStore store = new HeldStore();
        store.release.countDown();
        HsdbaStore.Commit c = store.stageTree(StoreTrees.tree(port(1), 1, 1), 0);
        c.await();
        int persists = store.persists.get();
        c.await();
        assertEquals("awaiting again persists nothing", persists, store.persists.get());
        assertSame(store.tree(port(1)).orElseThrow(), store.latestTree(port(1)).orElseThrow());
    }
}
