package org.hsdba.lifecycle;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ModePreference;
import org.hsdba.api.ParametersPreview;
import org.hsdba.api.DeviceMode;
import org.hsdba.compiler.Words;
import org.hsdba.model.Estimator;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxEntryRecord;
import org.junit.After;
import org.junit.Test;

/**
 * Run-time parameters changed while traffic flows and users join, over TCP with the reference
 * switch: each change reaches the switch in place. The session stays (one SWITCH_CONNECTED, no
 * SWITCH_DISCONNECTED), no table is cleared (the same tables, entries keep their counters: a wipe
 * would zero them), and every node entry on the switch carries the new value (the idle timeout in
 * its HX_CALL_BLOCK, K or the window in its params). Joins go on between the changes.
 */
public class ParameterChangeLifecycleTest {

    private static final HsdbaParameters START = HsdbaParameters.builder()
            .estimator(Estimator.ewma(Duration.ofMillis(10))).idleTimeout(Duration.ofSeconds(10))
            .pollingPeriod(Duration.ofMillis(500)).build();

    private final Rig rig = new Rig(START);
    private final AtomicBoolean sending = new AtomicBoolean(true);
    private final AtomicInteger nextUser = new AtomicInteger(20);
    private Thread traffic;

    @After
    public void tearDown() throws InterruptedException {
        sending.set(false);
        if (traffic != null) {
            traffic.join(10_000);
        }
        rig.close();
    }

    @Test
    public void everyRunTimeParameterChangesInPlaceUnderTrafficAndJoins() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        startTraffic();
        Rig.await("a first user joined", () -> rig.events(HsdbaEvent.Type.NODE_JOINED).size() >= 1);
        int tables = rig.sw.datapath().tableCount();

        HsdbaParameters idleChange = START.toBuilder().idleTimeout(Duration.ofSeconds(4)).build();
        // NODE_JOINED is announced on the confirmation's thread, just before the device's lane records
        // the program that holds the node: for that moment a preview still sees the program without it.
        Rig.await("the first joined user's entry in the device's confirmed program",
                () -> rig.manager.previewParameters(idleChange).devices().get(0).messages() >= 4);
        ParametersPreview idle = rig.manager.previewParameters(idleChange);
        assertEquals(1, idle.devices().size());
        assertEquals(ParametersPreview.Change.IN_PLACE, idle.devices().get(0).change());
        assertTrue("one MODIFY per node entry at least", idle.devices().get(0).messages() >= 4);
        assertEquals(0, idle.reprogrammed().size());
        System.out.println("preview of the idle timeout change: " + idle.summary());
        ParametersPreview polling = rig.manager.previewParameters(START.toBuilder().pollingPeriod(Duration.ofSeconds(2))
                .build());
        assertEquals(ParametersPreview.Change.NONE, polling.devices().get(0).change());

        change(START.toBuilder().idleTimeout(Duration.ofSeconds(4)).build(),
                c -> c.idleTimeoutMs() == 4000);
        change(rig.manager.parameters().toBuilder().estimator(Estimator.ewma(Duration.ofMillis(3))).build(),
                c -> param(c, Words.P_PERIOD) == 3_000_000L);
        change(rig.manager.parameters().toBuilder().estimator(Estimator.window(Duration.ofMillis(20))).build(),
                c -> param(c, Words.P_PERIOD) == 20_000_000L);
        // Parameters no switch message carries: the manager's own timers and limits.
        change(rig.manager.parameters().toBuilder().pollingPeriod(Duration.ofMillis(300))
                .leafLifetime(Duration.ofSeconds(200)).joinRatePerSecond(500).joinBurst(50).maxTreeNodes(5000).build(),
                c -> param(c, Words.P_PERIOD) == 20_000_000L && c.idleTimeoutMs() == 4000);

