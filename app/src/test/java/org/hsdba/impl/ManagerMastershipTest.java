package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.PortState;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/** Live state is read by the device's master only; elsewhere it says so instead of showing zeros or old readings. */
public class ManagerMastershipTest {

    private static final long ALICE = 2;

    private final AtomicBoolean master = new AtomicBoolean(true);
    private final Harness h = new Harness(HsdbaParameters.builder().pollingPeriod(Duration.ofHours(1)).build(),
            deviceId -> master.get());

    @After
    public void tearDown() {
        h.close();
    }

    private void pollAfter(long seconds) {
        h.time.advance(Duration.ofSeconds(seconds));
        h.manager.pollNow();
        h.quiet();
    }

    @Test
    public void theStateIsMarkedWhereAnotherInstanceIsMasterAndMeasuredAgainWhenMastershipReturns() {
        h.manager.putTree(Harness.labTree(), OptionalLong.empty());
        FakeSwitch sw = h.switches.connect(Harness.DPID, SwitchMode.CONTROLLER_ASSISTED);
        h.quiet();
        pollAfter(1);
        sw.setCounter(ALICE, 50_000_000, 0);
        pollAfter(1);
        PortState here = h.manager.state(Harness.PORT);
        assertFalse(here.isMasterElsewhere());
        assertEquals(400e6, here.node("alice").get().measuredBps(), 1);

        master.set(false);
        h.manager.mastershipChanged(Harness.DEVICE);
        h.quiet();
        PortState elsewhere = h.manager.state(Harness.PORT);
        assertTrue(elsewhere.isMasterElsewhere());
        assertEquals("the old reading is not served as live", 0, elsewhere.timeMillis());
        assertEquals(here.capacityBps(), elsewhere.capacityBps(), 0);
        assertEquals(here.guaranteedSumBps(), elsewhere.guaranteedSumBps(), 0);
        assertEquals(here.node("alice").get().effectiveLimitBps(), elsewhere.node("alice").get().effectiveLimitBps(), 0);
        assertEquals(here.nodes().size(), elsewhere.nodes().size());
        // Traffic goes on while the other instance is master.
        h.time.advance(Duration.ofSeconds(10));
        sw.setCounter(ALICE, 60_000_000, 0);

        master.set(true);
        h.manager.mastershipChanged(Harness.DEVICE);
        h.quiet();
        pollAfter(1);
        PortState first = h.manager.state(Harness.PORT);
        assertFalse(first.isMasterElsewhere());
        assertEquals("one reading after the return gives no rate yet, and the old one is gone", 0, first.timeMillis());
        sw.setCounter(ALICE, 85_000_000, 0);
        pollAfter(1);
        assertEquals("rates restart from the first reading after the return", 200e6,
                h.manager.state(Harness.PORT).node("alice").get().measuredBps(), 1);
    }
}
