package org.hsdba.lifecycle;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.OptionalLong;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.junit.After;
import org.junit.Test;

/** A stock switch (no extension): controller-assisted program, QUERYALL counters, joins by reinstall. */
public class ControllerAssistedLifecycleTest {

    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(100)).build());

    @After
    public void tearDown() {
        rig.close();
    }

    @Test
    public void aStockSwitchIsProgrammedControllerAssistedAndMeasured() throws Exception {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(false);
        rig.awaitProgrammed();
        assertEquals(DeviceMode.CONTROLLER_ASSISTED, rig.manager.device(Rig.DEVICE).get().mode());
        long end = System.nanoTime() + Duration.ofMillis(400).toNanos();
        int id = 0;
        while (System.nanoTime() < end) {
            rig.sw.receive(Rig.frame(0, 0, 1, id++), Rig.IN_PORT);
            Thread.sleep(2);
        }
        assertTrue(rig.forwardedTo(3, 1) > 0);
        Rig.await("alice measured from QUERYALL counters",
                () -> rig.manager.state(Rig.PORT).node("alice").get().measuredBps() > 0);
    }

    @Test
    public void aJoinOnAStockSwitchIsInstalledByReprogramming() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(false);
        rig.awaitProgrammed();
        rig.sw.receive(Rig.frame(0, 0, 7, 0), Rig.IN_PORT);
        Rig.await("join confirmed", () -> !rig.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        assertTrue(rig.manager.tree(Rig.PORT).get().contains("user-10.0.0.7"));
        rig.awaitProgrammed(2);
    }
}
