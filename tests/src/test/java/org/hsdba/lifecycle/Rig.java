package org.hsdba.lifecycle;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.OutputFrame;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.InMemoryHsdbaStore;

/**
 * The whole chain over real TCP on localhost: the manager with the real compiler, the Netty POF
 * server, and reference switches that connect to it. What the lab wires, minus REST.
 */
final class Rig implements AutoCloseable {

    static final long DPID = 1;
    static final String DEVICE = "pof:0000000000000001";
    /** The egress port the tree manages. */
    static final PortRef PORT = PortRef.of(DEVICE, 3);
    static final int IN_PORT = 1;
    static final Duration WAIT = Duration.ofSeconds(20);

    final PofServer server;
    final InMemoryHsdbaStore store;
    final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    /** The device lanes, on a pool as in the lab and ONOS (not the timer's one thread). */
    final java.util.concurrent.ExecutorService workers = HsdbaManager.newWorkerPool("rig-lane");
    final HsdbaManager manager;
    final List<HsdbaEvent> events = new CopyOnWriteArrayList<>();
    final List<OutputFrame> outputs = new CopyOnWriteArrayList<>();
    ReferenceSwitch sw;

    Rig(HsdbaParameters params) {
        this(params, null);
    }

    /** {@code wrap} may decorate the adapter (e.g. to inject faults); null for none. */
    Rig(HsdbaParameters params, java.util.function.UnaryOperator<PofSwitchService> wrap) {
        this(params, wrap, new CompilerPrograms());
    }

    /** With the given compiler (e.g. an {@link ObservedCompiler} around the real one). */
    Rig(HsdbaParameters params, java.util.function.UnaryOperator<PofSwitchService> wrap, ProgramCompiler compiler) {
        server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0).build());
        server.start();
        store = new InMemoryHsdbaStore(List.of(), params);
        PofSwitchService switches = wrap == null ? server : wrap.apply(server);
        manager = new HsdbaManager(store, switches, compiler, executor, workers, TimeSource.SYSTEM, Mastership.ALWAYS);
        manager.addListener(events::add);
        manager.start();
    }

    /** Starts a fresh reference switch (empty tables, as after a power cycle) that connects to the server. */
    ReferenceSwitch connectSwitch(boolean extension) {
        DatapathConfig dp = DatapathConfig.builder().deviceId(DPID).portCount(4).extensionEnabled(extension).build();
        ControlConfig cc = ControlConfig.builder().controller("127.0.0.1", server.localAddress().getPort())
                .reconnectIntervalMs(100).build();
        sw = new ReferenceSwitch(dp, cc);
        sw.onOutput(outputs::add);
        sw.start();
        return sw;
    }

    List<HsdbaEvent> events(HsdbaEvent.Type type) {
        return events.stream().filter(e -> e.type() == type).collect(Collectors.toList());
    }

    /** Waits until the condition holds (polling every 20 ms) or fails with {@code what}. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    /** Waits until the switch confirmed the current trees and the {@code n}-th SWITCH_PROGRAMMED event was seen. */
    void awaitProgrammed(int n) {
        await("device programmed", () -> manager.device(DEVICE).map(d -> d.isConnected() && d.isProgrammed()).orElse(false)
                && events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size() >= n);
    }

    void awaitProgrammed() {
        awaitProgrammed(1);
    }

    /** Frames the switch sent out of {@code port} whose IPv4 destination's last byte is {@code last}. */
    long forwardedTo(int port, int last) {
        return outputs.stream().filter(f -> f.port() == port && f.data().length > 33 && (f.data()[33] & 0xff) == last)
                .count();
    }

    @Override
    public void close() {
        if (sw != null) {
            sw.close();
        }
        manager.stop();
        executor.shutdownNow();
        workers.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.stop();
    }

    /**
     * Port 3 at 100 Mb/s: subnet "lab" (10.0/16) with user "alice" (10.0.0.1) and a template
     * (peak 20 Mb/s) for users that join; subnet "office" (10.1/16). Levels on the IPv4 destination.
     */
    static BandwidthTree labTree() {
        return BandwidthTree.builder(PORT).capacity(Rate.parse("100M")).eta(0.95)
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)),
                        LevelSpec.of("user", FieldSpec.of(240, 32), JoinTemplate.builder().weight(1.0).build())))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).pinned(true).build())
                .addNode(NodeSpec.builder("alice").parent("lab").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0)
                        .pinned(true).build())
                .addNode(NodeSpec.builder("lab-users").parent("lab").template(true).weight(1.0)
                        .peak(Rate.parse("20M")).build())
                .addNode(NodeSpec.builder("office").key(MatchKey.parse("0x0a01", null, 16)).weight(1.0).pinned(true).build())
                .build();
    }

    /** A 100-byte IPv4/UDP frame to {@code 10.b.c.d}, with the IPv4 id {@code id}. */
    static byte[] frame(int b, int c, int d, int id) {
        byte[] f = new byte[100];
        f[12] = 0x08;
        f[14] = 0x45;
        f[16] = 0;
        f[17] = 86;
        f[18] = (byte) (id >>> 8);
        f[19] = (byte) id;
        f[22] = 64;
        f[23] = 17;
        f[26] = 10;
        f[27] = 0;
        f[28] = 0;
        f[29] = 9;
        f[30] = 10;
        f[31] = (byte) b;
        f[32] = (byte) c;
        f[33] = (byte) d;
        return f;
    }
}
