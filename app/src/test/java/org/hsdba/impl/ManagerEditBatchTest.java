package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hsdba.api.EditResult;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.Precondition;
import org.hsdba.api.TreeTag;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.hsdba.store.ForwardingHsdbaStore;
import org.hsdba.store.HsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Test;

/**
 * Edits queued while the writer is busy are written as one batch: one staged write (one persist)
 * for all of them, and each still checked, admitted and answered on its own, with its own version.
 */
public class ManagerEditBatchTest {

    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);

    @After
    public void stop() {
        scheduler.shutdownNow();
    }

    /** An in-memory store counting tree writes, whose writes wait at a gate while it is closed. */
    private static final class CountingStore extends ForwardingHsdbaStore {
        volatile CountDownLatch gate = new CountDownLatch(0);
        /** Counted down when a write reaches the gate. */
        volatile CountDownLatch arrived = new CountDownLatch(1);
        final AtomicInteger staged = new AtomicInteger();

        CountingStore() {
            super(new InMemoryHsdbaStore(List.of(),
                    HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build()));
        }

        @Override
        public Commit stageTree(BandwidthTree tree, long expectedVersion) {
            arrived.countDown();
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            staged.incrementAndGet();
            return inner.stageTree(tree, expectedVersion);
        }
    }

    /** Closes the store's gate and submits an edit that takes the writer; returns once the writer waits at the gate. */
    private static CompletableFuture<EditResult> firstEditHeldAtTheStore(HsdbaManager manager, CountingStore store,
                                                                         BandwidthTree start) throws InterruptedException {
        store.arrived = new CountDownLatch(1);
        store.gate = new CountDownLatch(1);
        CompletableFuture<EditResult> first = manager.editAsync(Harness.PORT, weightOf(start, "office", 2),
                Precondition.ANY_TREE);
        assertTrue("the first edit did not reach the store", store.arrived.await(60, TimeUnit.SECONDS));
        return first;
    }

    private static TreeEdit weightOf(BandwidthTree tree, String node, double weight) {
        return TreeEdit.update(tree.get(node).toBuilder().weight(weight).build());
    }

    private static Throwable failureOf(CompletableFuture<EditResult> f) throws Exception {
        try {
            f.get(60, TimeUnit.SECONDS);
            fail("the edit was accepted");
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    @Test
    public void queuedEditsAreStagedOnceAndAnsweredEachWithItsOwnVersion() throws Exception {
        CountingStore store = new CountingStore();
        HsdbaManager manager = new HsdbaManager(store, new FakeSwitchService(), new FakeCompiler(), scheduler,
                new ManualTime(), Mastership.ALWAYS);
        manager.start();
        BandwidthTree start = manager.putTree(Harness.labTree(), Precondition.NONE);
        TreeTag startTag = TreeTag.of(start);
        // The first edit takes the writer and waits at the gate; the others queue behind it.
        CompletableFuture<EditResult> first = firstEditHeldAtTheStore(manager, store, start);
        CompletableFuture<EditResult> alice3 = manager.editAsync(Harness.PORT, weightOf(start, "alice", 3),
                Precondition.ANY_TREE);
        // Based on the tree before the batch: that tree is gone once the first edit is written.
        CompletableFuture<EditResult> stale = manager.editAsync(Harness.PORT, weightOf(start, "lab", 4),
                Precondition.of(startTag));
        CompletableFuture<EditResult> missing = manager.editAsync(Harness.PORT, TreeEdit.deleteSubtree("nobody"),
                Precondition.ANY_TREE);
        CompletableFuture<EditResult> invalid = manager.editAsync(Harness.PORT, TreeEdit.update(
                start.get("alice").toBuilder().parent("nobody").build()), Precondition.ANY_TREE);
        CompletableFuture<EditResult> deleteOffice = manager.editAsync(Harness.PORT,
                TreeEdit.deleteSubtree("office"), Precondition.ANY_TREE);
        CompletableFuture<EditResult> alice5 = manager.editAsync(Harness.PORT, weightOf(start, "alice", 5),
                Precondition.ANY_TREE);
        assertEquals(6, manager.operatorWritesInProgress() - 1);
        int stagedBefore = store.staged.get();
        store.gate.countDown();

        EditResult r1 = first.get(60, TimeUnit.SECONDS);
        assertEquals(start.version() + 1, r1.tree().version());
        // The queued edits: one batch, one staged write.
        EditResult r3 = alice3.get(60, TimeUnit.SECONDS);
        EditResult rDelete = deleteOffice.get(60, TimeUnit.SECONDS);
        EditResult r5 = alice5.get(60, TimeUnit.SECONDS);
        assertTrue(failureOf(stale) instanceof VersionConflictException);
        assertTrue(failureOf(missing) instanceof NotFoundException);
        assertTrue(failureOf(invalid) instanceof InvalidTreeException);
        assertEquals("the first edit and the batch behind it: two staged writes", stagedBefore + 2,
                store.staged.get());

        // Each accepted edit has its own version and tree, in order; the refused ones took none.
        assertEquals(start.version() + 2, r3.tree().version());
        assertEquals(start.version() + 3, rDelete.tree().version());
        assertEquals(start.version() + 4, r5.tree().version());
        assertEquals(3.0, r3.tree().get("alice").weight().getAsDouble(), 0);
        assertTrue("the answer of the 2nd edit shows the tree before the 3rd", r3.tree().contains("office"));
        assertEquals(List.of("office"), rDelete.removedNodes());
        assertFalse(rDelete.tree().contains("office"));
        assertEquals(5.0, r5.tree().get("alice").weight().getAsDouble(), 0);
        assertEquals(r5.tree().operatorVersion(), rDelete.tree().operatorVersion() + 1);
        assertTrue(r5.resolved().isPresent());

        BandwidthTree stored = manager.tree(Harness.PORT).orElseThrow();
        assertEquals(r5.tree(), stored);
        assertFalse("the refused edit changed nothing", stored.get("lab").weight().equals(java.util.OptionalDouble.of(4.0)));
        assertEquals("each accepted edit is a step of its own to undo", 4,
                manager.operatorHistory(Harness.PORT).undo().size());
        assertEquals(0, manager.operatorWritesInProgress());

        // A client that saw an answer's tag can write on it: the tag of the last answer matches.
        EditResult next = manager.edit(Harness.PORT, weightOf(stored, "alice", 7),
                Precondition.of(TreeTag.of(r5.tree())));
        assertEquals(r5.tree().version() + 1, next.tree().version());
        manager.stop();
    }

    @Test
    public void queuedPartialUpdatesEachChangeTheNodeAsTheEditsBeforeLeftIt() throws Exception {
        CountingStore store = new CountingStore();
        HsdbaManager manager = new HsdbaManager(store, new FakeSwitchService(), new FakeCompiler(), scheduler,
                new ManualTime(), Mastership.ALWAYS);
        manager.start();
        BandwidthTree start = manager.putTree(Harness.labTree(), Precondition.NONE);
        CompletableFuture<EditResult> first = firstEditHeldAtTheStore(manager, store, start);
        // Two partial updates of different attributes of one node, queued behind the held writer.
        CompletableFuture<EditResult> peak = manager.editAsync(Harness.PORT, TreeEdit.update("alice",
                (node, tree) -> node.toBuilder().peak(org.hsdba.model.Rate.parse("50M")).build()), Precondition.ANY_TREE);
        CompletableFuture<EditResult> weight = manager.editAsync(Harness.PORT, TreeEdit.update("alice",
                (node, tree) -> node.toBuilder().weight(3.0).build()), Precondition.ANY_TREE);
        // One that finds its node gone when written: refused as any edit of a missing node.
        CompletableFuture<EditResult> deleteLab = manager.editAsync(Harness.PORT, TreeEdit.deleteSubtree("lab"),
                Precondition.ANY_TREE);
        CompletableFuture<EditResult> late = manager.editAsync(Harness.PORT, TreeEdit.update("alice",
                (node, tree) -> node.toBuilder().pinned(true).build()), Precondition.ANY_TREE);
        store.gate.countDown();

        first.get(60, TimeUnit.SECONDS);
        EditResult rPeak = peak.get(60, TimeUnit.SECONDS);
        EditResult rWeight = weight.get(60, TimeUnit.SECONDS);
        assertEquals(org.hsdba.model.Rate.parse("50M"), rPeak.tree().get("alice").peak());
        NodeSpec alice = rWeight.tree().get("alice");
        assertEquals("the second update kept the first one's peak", org.hsdba.model.Rate.parse("50M"), alice.peak());
        assertEquals(3.0, alice.weight().getAsDouble(), 0);
        assertEquals(rPeak.tree().version() + 1, rWeight.tree().version());
        deleteLab.get(60, TimeUnit.SECONDS);
        assertTrue(String.valueOf(failureOf(late)), failureOf(late) instanceof NotFoundException);
        assertEquals(0, manager.operatorWritesInProgress());
        manager.stop();
    }

    @Test
    public void aFailedStoreWriteFailsEveryAcceptedEditOfTheBatch() throws Exception {
        class FailingStore extends ForwardingHsdbaStore {
            volatile boolean fail;
            volatile boolean failAtStage;

            FailingStore() {
                super(new InMemoryHsdbaStore(List.of(),
                        HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build()));
            }

            @Override
            public HsdbaStore.Commit stageTree(BandwidthTree tree, long expectedVersion) {
                if (failAtStage) {
                    throw new IllegalStateException("store unavailable"); // as a write-through store fails
                }
                HsdbaStore.Commit c = inner.stageTree(tree, expectedVersion);
                if (!fail) {
                    return c;
                }
                return () -> {
                    throw new IllegalStateException("disk full");
                };
            }
        }
        FailingStore store = new FailingStore();
        HsdbaManager manager = new HsdbaManager(store, new FakeSwitchService(), new FakeCompiler(), scheduler,
                new ManualTime(), Mastership.ALWAYS);
        manager.start();
        BandwidthTree start = manager.putTree(Harness.labTree(), Precondition.NONE);
        store.fail = true;
        List<CompletableFuture<EditResult>> answers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            answers.add(manager.editAsync(Harness.PORT, weightOf(start, "alice", 1 + i), Precondition.ANY_TREE));
        }
        for (CompletableFuture<EditResult> a : answers) {
            Throwable t = failureOf(a);
            assertEquals("disk full", t.getMessage());
        }
        assertEquals(0, manager.operatorWritesInProgress());

        store.fail = false;
        store.failAtStage = true;
        // What the next write builds on (the failed commits above left their writes staged in the inner store).
        BandwidthTree before = store.latestTree(Harness.PORT).orElseThrow();
        answers.clear();
        for (int i = 0; i < 10; i++) {
            answers.add(manager.editAsync(Harness.PORT, weightOf(start, "alice", 1 + i), Precondition.ANY_TREE));
        }
        for (CompletableFuture<EditResult> a : answers) {
            assertEquals("store unavailable", failureOf(a).getMessage());
        }
        assertEquals(0, manager.operatorWritesInProgress());
        assertEquals("nothing written", before, store.latestTree(Harness.PORT).orElseThrow());
        store.failAtStage = false;
        EditResult ok = manager.edit(Harness.PORT, weightOf(before, "alice", 9), Precondition.ANY_TREE);
        assertEquals("the writer goes on after a failed batch", before.version() + 1, ok.tree().version());
        manager.stop();
    }
}
