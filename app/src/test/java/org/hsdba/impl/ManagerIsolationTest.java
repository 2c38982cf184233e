package org.hsdba.impl;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.Precondition;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.southbound.SwitchMode;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Test;

/** A device whose work is stuck (here: its compile) delays no other device: each has its own lane. */
public class ManagerIsolationTest {

    private static final long DPID2 = 2;
    private static final String DEVICE2 = "pof:0000000000000002";

    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    private final ExecutorService workers = Executors.newFixedThreadPool(2);

    @After
    public void stop() {
        workers.shutdownNow();
        timer.shutdownNow();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not reached: " + what);
            }
            Thread.sleep(5);
        }
    }

    @Test
    public void aDeviceStuckInItsWorkDoesNotDelayAnother() throws Exception {
        FakeCompiler fake = new FakeCompiler();
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // Device 1's compile blocks until released, as a huge tree or a slow switch would.
        ProgramCompiler compiler = (trees, sw, mode, parameters) -> {
            if (sw.deviceId() == Harness.DPID && release.getCount() > 0) {
                stuck.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return fake.compile(trees, sw, mode, parameters);
        };
        FakeSwitchService switches = new FakeSwitchService();
        HsdbaManager manager = new HsdbaManager(new InMemoryHsdbaStore(List.of(),
                HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build()), switches, compiler,
                timer, workers, new ManualTime(), Mastership.ALWAYS);
        manager.start();
        BandwidthTree lab = Harness.labTree();
        manager.putTree(lab, Precondition.NONE);
        PortRef port2 = PortRef.of(DEVICE2, 3);
        manager.putTree(BandwidthTree.builder(port2).capacity(lab.capacity()).eta(0.95).levels(lab.levels())
                .nodes(lab.nodes()).build(), Precondition.NONE);

        switches.connect(Harness.DPID, SwitchMode.IN_SWITCH);
        assertTrue("device 1's compile started", stuck.await(30, TimeUnit.SECONDS));
        switches.connect(DPID2, SwitchMode.IN_SWITCH);
        await("device 2 programmed while device 1 is stuck",
                () -> manager.device(DEVICE2).map(d -> d.isProgrammed()).orElse(false));
        // An edit of device 2 goes through and reaches its switch too.
        long version = manager.edit(port2, TreeEdit.update(manager.tree(port2).orElseThrow().get("alice").toBuilder()
                .weight(3.0).build()), Precondition.NONE).tree().version();
        await("device 2's edit programmed while device 1 is stuck", () -> manager.device(DEVICE2)
                .map(d -> d.isProgrammed()).orElse(false) && manager.tree(port2).orElseThrow().version() == version);
        assertFalse("device 1 is still stuck", manager.device(Harness.DEVICE).orElseThrow().isProgrammed());

        release.countDown();
        await("device 1 programmed once released",
                () -> manager.device(Harness.DEVICE).map(d -> d.isProgrammed()).orElse(false));
        manager.stop();
    }
}
