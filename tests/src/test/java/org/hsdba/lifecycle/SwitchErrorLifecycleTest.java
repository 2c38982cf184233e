package org.hsdba.lifecycle;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.time.Duration;
import java.util.OptionalLong;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.junit.After;
import org.junit.Test;

/**
 * A real switch ERROR for an incremental change: shown on the device and as an ERROR event, then
 * the switch is wiped (session closed, it reconnects, the HELLO clears it) and the current trees
 * are installed whole. Its traffic is forwarded again afterwards.
 */
public class SwitchErrorLifecycleTest {

    private FaultySwitches faults;
    private final Rig rig = new Rig(HsdbaParameters.builder().pollingPeriod(Duration.ofSeconds(30)).build(),
            real -> faults = new FaultySwitches(real));

    @After
    public void tearDown() {
        rig.close();
    }

    @Test
    public void aRejectedChangeIsReportedAndTheSwitchIsReprogrammedWhole() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed(1);
        faults.armed.set(1);
        rig.manager.edit(Rig.PORT, TreeEdit.add(NodeSpec.builder("bob").parent("lab")
                .key(MatchKey.parse("10.0.0.2", null, 32)).weight(1.0).pinned(true).build()), OptionalLong.empty());
        Rig.await("ERROR event", () -> !rig.events(HsdbaEvent.Type.ERROR).isEmpty());
        HsdbaEvent error = rig.events(HsdbaEvent.Type.ERROR).get(0);
        assertThat(error.message(), containsString("update of " + Rig.DEVICE + " failed"));
        assertThat(error.message(), containsString("switch rejected FlowMod"));
        rig.awaitProgrammed(2);
        assertFalse("a successful full program clears the error",
                rig.manager.device(Rig.DEVICE).get().lastError().isPresent());
        assertEquals(1, rig.events(HsdbaEvent.Type.SWITCH_DISCONNECTED).size());
        rig.sw.receive(Rig.frame(0, 0, 2, 1), Rig.IN_PORT);
        assertEquals(1, rig.forwardedTo(3, 2));
    }
}
