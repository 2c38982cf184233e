package org.hsdba.impl;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.Precondition;
import org.hsdba.api.TreeTag;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/** Joins by packet-in: template parameters, parent lookup, deduplication, refusals, rate limit, switch rejection. */
public class ManagerJoinTest {

    private Harness h = new Harness();
    private FakeSwitch sw;

    @After
    public void tearDown() {
        h.close();
    }

    private void connect() {
        sw = h.connectLab();
    }

    private void packetIn(PacketIn pin) {
        for (PofSwitchListener l : h.switches.listeners()) {
            l.packetIn(sw, pin);
        }
        h.quiet();
    }

    @Test
    public void aJoinCreatesTheNodeFromItsParentsTemplateAndInstallsOnlyIt() {
        connect();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        BandwidthTree t = h.manager.tree(Harness.PORT).get();
        NodeSpec joined = t.get("user-10.0.0.7");
        assertEquals("lab", joined.parentId());
        assertEquals(Rate.parse("100M"), joined.peak()); // from the template node "lab-users"
        assertFalse(joined.isPinned());
        assertTrue("recorded as joined, so that pruning may delete it", joined.isJoined());
        assertFalse(t.get("alice").isJoined());
        assertEquals(2, sw.batches.size());
        assertEquals(1, sw.batches.get(1).size());
        assertEquals(FlowModCommand.ADD, ((FlowMod) sw.batches.get(1).get(0)).command());
        HsdbaEvent e = h.events(HsdbaEvent.Type.NODE_JOINED).get(0);
        assertEquals("user-10.0.0.7", e.nodeId().get());
        assertThat(e.message(), containsString("confirmed"));
        assertEquals(new JoinCounters(1, 0, 0), h.manager.device(Harness.DEVICE).get().joins());
    }

