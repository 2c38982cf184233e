package org.hsdba.impl;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.SwitchMode;
import org.hsdba.store.ForwardingHsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Test;

/**
 * A join whose write meets another writer's (a version conflict) is written again over that
 * writer's tree, also on the path that admits a batch's joins one by one: not left to a packet-in
 * the switch may never send again (one packet per key, or a key held for join_hold_ms).
 */
public class ManagerJoinConflictTest {

    /** The in-memory store, refusing the first write of a tree that holds {@link #conflictOn} as a conflict. */
    private static final class ConflictStore extends ForwardingHsdbaStore {
        volatile String conflictOn;
        final AtomicInteger conflicts = new AtomicInteger();

        ConflictStore(InMemoryHsdbaStore inner) {
            super(inner);
        }

        @Override
        public Commit stageTree(BandwidthTree tree, long expectedVersion) {
            String id = conflictOn;
            if (id != null && tree.contains(id) && conflicts.getAndIncrement() == 0) {
                throw new VersionConflictException(tree.port(), expectedVersion, expectedVersion + 1);
            }
            return inner.stageTree(tree, expectedVersion);
        }
    }

    private ConflictStore store;
    private Harness h;
    private FakeSwitch sw;

    @After
    public void tearDown() {
        if (h != null) {
            sw.sendGate.countDown();
            h.close();
        }
    }

    @Test
    public void aConflictOnTheOneByOnePathWritesTheJoinAgainAndStillRefusesTheOneThatBreaksAdmission()
            throws InterruptedException {
        h = new Harness(inner -> store = new ConflictStore(inner));
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        // As in ManagerJoinTest: the lab's share holds one more joined user's guarantee, not two.
        h.manager.edit(Harness.PORT, TreeEdit.update(Harness.labTree().get("lab-users").toBuilder()
                .weight(null).guaranteed(Rate.parse("300M")).peak(Rate.parse("300M")).build()), OptionalLong.empty());
        h.quiet();
        // Hold the device's lane in a program update, so that both packet-ins wait for it and are
        // planned as one batch: that batch breaks admission and goes join by join.
        sw.sendGate = new CountDownLatch(1);
        h.manager.edit(Harness.PORT, TreeEdit.update(Harness.labTree().get("alice").toBuilder()
                .weight(null).guaranteed(Rate.parse("100M")).build()), OptionalLong.empty());
        assertTrue("the program update reached the switch", sw.sendHeld.await(10, TimeUnit.SECONDS));
        for (PofSwitchListener l : h.switches.listeners()) {
            l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
            l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 8)));
        }
        store.conflictOn = "user-10.0.0.7";
        sw.sendGate.countDown();
        h.quiet();

        assertEquals("the conflict happened", 2, store.conflicts.get());
        BandwidthTree t = h.manager.tree(Harness.PORT).get();
        assertTrue("the join that met the conflict was written again", t.contains("user-10.0.0.7"));
        assertFalse(t.contains("user-10.0.0.8"));
        assertEquals(1, h.events(HsdbaEvent.Type.ADMISSION_REFUSED).size());
        assertThat(h.events(HsdbaEvent.Type.ADMISSION_REFUSED).get(0).message(), containsString("guaranteed"));
        assertEquals("user-10.0.0.7", h.events(HsdbaEvent.Type.NODE_JOINED).get(0).nodeId().get());
        assertEquals(new JoinCounters(1, 1, 0), h.manager.device(Harness.DEVICE).get().joins());
    }
}
