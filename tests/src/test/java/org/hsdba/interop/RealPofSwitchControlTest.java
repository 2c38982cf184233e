package org.hsdba.interop;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.SwitchMode;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;

/**
 * The adapter and the manager against the real, stock POFSwitch 1.4.0 (built by
 * {@code scripts/pofswitch.sh}) over TCP, with real frames from a host in a network namespace:
 * handshake, capability probe, ports, programming without ERROR, a join by PACKET_IN, its prune,
 * and reprogramming after a switch restart and after a controller restart. Skipped where the
 * POFSwitch source, root or network namespaces are missing.
 */
public class RealPofSwitchControlTest {

    private static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(200))
            .idleTimeout(Duration.ofMillis(500)).leafLifetime(Duration.ofMillis(500)).build();

    @ClassRule
    @Rule
    public static final RealSwitchRule RIGS = RealSwitchRule.stock();

    private RealSwitchRig rig;

    @Test
    public void theStockSwitchIsProbedProgrammedJoinsByPacketInAndPrunes() {
        rig = RIGS.start(PARAMS);
        assertEquals("device id from FEATURES_REPLY", rig.dpid, rig.session.deviceId());
        assertEquals("the stock switch answers HX_FEATURES_REQUEST with an ERROR", SwitchMode.CONTROLLER_ASSISTED,
                rig.session.mode());
        assertFalse(rig.session.extensionFeatures().isPresent());
        assertEquals("ports -a " + rig.net.ports(), 2, rig.session.ports().size());

        rig.controller.manager.putTree(Trees.withJoins(rig.egressPort()), OptionalLong.empty());
        rig.controller.awaitProgrammed(rig.device, 1);
        assertEquals(DeviceMode.CONTROLLER_ASSISTED, rig.controller.manager.device(rig.device).get().mode());
        assertTrue(rig.controller.sent.size() > 0);
        rig.assertProgramInstalled(rig.controller.sent, "after programming");

        long toAlice = rig.forwarded("10.0.0.1", 1.0, 200);
        assertTrue("frames to alice in on port " + rig.ingress + " and out on port " + rig.egress + ": " + toAlice + " of 200",
                toAlice >= 190);

        int sentBefore = rig.controller.sent.size();
        RawFlows.send(rig.net.namespace(1), 0.5, 128, RawFlows.Ids.INCREMENTING, Map.of("10.0.0.7", 100.0));
        Controller.await("NODE_JOINED for 10.0.0.7", () -> !rig.controller.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        assertTrue("PACKET_INs", rig.controller.packetIns.get() > 0);
        assertTrue(rig.controller.manager.tree(rig.egressPort()).get().contains("user-10.0.0.7"));
        Controller.await("the join confirmed by the switch", () -> rig.controller.manager.device(rig.device).get().isProgrammed());
        assertTrue("the join is an entry ADD", Trees.entriesAfter(rig.controller.sent.subList(sentBefore,
                rig.controller.sent.size())) == 1);
        rig.assertProgramInstalled(rig.controller.sent, "after the join");

        Controller.await("NODE_PRUNED for the silent joined user", () -> rig.controller.events(HsdbaEvent.Type.NODE_PRUNED)
                .stream().anyMatch(e -> e.nodeId().orElse("").equals("user-10.0.0.7")));
        Controller.await("the prune confirmed by the switch", () -> rig.controller.manager.device(rig.device).get().isProgrammed());
        assertFalse(rig.controller.manager.tree(rig.egressPort()).get().contains("user-10.0.0.7"));
        rig.assertProgramInstalled(rig.controller.sent, "after the prune");
        assertTrue("the switch process is still running", rig.sw.isAlive());
    }

    @Test
    public void aRestartedSwitchAndARestartedControllerAreReprogrammed() {
        rig = RIGS.start(PARAMS);
        rig.controller.manager.putTree(Trees.withJoins(rig.egressPort()), OptionalLong.empty());
        rig.controller.awaitProgrammed(rig.device, 1);
        long entries = Trees.entriesAfter(rig.controller.sent);

        int mark = rig.controller.sent.size();
        rig.restartSwitch();
        rig.controller.awaitProgrammed(rig.device, 2);
        List<PofMessage> afterRestart = rig.controller.sent.subList(mark, rig.controller.sent.size());
        assertEquals("the same program again", entries, Trees.entriesAfter(afterRestart));
        rig.assertProgramInstalled(afterRestart, "after the switch restart");
        assertTrue("forwarding after the switch restart", rig.forwarded("10.0.0.1", 0.5, 200) >= 95);

        // Stopped while it polls with QUERYALL: POFSwitch must still see a clean close and reconnect
        // (SwitchSession.closeChannel: an RST here deadlocked its two control threads for good).
        rig.restartController();
        rig.controller.awaitProgrammed(rig.device, 1);
        assertEquals("the same program from the new controller", entries, Trees.entriesAfter(rig.controller.sent));
        rig.assertProgramInstalled(rig.controller.sent, "after the controller restart");
        assertTrue("forwarding after the controller restart", rig.forwarded("10.0.0.1", 0.5, 200) >= 95);
    }
}
