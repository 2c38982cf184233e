package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.hsdba.api.BusyException;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.Precondition;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.TreeEdit;
import org.hsdba.store.ForwardingHsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Test;

/** Operator writes beyond {@link HsdbaManager#MAX_OPERATOR_WRITES} queued or in progress are refused at once, not queued. */
public class ManagerBusyTest {

    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
    private final ExecutorService writers = Executors.newSingleThreadExecutor();

    @After
    public void stop() {
        writers.shutdownNow();
        scheduler.shutdownNow();
    }

    /** An in-memory store whose tree writes wait at a gate while it is closed. */
    private static final class GatedStore extends ForwardingHsdbaStore {
        volatile CountDownLatch gate = new CountDownLatch(0);

        GatedStore() {
            super(new InMemoryHsdbaStore(List.of(),
                    HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build()));
        }

        private void pass() {
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void putTree(BandwidthTree tree, long expectedVersion) {
            pass();
            inner.putTree(tree, expectedVersion);
        }

        @Override
        public Commit stageTree(BandwidthTree tree, long expectedVersion) {
            pass();
            return inner.stageTree(tree, expectedVersion);
        }
    }

    @Test
    public void aWriteBeyondTheBoundIsRefusedAsBusyAndTheOthersGoThrough() throws Exception {
        GatedStore store = new GatedStore();
        HsdbaManager manager = new HsdbaManager(store, new FakeSwitchService(), new FakeCompiler(), scheduler,
                new ManualTime(), Mastership.ALWAYS);
        manager.start();
        manager.putTree(Harness.labTree(), Precondition.NONE);
        store.gate = new CountDownLatch(1);
        List<Future<?>> held = new ArrayList<>();
        // One synchronous caller (its edit holds the writer at the gate), the rest queued.
        held.add(writers.submit(() -> manager.edit(Harness.PORT, TreeEdit.update(
                manager.tree(Harness.PORT).orElseThrow().get("alice").toBuilder().weight(2.0).build()),
                Precondition.NONE)));
        for (int i = 1; i < HsdbaManager.MAX_OPERATOR_WRITES; i++) {
            double weight = 1 + i % 5;
            held.add(manager.editAsync(Harness.PORT, TreeEdit.update(
                    manager.tree(Harness.PORT).orElseThrow().get("alice").toBuilder().weight(weight).build()),
                    Precondition.NONE));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (manager.operatorWritesInProgress() < HsdbaManager.MAX_OPERATOR_WRITES) {
            if (System.nanoTime() > deadline) {
                fail("writes in progress stayed at " + manager.operatorWritesInProgress());
            }
            Thread.sleep(5);
        }
        long before = manager.tree(Harness.PORT).orElseThrow().version();
        try {
            manager.edit(Harness.PORT, TreeEdit.deleteSubtree("office"), Precondition.NONE);
            fail("a write beyond the bound was accepted");
        } catch (BusyException e) {
            assertEquals(1, e.retryAfterSeconds());
            assertTrue(e.getMessage(), e.getMessage().contains("nothing was done"));
        }
        store.gate.countDown();
        for (Future<?> f : held) {
            f.get(60, TimeUnit.SECONDS);
        }
        BandwidthTree after = manager.tree(Harness.PORT).orElseThrow();
        assertEquals("every held write went through", before + HsdbaManager.MAX_OPERATOR_WRITES, after.version());
        assertTrue("the refused write changed nothing", after.contains("office"));
        assertEquals(0, manager.operatorWritesInProgress());
        manager.edit(Harness.PORT, TreeEdit.deleteSubtree("office"), Precondition.NONE); // room again
        manager.stop();
    }
}
