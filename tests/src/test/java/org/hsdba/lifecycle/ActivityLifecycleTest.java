package org.hsdba.lifecycle;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.Rate;
import org.junit.After;
import org.junit.Test;

/**
 * Live state from the extension's bulk reads, idle leaves (the switch's HX_ENTRY_STATUS),
 * reactivation, pruning at the end of the lifetime, and an admission-refused join, over TCP.
 * Idle timeout 500 ms, lifetime 500 ms, polling every 100 ms. The reference switch has no timer
 * of its own: the test lets its time pass with {@code advanceTime}, as a live switch's clock would.
 */
public class ActivityLifecycleTest {

    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(100))
            .idleTimeout(Duration.ofMillis(500)).leafLifetime(Duration.ofMillis(500)).build());

    @After
    public void tearDown() {
        rig.close();
    }

    private void tick() {
        rig.sw.channel().sendUpward(rig.sw.datapath().advanceTime(rig.sw.datapath().nowNanos()));
    }

    private void sendFor(Duration d, int lastByte) throws InterruptedException {
        long end = System.nanoTime() + d.toNanos();
        int id = 0;
        while (System.nanoTime() < end) {
            rig.sw.receive(Rig.frame(0, 0, lastByte, id++), Rig.IN_PORT);
            Thread.sleep(2);
        }
    }

    @Test
    public void aJoinedLeafIsMeasuredGoesIdleComesBackAndIsPrunedAtTheEndOfItsLife() throws Exception {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        rig.sw.receive(Rig.frame(0, 0, 7, 0), Rig.IN_PORT);
        Rig.await("join", () -> !rig.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        assertTrue("recorded as joined", rig.manager.tree(Rig.PORT).get().get("user-10.0.0.7").isJoined());

        sendFor(Duration.ofMillis(400), 7);
        assertTrue("measured from the switch's counters",
                rig.manager.state(Rig.PORT).node("user-10.0.0.7").get().measuredBps() > 0);
        assertTrue(rig.manager.state(Rig.PORT).node("user-10.0.0.7").get().isActive());
        assertFalse(rig.manager.history(Rig.PORT, "user-10.0.0.7").isEmpty());

        Rig.await("NODE_INACTIVE", () -> {
            tick();
            return rig.events(HsdbaEvent.Type.NODE_INACTIVE).stream()
                    .anyMatch(e -> e.nodeId().orElse("").equals("user-10.0.0.7"));
        });
        rig.sw.receive(Rig.frame(0, 0, 7, 1000), Rig.IN_PORT);
        Rig.await("NODE_REACTIVATED", () -> !rig.events(HsdbaEvent.Type.NODE_REACTIVATED).isEmpty());

        Rig.await("NODE_PRUNED", () -> {
            tick();
            return !rig.events(HsdbaEvent.Type.NODE_PRUNED).isEmpty();
        });
        HsdbaEvent pruned = rig.events(HsdbaEvent.Type.NODE_PRUNED).get(0);
        assertEquals("user-10.0.0.7", pruned.nodeId().get());
        BandwidthTree t = rig.manager.tree(Rig.PORT).get();
        assertFalse(t.contains("user-10.0.0.7"));
        assertTrue("declared nodes stay", t.contains("alice") && t.contains("lab") && t.contains("office"));
        Rig.await("the prune reached the switch", () -> rig.manager.device(Rig.DEVICE).get().isProgrammed());
    }

    @Test
    public void anIdleJoinedSubnetIsPrunedWithItsSubtreeByPolling() {
        // office as if it had joined by packet-in: declared nodes are never pruned.
        BandwidthTree tree = Rig.labTree().toBuilder().nodes(List.of(
                Rig.labTree().get("lab"), Rig.labTree().get("alice"),
                Rig.labTree().get("office").toBuilder().pinned(false).joined(true).build())).build();
        rig.manager.putTree(tree, OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        Rig.await("office pruned", () -> {
            tick();
            return rig.events(HsdbaEvent.Type.NODE_PRUNED).stream().anyMatch(e -> e.nodeId().get().equals("office"));
        });
        assertFalse(rig.manager.tree(Rig.PORT).get().contains("office"));
    }

    @Test
    public void aJoinBeyondTheGuaranteesIsRefusedWithTheReason() {
        // Users that join under "office" (47.5 Mb/s guaranteed) get 30 Mb/s each: the second does not fit.
        BandwidthTree tree = Rig.labTree().toBuilder().levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)),
                LevelSpec.of("user", FieldSpec.of(240, 32), JoinTemplate.builder().guaranteed(Rate.parse("30M"))
                        .peak(Rate.parse("30M")).build()))).build();
        rig.manager.putTree(tree, OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        rig.sw.receive(Rig.frame(1, 0, 1, 0), Rig.IN_PORT);
        Rig.await("first join", () -> !rig.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        rig.sw.receive(Rig.frame(1, 0, 2, 0), Rig.IN_PORT);
        Rig.await("refusal", () -> !rig.events(HsdbaEvent.Type.ADMISSION_REFUSED).isEmpty());
        HsdbaEvent refused = rig.events(HsdbaEvent.Type.ADMISSION_REFUSED).get(0);
        assertThat(refused.message(), containsString("guaranteed"));
        assertThat(refused.message(), containsString("office"));
        assertEquals(1, rig.manager.device(Rig.DEVICE).get().joins().refused());
        assertFalse(rig.manager.tree(Rig.PORT).get().contains("user-10.1.0.2"));
        assertTrue("refused traffic is still forwarded at the level that matched", rig.forwardedTo(3, 2) >= 1);
    }
}
