package org.hsdba.lifecycle;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.junit.After;
import org.junit.Test;

/** A stock switch (no extension): controller-assisted program, QUERYALL counters, incremental joins. */
public class ControllerAssistedLifecycleTest {

    private FaultySwitches switches;
    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofMillis(100)).build(),
            real -> switches = new FaultySwitches(real));

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
    public void aJoinOnAStockSwitchIsOneFlowModAddAndEveryOtherCounterGoesOn() throws Exception {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(false);
        rig.awaitProgrammed();
        for (int id = 0; id < 20; id++) {
            rig.sw.receive(Rig.frame(0, 0, 1, id), Rig.IN_PORT);
        }
        Map<Long, long[]> before = rig.sw.datapath().counters();
        assertTrue("alice and lab counted", before.values().stream().filter(c -> c[1] > 0).count() >= 2);
        int sentBefore = switches.sent.size();

        rig.sw.receive(Rig.frame(0, 0, 7, 0), Rig.IN_PORT);
        Rig.await("join confirmed", () -> !rig.events(HsdbaEvent.Type.NODE_JOINED).isEmpty());
        assertTrue(rig.manager.tree(Rig.PORT).get().contains("user-10.0.0.7"));
        List<PofMessage> join = new ArrayList<>();
        for (PofMessage m : switches.sent.subList(sentBefore, switches.sent.size())) {
            if (!(m instanceof FlowMod) || ((FlowMod) m).command() != FlowModCommand.MODIFY) {
                join.add(m); // threshold MODIFYs of the polling loop aside
            }
        }
        assertEquals("the join is the new entry and its drop counter alone: " + join, 2, join.size());
        assertTrue("the drop counter exists before the entry uses it", join.get(0) instanceof CounterMod);
        join.remove(0);
        assertEquals(FlowModCommand.ADD, ((FlowMod) join.get(0)).command());
        assertEquals("no reinstall", 1, rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size());
        assertTrue(rig.events(HsdbaEvent.Type.SWITCH_DISCONNECTED).isEmpty());
        Map<Long, long[]> after = rig.sw.datapath().counters();
        for (Map.Entry<Long, long[]> e : before.entrySet()) {
            assertTrue("counter " + e.getKey() + " kept its bytes", after.get(e.getKey())[1] >= e.getValue()[1]);
        }
        long joinedCounter = ((FlowMod) join.get(0)).counterId();
        rig.sw.receive(Rig.frame(0, 0, 7, 1), Rig.IN_PORT);
        assertEquals("the joined user's packets hit its own entry", 100, rig.sw.datapath().counters().get(joinedCounter)[1]);
    }
}
