package org.hsdba.impl;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.store.HsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;

/** A manager over fakes, with a one-thread scheduler the test can wait on and a manual clock. */
final class Harness implements AutoCloseable {

    static final long DPID = 1;
    static final String DEVICE = "pof:0000000000000001";
    static final PortRef PORT = PortRef.of(DEVICE, 3);
    /** Level 1 "subnet": the first 16 bits of the IPv4 destination; level 2 "user": all 32. */
    static final FieldSpec SUBNET = FieldSpec.of(240, 16);
    static final FieldSpec USER = FieldSpec.of(240, 32);

    final InMemoryHsdbaStore store;
    final FakeSwitchService switches = new FakeSwitchService();
    final FakeCompiler compiler = new FakeCompiler();
    final ManualTime time = new ManualTime();
    final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
    final HsdbaManager manager;
    final List<HsdbaEvent> events = new CopyOnWriteArrayList<>();

    Harness() {
        this(HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build(), Mastership.ALWAYS);
    }

    Harness(HsdbaParameters params, Mastership mastership) {
        this(params, mastership, s -> s);
    }

    /** The manager on {@code wrap} of the in-memory store (a test's store in front of it). */
    Harness(java.util.function.Function<InMemoryHsdbaStore, HsdbaStore> wrap) {
        this(HsdbaParameters.builder().pollingPeriod(java.time.Duration.ofHours(1)).build(), Mastership.ALWAYS, wrap);
    }

    private Harness(HsdbaParameters params, Mastership mastership,
                    java.util.function.Function<InMemoryHsdbaStore, HsdbaStore> wrap) {
        store = new InMemoryHsdbaStore(List.of(), params);
        manager = new HsdbaManager(wrap.apply(store), switches, compiler, scheduler, time, mastership);
        manager.addListener(events::add);
        manager.start();
    }

    /** Waits until the control thread has run everything queued (and what that queued). */
    void quiet() {
        try {
            for (int i = 0; i < 4; i++) {
                scheduler.submit(() -> { }).get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new AssertionError("control thread did not settle", e);
        }
    }

    List<HsdbaEvent.Type> eventTypes() {
        return events.stream().map(HsdbaEvent::type).collect(Collectors.toList());
    }

    List<HsdbaEvent> events(HsdbaEvent.Type type) {
        return events.stream().filter(e -> e.type() == type).collect(Collectors.toList());
    }

    @Override
    public void close() {
        manager.stop();
        scheduler.shutdownNow();
    }

    /** Stores {@link #labTree()}, connects switch {@link #DPID} in-switch and waits until it is programmed. */
    FakeSwitch connectLab() {
        manager.putTree(labTree(), java.util.OptionalLong.empty());
        FakeSwitch sw = switches.connect(DPID, org.hsdba.southbound.SwitchMode.IN_SWITCH);
        quiet();
        return sw;
    }

    /** Subnet "lab" (10.0/16) with user "alice" (10.0.0.1) and a template for more users; subnet "office" (10.1/16). */
    static BandwidthTree labTree() {
        return BandwidthTree.builder(PORT).capacity(Rate.parse("1G")).eta(0.95)
                .levels(List.of(LevelSpec.of("subnet", SUBNET),
                        LevelSpec.of("user", USER, JoinTemplate.builder().weight(1.0).build())))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).build())
                .addNode(NodeSpec.builder("alice").parent("lab").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0).build())
                .addNode(NodeSpec.builder("lab-users").parent("lab").template(true).weight(1.0).peak(Rate.parse("100M")).build())
                .addNode(NodeSpec.builder("office").key(MatchKey.parse("0x0a01", null, 16)).weight(1.0).build())
                .build();
    }

    /** A 64-byte frame whose IPv4 destination (bytes 30..33) is {@code a.b.c.d}. */
    static byte[] frameTo(int a, int b, int c, int d) {
        byte[] f = new byte[64];
        f[12] = 0x08;
        f[30] = (byte) a;
        f[31] = (byte) b;
        f[32] = (byte) c;
        f[33] = (byte) d;
        return f;
    }

    /** The fake compiler's join PACKET_IN for a miss in level {@code depth} of the first port's tables. */
    static PacketIn joinPacketIn(int depth, byte[] frame) {
        return PacketIn.builder().reason(FakeCompiler.JOIN_REASON).tableId(depth - 1).deviceId(DPID).portId(1)
                .data(frame).build();
    }
}
