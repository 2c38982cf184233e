package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.store.ForwardingHsdbaStore;
import org.junit.After;
import org.junit.Test;

/**
 * A join PACKET_IN is handled on the adapter's thread that delivered it when the device's lane is
 * idle (no hand-off to the lane and back), and waits its turn on the lane when the lane has work:
 * the device's tasks stay in order either way.
 */
public class ManagerJoinInlineTest {

    /** Which thread wrote each tree. */
    private final List<String> writers = new CopyOnWriteArrayList<>();
    /** Set: the next join's read of the tree first has "another member" write it (a node added). */
    private volatile boolean remoteWriteOnRead;
    private final Harness h = new Harness(inner -> new ForwardingHsdbaStore(inner) {
        @Override
        public Commit stageTree(BandwidthTree tree, long expectedVersion) {
            writers.add(Thread.currentThread().getName());
            return inner.stageTree(tree, expectedVersion);
        }

        @Override
        public Optional<BandwidthTree> latestTree(PortRef port) {
            if (remoteWriteOnRead) {
                remoteWriteOnRead = false;
                BandwidthTree current = inner.latestTree(port).orElseThrow();
                inner.putTree(current.toBuilder().addNodes(List.of(NodeSpec.builder("remote").parent("office")
                        .key(MatchKey.parse("10.1.0.200", null, 32)).weight(1.0).build()))
                        .version(current.version() + 1).build(), current.version());
            }
            return inner.latestTree(port);
        }
    });
    private FakeSwitch sw;

    @After
    public void tearDown() {
        h.close();
    }

    /** Connected and programmed through the lanes, then inline on: the joins below start with the lane's whole budget. */
    private void connect() {
        sw = h.connectLab();
        h.manager.inlineJoins(true);
        writers.clear();
    }

    /** Delivers a join on a thread named "adapter" and waits until the delivery returned. */
    private void joinFromAdapter(int lastByte) throws InterruptedException {
        Thread adapter = new Thread(() -> {
            for (PofSwitchListener l : h.switches.listeners()) {
                l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, lastByte)));
            }
        }, "adapter");
        adapter.start();
        adapter.join(10_000);
    }

    @Test
    public void toAnIdleLaneAJoinIsWrittenAndSentOnTheAdaptersThread() throws InterruptedException {
        connect();
        joinFromAdapter(7);
        // Before the control thread ran anything: the delivery itself wrote and sent the join.
        assertEquals(List.of("adapter"), writers);
        assertEquals("the join's entry was sent", 2, sw.batches.size());
        h.quiet();
        assertEquals("user-10.0.0.7", h.events(HsdbaEvent.Type.NODE_JOINED).get(0).nodeId().get());
    }

    @Test
    public void toABusyLaneAJoinWaitsItsTurnOnTheLane() throws Exception {
        connect();
        CountDownLatch release = new CountDownLatch(1);
        h.scheduler.submit(() -> {
            release.await();
            return null;
        });
        h.manager.mastershipChanged(Harness.DEVICE); // a task of the device's lane, queued behind the held thread
        joinFromAdapter(8);
        assertEquals("nothing written while the lane's earlier task waits", List.of(), writers);
        assertEquals(1, sw.batches.size());
        release.countDown();
        h.quiet();
        assertEquals(1, writers.size());
        assertTrue("written on the lane's thread, not the adapter's: " + writers, !writers.get(0).equals("adapter"));
        assertEquals(2, sw.batches.size());
        assertEquals("user-10.0.0.8", h.events(HsdbaEvent.Type.NODE_JOINED).get(0).nodeId().get());
    }

    /**
     * A tree change the store reports while a join drain runs is left to the drain's update
     * (no lane task of its own), and is not lost when the drain itself writes nothing: here the
     * join is of a user that exists, and another member's write lands while it is planned.
     */
    @Test
    public void aStoreChangeDuringAJoinThatWritesNothingStillReachesTheSwitch() throws InterruptedException {
        connect();
        remoteWriteOnRead = true;
        joinFromAdapter(1); // alice, 10.0.0.1: already in the tree
        h.quiet();
        assertTrue("the change was written", h.manager.tree(Harness.PORT).get().contains("remote"));
        assertEquals("the join itself wrote nothing", List.of(), writers);
        assertTrue("the switch runs the stored tree", h.manager.device(Harness.DEVICE).get().isProgrammed());
        assertEquals(2, sw.batches.size());
    }

    @Test
    public void aJoinWhileAChangeIsAtTheSwitchGoesToTheLane() throws InterruptedException {
        connect();
        CompletableFuture<Void> held = new CompletableFuture<>();
        h.switches.heldConfirmation = held;
        joinFromAdapter(7); // the lane idle: written and sent here, its confirmation held back
        assertEquals(List.of("adapter"), writers);
        assertEquals(2, sw.batches.size());
        joinFromAdapter(8); // cannot be sent before that confirmation: the adapter's thread stays free for it
        h.quiet();
        assertEquals(2, writers.size());
        assertTrue("written on the lane's thread: " + writers, !writers.get(1).equals("adapter"));
        assertEquals("sent only after the change in flight is confirmed", 2, sw.batches.size());
        h.switches.heldConfirmation = null;
        held.complete(null);
        h.quiet();
        assertEquals(3, sw.batches.size());
        assertEquals(2, h.events(HsdbaEvent.Type.NODE_JOINED).size());
    }

    @Test
    public void inlineOffEveryJoinGoesThroughTheLane() throws InterruptedException {
        connect();
        h.manager.inlineJoins(false);
        joinFromAdapter(9);
        h.quiet();
        assertEquals(1, writers.size());
        assertTrue("written on the lane's thread: " + writers, !writers.get(0).equals("adapter"));
        assertEquals(2, sw.batches.size());
    }

    @Test
    public void offByDefault() throws InterruptedException {
        sw = h.connectLab();
        writers.clear();
        joinFromAdapter(9);
        h.quiet();
        assertEquals(1, writers.size());
        assertTrue("written on the lane's thread: " + writers, !writers.get(0).equals("adapter"));
        assertEquals(2, sw.batches.size());
    }
}