        assertEquals("one session throughout", 1, rig.events(HsdbaEvent.Type.SWITCH_CONNECTED).size());
        assertEquals("never disconnected", 0, rig.events(HsdbaEvent.Type.SWITCH_DISCONNECTED).size());
        assertEquals("no table deleted or created", tables, rig.sw.datapath().tableCount());
        assertEquals(List.of(), rig.events(HsdbaEvent.Type.ERROR));
        assertEquals("the first install, then one in-place change per parameter change", 5,
                rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size());
        assertTrue(rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).get(4).message()
                .contains("parameters applied in place, session kept: 0 messages"));
    }

    /**
     * A mode that changes the device's enforcement mode is the one change that reprograms: the
     * preview says so (with the time without enforcement) and changes nothing; setting it then
     * closes the session and the switch comes back programmed in the other mode.
     */
    @Test
    public void theModeChangePreviewSaysReprogramAndSetsNothing() {
        rig.manager.putTree(Rig.labTree(), OptionalLong.empty());
        rig.connectSwitch(true);
        rig.awaitProgrammed();
        HsdbaParameters assisted = START.toBuilder().mode(ModePreference.CONTROLLER_ASSISTED).build();

        ParametersPreview p = rig.manager.previewParameters(assisted);

        System.out.println("preview of the mode change: " + p.summary());
        ParametersPreview.Device d = p.devices().get(0);
        assertEquals(ParametersPreview.Change.REPROGRAM, d.change());
        assertEquals(DeviceMode.IN_SWITCH, d.modeBefore());
        assertEquals(DeviceMode.CONTROLLER_ASSISTED, d.modeAfter().get());
        assertTrue("the reconnect at least: " + d.gapSeconds(), d.gapSeconds() >= ParametersPreview.RECONNECT_SECONDS);
        assertTrue(p.summary(), p.summary().startsWith("needs a reprogram of 1 switch (" + Rig.DEVICE + "): about "));
        assertEquals("the preview set nothing", START, rig.manager.parameters());
        assertEquals(0, rig.events(HsdbaEvent.Type.SWITCH_DISCONNECTED).size());
        assertEquals(DeviceMode.IN_SWITCH, rig.manager.device(Rig.DEVICE).get().mode());

        rig.manager.setParameters(assisted);
        rig.awaitProgrammed(2);
        assertTrue(rig.events(HsdbaEvent.Type.SWITCH_DISCONNECTED).get(0).message().contains("reprogramming"));
        assertEquals(DeviceMode.CONTROLLER_ASSISTED, rig.manager.device(Rig.DEVICE).get().mode());
    }

    /**
     * Sets {@code next} while traffic flows, waits until the switch confirmed it and a user joined
     * after it, then checks every node entry on the switch holds it and kept its counters.
     */
    private void change(HsdbaParameters next, Predicate<HxCallBlock> carriesIt) {
        Map<String, long[]> before = counters();
        int joinedBefore = rig.events(HsdbaEvent.Type.NODE_JOINED).size();
        int programmed = rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size();
        rig.manager.setParameters(next);
        Rig.await("the parameters confirmed by the switch", () ->
                rig.events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size() > programmed);
        Rig.await("a user joined after the change", () -> rig.events(HsdbaEvent.Type.NODE_JOINED).size() > joinedBefore);
        Rig.await("the switch holds the current trees", () -> rig.manager.device(Rig.DEVICE).get().isProgrammed());
        List<HxCallBlock> nodes = nodeEntries();
        assertTrue(nodes.size() + " node entries", nodes.size() >= 4);
        for (HxCallBlock c : nodes) {
            assertTrue(next + " in effect on the switch's entry " + c, carriesIt.test(c));
        }
        Map<String, long[]> after = counters();
        for (Map.Entry<String, long[]> e : before.entrySet()) {
            long[] was = e.getValue();
            long[] now = after.get(e.getKey());
            assertTrue("entry " + e.getKey() + " kept", now != null);
            assertTrue("entry " + e.getKey() + " kept its counters: " + was[0] + " -> " + now[0], now[0] >= was[0]);
        }
        assertTrue("traffic passed before the change", before.values().stream().anyMatch(c -> c[0] > 0));
    }

    /** The node entries (an HX_CALL_BLOCK with a period; the port entries have none) as the switch holds them. */
    private List<HxCallBlock> nodeEntries() {
        List<HxCallBlock> out = new ArrayList<>();
        for (Map<Long, HxCallBlock> table : rig.sw.datapath().entryCalls().values()) {
            for (HxCallBlock c : table.values()) {
                if (param(c, Words.P_PERIOD) != 0) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    /** Passed packets per entry, by "global table/index". */
    private Map<String, long[]> counters() {
        Map<String, long[]> out = new java.util.HashMap<>();
        for (Map.Entry<Integer, Map<Long, HxCallBlock>> t : rig.sw.datapath().entryCalls().entrySet()) {
            for (long index : t.getValue().keySet()) {
                HxEntryRecord r = rig.sw.datapath().entryRecord(t.getKey(), index);
                if (r != null) {
                    out.put(t.getKey() + "/" + index, new long[] {r.passedPackets()});
                }
            }
        }
        return out;
    }

    private static long param(HxCallBlock c, int word) {
        return ByteBuffer.wrap(c.params(), 8 * word, 8).getLong();
    }

    /** Frames to alice and to the users that joined, and a new user every 50 frames. */
    private void startTraffic() {
        traffic = new Thread(() -> {
            int id = 0;
            while (sending.get()) {
                id++;
                int user = id % 50 == 0 ? nextUser.getAndIncrement() : (id % 2 == 0 ? 1 : 20 + id % Math.max(1,
                        nextUser.get() - 20));
                rig.sw.receive(Rig.frame(0, 0, user % 250, id & 0xFFFF), Rig.IN_PORT);
                if (id % 10 == 0) {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "test-traffic");
        traffic.setDaemon(true);
        traffic.start();
    }
}