    @Test
    public void withoutATemplateNodeTheLevelTemplateIsUsed() {
        connect();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 1, 0, 5)));
        NodeSpec joined = h.manager.tree(Harness.PORT).get().get("user-10.1.0.5");
        assertEquals("office", joined.parentId());
        assertTrue(joined.peak().isUnlimited());
    }

    @Test
    public void aRepeatedPacketInForTheSameKeyAddsNothing() {
        connect();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        long version = h.manager.tree(Harness.PORT).get().version();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        assertEquals(version, h.manager.tree(Harness.PORT).get().version());
        assertEquals(1, h.events(HsdbaEvent.Type.NODE_JOINED).size());
    }

    @Test
    public void aJoinWithoutAnyTemplateIsRefusedWithTheReason() {
        h.manager.putTree(Harness.labTree().toBuilder().levels(java.util.List.of(
                org.hsdba.model.LevelSpec.of("subnet", Harness.SUBNET))).nodes(java.util.List.of(
                Harness.labTree().get("office"))).build(), OptionalLong.empty());
        sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        packetIn(Harness.joinPacketIn(1, Harness.frameTo(10, 9, 0, 1)));
        HsdbaEvent e = h.events(HsdbaEvent.Type.ADMISSION_REFUSED).get(0);
        assertThat(e.message(), containsString("no join template for level \"subnet\""));
        assertEquals(1, h.manager.device(Harness.DEVICE).get().joins().refused());
    }

    @Test
    public void aJoinThatBreaksAdmissionIsRefusedAndCounted() {
        connect();
        // Template guarantee 400M: two joins fit in the lab's share only if the guarantees sum within it.
        h.manager.edit(Harness.PORT, TreeEdit.update(Harness.labTree().get("lab-users").toBuilder()
                .weight(null).guaranteed(Rate.parse("300M")).peak(Rate.parse("300M")).build()), OptionalLong.empty());
        h.manager.edit(Harness.PORT, TreeEdit.update(Harness.labTree().get("alice").toBuilder()
                .weight(null).guaranteed(Rate.parse("100M")).build()), OptionalLong.empty());
        h.quiet();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 8)));
        assertTrue(h.manager.tree(Harness.PORT).get().contains("user-10.0.0.7"));
        assertFalse(h.manager.tree(Harness.PORT).get().contains("user-10.0.0.8"));
        HsdbaEvent e = h.events(HsdbaEvent.Type.ADMISSION_REFUSED).get(0);
        assertThat(e.message(), containsString("guaranteed"));
        assertEquals(new JoinCounters(1, 1, 0), h.manager.device(Harness.DEVICE).get().joins());
    }

    @Test
    public void aPacketThatMissesAnUpperLevelDoesNotJoinBelowIt() {
        connect();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 7, 0, 1)));
        assertEquals(1, h.manager.tree(Harness.PORT).get().version());
        assertTrue(h.events(HsdbaEvent.Type.ADMISSION_REFUSED).isEmpty());
    }

    @Test
    public void packetInsBeyondTheRateLimitAreShedAndCounted() {
        h.close();
        h = new Harness(HsdbaParameters.builder().pollingPeriod(Duration.ofHours(1)).joinRatePerSecond(1).joinBurst(2)
                .build(), Mastership.ALWAYS);
        connect();
        for (int i = 1; i <= 5; i++) {
            packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 1, i)));
        }
        assertEquals(new JoinCounters(2, 0, 3), h.manager.device(Harness.DEVICE).get().joins());
        h.time.advance(Duration.ofSeconds(1));
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 1, 9)));
        assertEquals(3, h.manager.device(Harness.DEVICE).get().joins().accepted());
    }

    @Test
    public void aJoinPacketInBeforeTheSwitchsProgramIsConfirmedIsIgnoredAndCounted() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        CompletableFuture<Void> echo = new CompletableFuture<>();
        h.switches.heldConfirmation = echo;
        sw = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertFalse(h.manager.device(Harness.DEVICE).get().isProgrammed());
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        assertFalse("nothing to read the packet-in against: not a join", h.manager.tree(Harness.PORT).get()
                .contains("user-10.0.0.7"));
        assertEquals(new JoinCounters(0, 0, 0, 1), h.manager.device(Harness.DEVICE).get().joins());

        h.switches.heldConfirmation = null;
        echo.complete(null);
        h.quiet();
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7))); // the switch sends the key again
        assertTrue(h.manager.tree(Harness.PORT).get().contains("user-10.0.0.7"));
        assertEquals(new JoinCounters(1, 0, 0, 1), h.manager.device(Harness.DEVICE).get().joins());
    }

    @Test
    public void nodeJoinedIsAnnouncedByTheConfirmationItselfNotAfterTheLaneAndOnlyOnce() throws Exception {
        connect();
        CompletableFuture<Void> echo = new CompletableFuture<>();
        h.switches.heldConfirmation = echo;
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        assertTrue("sent, not confirmed", h.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        java.util.concurrent.CountDownLatch laneFree = new java.util.concurrent.CountDownLatch(1);
        h.scheduler.execute(() -> {
            try {
                laneFree.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        h.switches.heldConfirmation = null;
        echo.complete(null); // the switch's ECHO_REPLY, while the device's lane is busy
        assertEquals("announced on the confirming thread", 1, h.events(HsdbaEvent.Type.NODE_JOINED).size());
        assertEquals("user-10.0.0.7", h.events(HsdbaEvent.Type.NODE_JOINED).get(0).nodeId().get());
        laneFree.countDown();
        h.quiet();
        assertEquals("the lane settles it without a second event", 1, h.events(HsdbaEvent.Type.NODE_JOINED).size());
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 8)));
        assertEquals("the next join too", 2, h.events(HsdbaEvent.Type.NODE_JOINED).size());
    }

    @Test
    public void aConfirmationThatFailsAnnouncesNoJoin() {
        connect();
        CompletableFuture<Void> echo = new CompletableFuture<>();
        h.switches.heldConfirmation = echo;
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        h.switches.heldConfirmation = null;
        echo.completeExceptionally(new org.hsdba.southbound.SwitchDisconnectedException("gone before its ECHO_REPLY"));
        h.quiet();
        assertTrue(h.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
    }

    @Test
    public void aPacketInFromNoJoinSiteIsIgnoredAndCounted() {
        connect();
        packetIn(PacketIn.builder().reason(FakeCompiler.JOIN_REASON).tableId(8 * 5).deviceId(Harness.DPID).portId(1)
                .data(Harness.frameTo(10, 0, 0, 7)).build()); // a port slot the program does not have
        assertEquals(1, h.manager.tree(Harness.PORT).get().version());
        assertEquals(new JoinCounters(0, 0, 0, 1), h.manager.device(Harness.DEVICE).get().joins());
    }

    @Test
    public void aJoinWhoseEntryTheSwitchRejectsIsRemovedAndTheSwitchReprogrammedWithoutIt() {
        connect();
        sw.reject = m -> m instanceof FlowMod && ((FlowMod) m).command() == FlowModCommand.ADD;
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        assertFalse(h.manager.tree(Harness.PORT).get().contains("user-10.0.0.7"));
        HsdbaEvent refused = h.events(HsdbaEvent.Type.ADMISSION_REFUSED).get(0);
        assertThat(refused.message(), containsString("the switch rejected its entry"));
        assertEquals(new JoinCounters(0, 1, 0), h.manager.device(Harness.DEVICE).get().joins());
        FakeSwitch again = h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        h.quiet();
        assertEquals(3, again.batches.get(0).size());
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void joinsThatArriveTogetherAreAddedInOneWrite() {
        connect();
        BandwidthTree beforeTree = h.manager.tree(Harness.PORT).get();
        long before = beforeTree.version();
        // Hold the control thread so that all six packet-ins are waiting when it runs: "together"
        // must not depend on how fast this thread delivers them. The device's lane has a task
        // queued behind the held thread, so no packet-in finds it idle and runs inline.
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        h.scheduler.submit(() -> {
            release.await();
            return null;
        });
        h.manager.mastershipChanged(Harness.DEVICE);
        for (PofSwitchListener l : h.switches.listeners()) {
            for (int i = 1; i <= 5; i++) {
                l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, 2, i)));
            }
            l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, 2, 1))); // a repeat
        }
        release.countDown();
        h.quiet();
        BandwidthTree t = h.manager.tree(Harness.PORT).get();
        assertEquals("one write for the batch", before + 1, t.version());
        java.util.List<NodeSpec> added = new java.util.ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            assertTrue(t.contains("user-10.0.2." + i));
            added.add(t.get("user-10.0.2." + i));
        }
        // Admitted join by join, written once: the same tree as the batch built and checked in full.
        BandwidthTree full = beforeTree.toBuilder().addNodes(added).version(before + 1).build();
        assertEquals(full, t);
        assertTrue(org.hsdba.admission.Admission.check(full).isEmpty());
        assertEquals(5, h.events(HsdbaEvent.Type.NODE_JOINED).size());
        assertEquals(new JoinCounters(5, 0, 0), h.manager.device(Harness.DEVICE).get().joins());
    }

    @Test
    public void joinsBeyondWhatTheSwitchCanHoldAreRefusedAndTheRestStaysProgrammed() {
        connect();
        h.compiler.maxNodes = 6; // lab, alice, the template, office + 2 joins
        for (int i = 1; i <= 3; i++) {
            packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 3, i)));
        }
        BandwidthTree t = h.manager.tree(Harness.PORT).get();
        assertTrue(t.contains("user-10.0.3.1") && t.contains("user-10.0.3.2"));
        assertFalse(t.contains("user-10.0.3.3"));
        assertThat(h.events(HsdbaEvent.Type.ADMISSION_REFUSED).get(0).message(), containsString("cannot hold"));
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
        assertTrue(h.events(HsdbaEvent.Type.ERROR).isEmpty());
    }

    /**
     * A flood of distinct joins beyond the tree's node limit: the tree never grows beyond it, the
     * refusals are counted but cost no tree write (the version moves only for admitted batches),
     * and they are reported per burst (a handful of events, not one per refusal).
     */
    @Test
    public void aJoinFloodBeyondTheTreeLimitIsRefusedAtTheEdgeWithoutWrites() {
        h.close();
        h = new Harness(HsdbaParameters.builder().pollingPeriod(Duration.ofHours(1)).joinRatePerSecond(1e6)
                .joinBurst(1_000_000).maxTreeNodes(20).build(), Mastership.ALWAYS);
        connect();
        int start = h.manager.tree(Harness.PORT).get().size();
        java.util.Random random = new java.util.Random();
        java.util.Set<Integer> hosts = new java.util.HashSet<>();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        h.scheduler.submit(() -> {
            release.await();
            return null;
        });
        int flood = 2000;
        for (PofSwitchListener l : h.switches.listeners()) {
            while (hosts.size() < flood) {
                int host = 1 + random.nextInt(250 * 250);
                if (hosts.add(host)) {
                    l.packetIn(sw, Harness.joinPacketIn(2, Harness.frameTo(10, 0, host / 250, 1 + host % 250)));
                }
            }
        }
        release.countDown();
        h.quiet();
        BandwidthTree t = h.manager.tree(Harness.PORT).get();
        assertEquals("the tree stops at its limit", 20, t.size());
        assertTrue("one write for the admitted joins, none per refusal: version " + t.version(), t.version() <= 3);
        JoinCounters c = h.manager.device(Harness.DEVICE).get().joins();
        assertEquals(20 - start, c.accepted());
        assertEquals(flood - (20 - start), c.refused());
        java.util.List<HsdbaEvent> refusals = h.events(HsdbaEvent.Type.ADMISSION_REFUSED);
        assertEquals("one event for the burst", 1, refusals.size());
        assertThat(refusals.get(0).message(), containsString("maxTreeNodes"));
        h.time.advance(Duration.ofSeconds(2));
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 251, 1)));
        assertEquals("the next burst after a quiet second reports again", 2,
                h.events(HsdbaEvent.Type.ADMISSION_REFUSED).size());
        assertTrue(h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void packetInsThatAreNotJoinsAreIgnored() {
        connect();
        packetIn(PacketIn.builder().reason(0).tableId(1).data(Harness.frameTo(10, 0, 0, 7)).build());
        assertEquals(1, h.manager.tree(Harness.PORT).get().version());
    }

    /**
     * The GUI's settings write is a PUT of the whole tree it read, with that read's tag: a node that
     * joined in between is kept, one pruned in between does not come back, and the operator's
     * version moves by one (a join moves only the stored version).
     */
    @Test
    public void aWholeTreeWrittenBackKeepsTheNodesThatJoinedSinceItWasRead() {
        connect();
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 8)));
        BandwidthTree read = h.manager.tree(Harness.PORT).get();
        assertTrue(read.get("user-10.0.0.8").isJoined());
        packetIn(Harness.joinPacketIn(2, Harness.frameTo(10, 0, 0, 7)));
        assertEquals(1, h.manager.prune(Harness.PORT, "user-10.0.0.8"));
        h.quiet();
        BandwidthTree beforePut = h.manager.tree(Harness.PORT).get();
        assertTrue(beforePut.contains("user-10.0.0.7"));
        assertEquals("joins and prunes do not move the operator's version", read.operatorVersion(),
                beforePut.operatorVersion());

        BandwidthTree settings = read.toBuilder().capacity(Rate.parse("500M")).build();
        BandwidthTree stored = h.manager.putTree(settings, Precondition.of(TreeTag.of(read)));
        h.quiet();

        assertEquals(Rate.parse("500M"), stored.capacity());
        assertTrue("joined after the read, still there", stored.contains("user-10.0.0.7"));
        assertTrue(stored.get("user-10.0.0.7").isJoined());
        assertFalse("pruned after the read, not brought back", stored.contains("user-10.0.0.8"));
        assertEquals(beforePut.operatorVersion() + 1, stored.operatorVersion());
        assertTrue("the switch holds what is stored", h.manager.device(Harness.DEVICE).get().isProgrammed());
    }
}
