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
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.SwitchMode;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;

/**
 * The real POFSwitch 1.4.0 with the HSDBA extension in C ({@code scripts/pofswitch.sh build hx}:
 * pofswitch-hx/patches/hx and pofswitch-hx/src/pof_hx.c) against the adapter and the manager:
 * the probe is answered with HX_FEATURES_REPLY and the adapter runs the switch in-switch; blocks,
 * registers, tables and entries are installed without ERROR; frames go through the compiled
 * program (port block, level lookups, the leaf's block and its OUTPUT); an unknown user joins by
 * the extension's rate-limited PACKET_IN, goes idle (HX_ENTRY_STATUS) and is pruned. Skipped where
 * the POFSwitch source, root or network namespaces are missing.
 */
public class RealPofSwitchHxTest {

    private static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(200))
            .idleTimeout(Duration.ofMillis(500)).leafLifetime(Duration.ofMillis(500)).build();

    @ClassRule
    @Rule
    public static final RealSwitchRule RIGS = RealSwitchRule.hx();

    private RealSwitchRig rig;

    @Test
    public void thePatchedSwitchAnswersTheProbeAndRunsTheProgramInSwitch() {
        rig = RIGS.start(PARAMS);
        assertEquals("device id from FEATURES_REPLY", rig.dpid, rig.session.deviceId());
        assertEquals("the patched switch answers HX_FEATURES_REQUEST with HX_FEATURES_REPLY", SwitchMode.IN_SWITCH,
                rig.session.mode());
        HxFeaturesReply f = rig.session.extensionFeatures().orElseThrow();
        assertEquals(1, f.extVersion());
        assertEquals(8, f.stateWords());
        assertEquals(256, f.maxBlocks());
        assertEquals(65536L, f.registerWords());
        assertEquals(4096L, f.instructionBudget());

        rig.controller.manager.putTree(Trees.withJoins(rig.egressPort()), OptionalLong.empty());
        rig.controller.awaitProgrammed(rig.device, 1);
        assertEquals(DeviceMode.IN_SWITCH, rig.controller.manager.device(rig.device).get().mode());
        rig.assertProgramInstalled(rig.controller.sent, "after programming (blocks, registers, tables, entries)");

        long toAlice = rig.forwarded("10.0.0.1", 1.0, 200);
        assertTrue("frames to alice through the in-switch program, in on port " + rig.ingress + " and out on port "
                + rig.egress + ": " + toAlice + " of 200", toAlice >= 190);
        assertEquals("ERRORs while forwarding", List.of(), rig.controller.errors);

        int sentBefore = rig.controller.sent.size();
        RawFlows.send(rig.net.namespace(1), 0.5, 128, RawFlows.Ids.INCREMENTING, Map.of("10.0.0.7", 100.0));
        Controller.await("NODE_JOINED for 10.0.0.7", () -> !rig.controller.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        assertTrue("one join PACKET_IN per outstanding key, not one per frame: " + rig.controller.packetIns.get(),
                rig.controller.packetIns.get() >= 1 && rig.controller.packetIns.get() < 50);
        Controller.await("the join confirmed by the switch", () -> rig.controller.manager.device(rig.device).get().isProgrammed());
        assertTrue("the join is an entry ADD", Trees.entriesAfter(rig.controller.sent.subList(sentBefore,
                rig.controller.sent.size())) == 1);
        rig.assertProgramInstalled(rig.controller.sent, "after the join");

        Controller.await("NODE_PRUNED for the silent joined user (HX_ENTRY_STATUS IDLE, then its lifetime)",
                () -> rig.controller.events(HsdbaEvent.Type.NODE_PRUNED).stream()
                        .anyMatch(e -> e.nodeId().orElse("").equals("user-10.0.0.7")));
        Controller.await("the prune confirmed by the switch", () -> rig.controller.manager.device(rig.device).get().isProgrammed());
        assertFalse(rig.controller.manager.tree(rig.egressPort()).get().contains("user-10.0.0.7"));
        rig.assertProgramInstalled(rig.controller.sent, "after the prune");
        assertTrue("the switch process is still running", rig.sw.isAlive());
    }
}
