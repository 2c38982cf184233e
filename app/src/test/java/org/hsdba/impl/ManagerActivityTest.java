package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.NodeState;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.PortState;
import org.hsdba.api.RateState;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/**
 * Live state, idle leaves, reactivation and pruning, driven by counter readings at manual times.
 * Fake counter ids follow pre-order: lab 1, alice 2, office 3.
 */
public class ManagerActivityTest {

    private static final long LAB = 1;
    private static final long ALICE = 2;

    private final Harness h = new Harness(HsdbaParameters.builder().pollingPeriod(Duration.ofHours(1))
            .idleTimeout(Duration.ofSeconds(10)).leafLifetime(Duration.ofSeconds(30)).build(), Mastership.ALWAYS);
    private FakeSwitch sw;

    @After
    public void tearDown() {
        h.close();
    }

    private void connect(BandwidthTree tree, SwitchMode mode) {
        h.manager.putTree(tree, OptionalLong.empty());
        sw = h.switches.connect(Harness.DPID, mode);
        h.quiet();
    }

    /** Moves the clock to {@code seconds} after the start and reads the counters. */
    private void pollAt(long seconds) {
        h.time.advance(Duration.ofSeconds(seconds).minusNanos(h.time.nanoTime() - 1_000_000_000L));
        h.manager.pollNow();
        h.quiet();
    }

    private void traffic(long counter, long passed, long dropped) {
        sw.setCounter(counter, passed, dropped);
    }

