package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.SwitchMode;
import org.hsdba.store.HsdbaStoreListener;
import org.hsdba.store.ForwardingHsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Test;

/**
 * A join goes to the switch from the lane that wrote it, once the write is durable: not later, when
 * the store's change event comes back (in ONOS on the map's event thread, then through the lane
 * again), and not sooner.
 */
public class ManagerJoinHandOffTest {

    /** The in-memory store whose change events are held back (never told) and whose commits wait for the test. */
    private static final class SlowStore extends ForwardingHsdbaStore {
        volatile CountDownLatch staged = new CountDownLatch(0);
        volatile CountDownLatch durable = new CountDownLatch(0);

        SlowStore(InMemoryHsdbaStore inner) {
            super(inner);
        }

        @Override
        public Commit stageTree(BandwidthTree tree, long expectedVersion) {
            Commit c = inner.stageTree(tree, expectedVersion);
            staged.countDown();
            return () -> {
                try {
                    assertTrue("the test released the write", durable.await(10, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
                c.await();
            };
        }

        @Override
        public void putTree(BandwidthTree tree, long expectedVersion) {
            stageTree(tree, expectedVersion).await();
        }

        @Override
        public void addListener(HsdbaStoreListener listener) {
            // held back: the manager hears of no change from the store
        }

        @Override
        public void removeListener(HsdbaStoreListener listener) {
        }
    }

    private SlowStore store;
    private Harness h;
    private FakeSwitch sw;

    @After
    public void tearDown() {
        if (h != null) {
            store.durable.countDown();
            h.close();
        }
    }

    private void connect() {
        h = new Harness(inner -> store = new SlowStore(inner));
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertEquals("the switch got its program", 1, sw.batches.size());
    }

    /**
     * Delivers a join PACKET_IN on a thread of its own, as the adapter's event loop does: the
     * manager may handle it right there (its lane idle), waiting for the write on that thread.
     */
    private Thread offerJoin(int lastByte) {
        Thread adapter = new Thread(() -> {
            for (PofSwitchListener l : h.switches.listeners()) {
                l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, lastByte)));
            }
        }, "adapter");
        adapter.start();
        return adapter;
    }

    @Test
    public void aJoinIsProgrammedWithoutWaitingForTheStoresChangeEvent() throws InterruptedException {
        connect();
        offerJoin(7).join();
        h.quiet();
        assertEquals(2, sw.batches.size());
        assertEquals(FlowModCommand.ADD, ((FlowMod) sw.batches.get(1).get(0)).command());
        assertEquals("user-10.0.0.7", h.events(HsdbaEvent.Type.NODE_JOINED).get(0).nodeId().get());
    }

    @Test
    public void aJoinGoesToTheSwitchOnlyOnceItsWriteIsDurable() throws InterruptedException {
        connect();
        store.staged = new CountDownLatch(1);
        store.durable = new CountDownLatch(1);
        Thread adapter = offerJoin(8);
        assertTrue("the join was written", store.staged.await(10, TimeUnit.SECONDS));
        // The lane (here the adapter's thread, the lane being idle) now waits for the write;
        // nothing may reach the switch meanwhile.
        Thread.sleep(50);
        assertEquals("sent before the write was durable", 1, sw.batches.size());
        store.durable.countDown();
        adapter.join(10_000);
        h.quiet();
        assertEquals(2, sw.batches.size());
        assertTrue(store.tree(Harness.PORT).get().contains("user-10.0.0.8"));
    }
}
