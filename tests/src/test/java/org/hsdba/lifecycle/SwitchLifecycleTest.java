package org.hsdba.lifecycle;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.OptionalLong;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.junit.After;
import org.junit.Test;

/** Connect, program, edit, reconnect and join against a reference switch with the extension, over TCP. */
public class SwitchLifecycleTest {

    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(200)).build());

    @After
    public void tearDown() {
        rig.close();
    }

    @Test
    public void connectProgramsTheSwitchAndTrafficIsForwarded() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        assertEquals(DeviceMode.IN_SWITCH, rig.manager.device(Rig.DEVICE).get().mode());
        assertEquals(1, rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size());
        rig.sw.receive(Rig.frame(0, 0, 1, 1), Rig.IN_PORT);
        assertEquals(1, rig.forwardedTo(3, 1));
    }

    @Test
    public void anEditIsInstalledIncrementallyAndAReconnectRestoresEverything() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        rig.manager.edit(Rig.PORT, TreeEdit.add(NodeSpec.builder("bob").parent("lab")
                .key(MatchKey.parse("10.0.0.2", null, 32)).weight(1.0).build()), OptionalLong.empty());
        Rig.await("bob installed", () -> rig.manager.device(Rig.DEVICE).get().isProgrammed());
        assertEquals("no full reinstall for an edit", 1, rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size());

        rig.sw.close(); // the switch goes away; a new one (empty, as after a restart) connects
        Rig.await("disconnect seen", () -> !rig.manager.device(Rig.DEVICE).get().isConnected());
        rig.connectSwitch(true);
        rig.awaitProgrammed(2);
        rig.sw.receive(Rig.frame(0, 0, 2, 1), Rig.IN_PORT);
        assertEquals("bob's traffic passes on the restored program", 1, rig.forwardedTo(3, 2));
    }

    @Test
    public void anUnknownUserJoinsByPacketInWithTheTemplatesParameters() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        rig.sw.receive(Rig.frame(0, 0, 7, 1), Rig.IN_PORT);
        Rig.await("NODE_JOINED", () -> !rig.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        NodeSpec joined = rig.manager.tree(Rig.PORT).get().get("user-10.0.0.7");
        assertEquals("lab", joined.parentId());
        assertEquals(org.hsdba.model.Rate.parse("20M"), joined.peak());
        assertTrue("the packet that missed was still forwarded", rig.forwardedTo(3, 7) >= 1);
        assertEquals(1, rig.manager.device(Rig.DEVICE).get().joins().accepted());
    }
}