    @Test
    public void liveStateHasMeasuredRatesTargetsAndHistory() {
        connect(Harness.labTree(), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        traffic(LAB, 50_000_000, 25_000_000);
        traffic(ALICE, 50_000_000, 25_000_000);
        pollAt(1);
        PortState s = h.manager.state(Harness.PORT);
        NodeState alice = s.node("alice").get();
        assertEquals(400e6, alice.measuredBps(), 1);
        assertEquals(200e6, alice.dropBps(), 1);
        // Demand 600 Mb/s; lab gets all of the 950 Mb/s (office idle), alice all she asks for: satisfied.
        assertEquals(600e6, alice.targetBps(), 1);
        assertEquals(RateState.SATISFIED, alice.state());
        assertTrue(alice.isActive());
        assertEquals(h.time.wallMillis(), alice.lastSeenMillis().getAsLong());
        assertEquals(400e6, s.measuredBps(), 1);
        assertEquals(1e9, s.capacityBps(), 0);
        assertEquals(950e6, s.guaranteedSumBps(), 1);
        assertFalse(s.node("office").get().isActive());
        List<HistorySample> history = h.manager.history(Harness.PORT, "alice");
        assertEquals(1, history.size());
        assertEquals(400e6, history.get(0).measuredBps(), 1);
        assertEquals(600e6, history.get(0).targetBps(), 1);
    }

    @Test
    public void aReadingIsTimedWhenRequestedNotWhenItsLateAnswerArrives() {
        connect(Harness.labTree(), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        traffic(LAB, 50_000_000, 0);
        traffic(ALICE, 50_000_000, 0);
        sw.answerGate = new CompletableFuture<>();
        pollAt(1);
        // The switch took its counters at 1 s; its answer comes 0.3 s later (the stock POFSwitch
        // sleeps 100 ms, then sends tables and entries before the counters).
        h.time.advance(Duration.ofMillis(300));
        sw.answerGate.complete(null);
        h.quiet();
        // 50 MB in 1 s, not in 1.3 s (308 Mb/s).
        assertEquals(400e6, h.manager.state(Harness.PORT).node("alice").get().measuredBps(), 1);
    }

    @Test
    public void aNodeHeldBelowItsDemandByItsParentIsUnsatisfied() {
        connect(Harness.labTree().toBuilder().nodes(List.of(
                Harness.labTree().get("lab").toBuilder().peak(org.hsdba.model.Rate.parse("100M")).build(),
                Harness.labTree().get("alice"))).build(), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        traffic(ALICE, 12_500_000, 12_500_000);
        traffic(LAB, 12_500_000, 12_500_000);
        pollAt(1);
        NodeState alice = h.manager.state(Harness.PORT).node("alice").get();
        assertEquals(RateState.UNSATISFIED, alice.state());
        assertEquals(100e6, alice.effectiveLimitBps(), 1);
        assertEquals(100e6, alice.targetBps(), 1);
    }

    /** The lab tree with the given nodes marked as joined by packet-in, and those given pinned. */
    private static BandwidthTree labTree(Set<String> joined, Set<String> pinned) {
        BandwidthTree t = Harness.labTree();
        return t.toBuilder().nodes(t.nodes().stream()
                .map(n -> n.toBuilder().joined(joined.contains(n.id())).pinned(pinned.contains(n.id())).build())
                .collect(Collectors.toList())).build();
    }

    @Test
    public void joinedIdleLeafGoesInactiveThenIsPrunedAtTheEndOfItsLifetimeButPinnedNodesStay() {
        connect(labTree(Set.of("lab", "alice", "office"), Set.of("lab")), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        traffic(LAB, 1000, 0);
        traffic(ALICE, 1000, 0);
        pollAt(1);
        pollAt(5);
        assertTrue(h.events(HsdbaEvent.Type.NODE_INACTIVE).isEmpty());
        pollAt(12);
        assertEquals("alice", h.events(HsdbaEvent.Type.NODE_INACTIVE).get(0).nodeId().get());
        assertFalse(h.manager.state(Harness.PORT).node("alice").get().isActive());
        pollAt(41);
        // office never saw traffic: its clock started at install, idle 10 s + lifetime 30 s.
        assertEquals(List.of("office"), prunedIds());
        pollAt(42);
        assertEquals(List.of("office", "alice"), prunedIds());
        BandwidthTree after = h.manager.tree(Harness.PORT).get();
        assertTrue(after.contains("lab"));
        assertFalse(after.contains("alice"));
        assertTrue("the prunes reached the switch", h.manager.device(Harness.DEVICE).get().isProgrammed());
    }

    @Test
    public void declaredNodesGoInactiveButAreNeverPruned() {
        connect(Harness.labTree(), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        traffic(LAB, 1000, 0);
        traffic(ALICE, 1000, 0);
        pollAt(1);
        pollAt(12);
        assertEquals("alice", h.events(HsdbaEvent.Type.NODE_INACTIVE).get(0).nodeId().get());
        pollAt(1000);
        assertTrue(prunedIds().isEmpty());
        BandwidthTree now = h.manager.tree(Harness.PORT).get();
        assertTrue(Harness.labTree().sameExceptVersion(now));
        assertEquals(1, now.version());
        assertEquals(1, now.operatorVersion());
    }

    @Test
    public void aDeclaredOrPinnedNodeKeepsItsJoinedAncestors() {
        connect(labTree(Set.of("lab", "office"), Set.of()), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        pollAt(40);
        // lab joined but holds the declared alice; office joined and holds nothing.
        assertEquals(List.of("office"), prunedIds());
        // Now alice joined too, but is pinned: she keeps lab.
        BandwidthTree pinnedAlice = labTree(Set.of("lab", "alice"), Set.of("alice"));
        h.manager.putTree(pinnedAlice.toBuilder().nodes(pinnedAlice.nodes().stream()
                .filter(n -> !n.id().equals("office")).collect(Collectors.toList())).build(), OptionalLong.empty());
        h.quiet();
        pollAt(100);
        assertEquals(List.of("office"), prunedIds());
        assertTrue(h.manager.tree(Harness.PORT).get().contains("lab"));
        assertTrue(h.manager.tree(Harness.PORT).get().contains("alice"));
    }

    @Test
    public void aPruneRechecksTheTreeItDeletesFrom() {
        // As if the poll had found lab expired and the operator adopted alice just before the write.
        h.manager.putTree(labTree(Set.of("lab", "office"), Set.of()), OptionalLong.empty());
        try {
            h.manager.prune(Harness.PORT, "lab");
            fail("lab holds the declared alice");
        } catch (NotFoundException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("no longer prunable"));
        }
        assertEquals(1, h.manager.tree(Harness.PORT).get().version());
        assertEquals(1, h.manager.prune(Harness.PORT, "office"));
    }

    @Test
    public void anInternalNodeWithoutTrafficIsPrunedWithItsSubtree() {
        connect(labTree(Set.of("lab", "alice", "office"), Set.of()), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        pollAt(39);
        assertTrue(prunedIds().isEmpty());
        pollAt(40);
        assertEquals(List.of("lab", "office"), prunedIds());
        assertEquals(0, h.manager.tree(Harness.PORT).get().nodes().stream().filter(n -> !n.isTemplate()).count());
    }

    @Test
    public void trafficReactivatesAnInactiveLeaf() {
        connect(Harness.labTree(), SwitchMode.CONTROLLER_ASSISTED);
        pollAt(0);
        traffic(ALICE, 1000, 0);
        pollAt(1);
        pollAt(12);
        traffic(ALICE, 2000, 0);
        pollAt(13);
        assertEquals("alice", h.events(HsdbaEvent.Type.NODE_REACTIVATED).get(0).nodeId().get());
        assertTrue(h.manager.state(Harness.PORT).node("alice").get().isActive());
    }

    @Test
    public void inSwitchEntryStatusReportsDriveActivity() {
        connect(Harness.labTree(), SwitchMode.IN_SWITCH);
        h.switches.deliver(sw, new HxEntryStatus(0, HxEntryStatus.REASON_REACTIVATED, 1, ALICE, 0, 0, 0));
        h.switches.deliver(sw, new HxEntryStatus(0, HxEntryStatus.REASON_IDLE, 1, ALICE, 0, 0, 0));
        h.switches.deliver(sw, new HxEntryStatus(0, HxEntryStatus.REASON_REACTIVATED, 1, ALICE, 0, 0, 0));
        h.quiet();
        assertEquals(List.of(HsdbaEvent.Type.NODE_INACTIVE, HsdbaEvent.Type.NODE_REACTIVATED),
                h.eventTypes().subList(2, 4));
    }

    private List<String> prunedIds() {
        return h.events(HsdbaEvent.Type.NODE_PRUNED).stream().map(e -> e.nodeId().get())
                .collect(java.util.stream.Collectors.toList());
    }
}
