package org.hsdba.interop;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.ports.RealPorts;
import org.hsdba.pofswitch.upstream.PacketSocketDrops;
import org.hsdba.southbound.PofSwitch;

/**
 * A real POFSwitch between two hosts in network namespaces, connected over TCP to the controller
 * ({@link Controller}) in this JVM: host 1 sends into switch port {@code ingress}, host 2 receives
 * from switch port {@code egress}. The switch and the controller can each be restarted. For
 * benchmarks the switch may instead be the reference switch on the same real ports.
 */
final class RealSwitchRig implements AutoCloseable {

    /** Which switch sits between the hosts. */
    enum Kind {
        /** The real POFSwitch 1.4.0 (stock build): controller-assisted. */
        POFSWITCH,
        /** The real POFSwitch 1.4.0 with the HSDBA extension (pofswitch-hx patches): in-switch. */
        POFSWITCH_HX,
        /** The reference switch with the extension off, on raw sockets: controller-assisted. */
        REFERENCE_STOCK,
        /** The reference switch with the extension on, on raw sockets: in-switch. */
        REFERENCE_IN_SWITCH
    }

    final HostNetwork net;
    final long dpid = ThreadLocalRandom.current().nextLong(2, 0xFFFF_FFFFL);
    final String device = String.format("pof:%016x", dpid);
    private final Path binary;
    private final Path workDir = PofSwitchBuild.repoRoot().resolve("target/pofswitch/runs/" + ProcessHandle.current().pid());
    private final HsdbaParameters params;
    private final Kind kind;
    Controller controller;
    RealPofSwitch sw;
    private ReferenceSwitch reference;
    private RealPorts referencePorts;
    PofSwitch session;
    int ingress;
    int egress;

    private RealSwitchRig(Path binary, HostNetwork net, HsdbaParameters params, Kind kind) {
        this.binary = binary;
        this.net = net;
        this.params = params;
        this.kind = kind;
    }

    /** Why this machine cannot run the rig (no POFSwitch source or build, not root, no namespaces), or empty. */
    static Optional<String> unavailable() {
        return unavailable("stock");
    }

    /** The same for a POFSwitch flavour ({@code stock} or {@code hx}). */
    static Optional<String> unavailable(String flavour) {
        Optional<String> net = HostNetwork.unavailable();
        if (net.isPresent()) {
            return net;
        }
        return PofSwitchBuild.binary(flavour).isPresent() ? Optional.empty() : Optional.of(PofSwitchBuild.whyNot(flavour));
    }

    private boolean isPofSwitch() {
        return kind == Kind.POFSWITCH || kind == Kind.POFSWITCH_HX;
    }

    /** Controller without trees, the switch started and its session ready. */
    static RealSwitchRig start(HsdbaParameters params) {
        return start(params, Kind.POFSWITCH);
    }

    /** The same with the given switch. */
    static RealSwitchRig start(HsdbaParameters params, Kind kind) {
        Path binary = kind == Kind.POFSWITCH ? PofSwitchBuild.binary().orElseThrow()
                : kind == Kind.POFSWITCH_HX ? PofSwitchBuild.binary("hx").orElseThrow() : null;
        HostNetwork net = HostNetwork.create(2, kind == Kind.POFSWITCH || kind == Kind.POFSWITCH_HX);
        RealSwitchRig rig = new RealSwitchRig(binary, net, params, kind);
        try {
            rig.controller = new Controller(params, net.controllerAddress(), 0, List.of());
            rig.startSwitch();
            return rig;
        } catch (RuntimeException | Error e) {
            rig.close();
            throw e;
        }
    }

    private void startSwitch() {
        if (!isPofSwitch()) {
            startReference();
            return;
        }
        sw = RealPofSwitch.start(binary, net.switchNamespace(), net.controllerAddress(), controller.port(), dpid, net.ports(),
                workDir);
        try {
            session = controller.awaitSwitch();
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; switch " + (sw.isAlive() ? "running" : "exited " + sw.exitCode())
                    + ", its output: " + sw.log(2000), e);
        }
        ingress = portId(net.port(1));
        egress = portId(net.port(2));
    }

    /** The reference switch with ports 1 and 2 on the hosts' veths, connected like POFSwitch. */
    private void startReference() {
        try {
            DatapathConfig dc = DatapathConfig.builder().deviceId(dpid).extensionEnabled(kind == Kind.REFERENCE_IN_SWITCH)
                    .ports(List.of(RealPorts.portConfig(1, net.port(1)), RealPorts.portConfig(2, net.port(2)))).build();
            reference = new ReferenceSwitch(dc, ControlConfig.builder().controller(net.controllerAddress(), controller.port())
                    .reconnectIntervalMs(100).build());
            referencePorts = RealPorts.attach(reference, Map.of(1, net.port(1), 2, net.port(2)), System.err::println);
            reference.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot attach the reference switch to " + net.ports(), e);
        }
        session = controller.awaitSwitch();
        ingress = 1;
        egress = 2;
    }

    private int portId(String name) {
        for (PortDesc p : session.ports()) {
            if (p.name().text().equals(name)) {
                return p.portId();
            }
        }
        throw new AssertionError("the switch reported no port " + name + ": " + session.ports());
    }

    /** The switch port host 2 receives from, as the controller's trees name it. */
    PortRef egressPort() {
        return PortRef.of(device, egress);
    }

    /** Kills the switch and starts it again (empty, as after a power cycle); returns when its new session is ready. */
    void restartSwitch() {
        if (!isPofSwitch()) {
            throw new UnsupportedOperationException("restart is for the POFSwitch process");
        }
        sw.close();
        startSwitch();
    }

    /** Stops the controller and starts a new one on the same port with the same trees (a durable store); waits for the switch. */
    void restartController() {
        List<BandwidthTree> trees = controller.manager.trees();
        int port = controller.port();
        controller.close();
        controller = new Controller(params, net.controllerAddress(), port, trees);
        session = controller.awaitSwitch();
    }

    /** Counts what the switch's ingress socket dropped (buffer full: the switch was starved) from now on. */
    interface DropCounter {
        /** Frames dropped since the counter was made; -1 when it cannot be told. */
        long since();
    }

    /** A {@link DropCounter} for the ingress port, whichever switch runs. */
    DropCounter countIngressDrops() {
        if (isPofSwitch()) {
            Map<Long, Long> before = sw.socketDrops(net.port(1));
            return () -> PacketSocketDrops.dataPathDrops(before, sw.socketDrops(net.port(1)));
        }
        long before = referenceIngressDrops();
        return () -> referenceIngressDrops() - before;
    }

    private long referenceIngressDrops() {
        return referencePorts.stats().stream().filter(p -> p.port() == 1).mapToLong(p -> p.rxKernelDrops()).sum();
    }

    /** What the switch is, for reports. */
    String describe() {
        switch (kind) {
            case POFSWITCH:
                return "real POFSwitch 1.4.0 (stock, controller-assisted)";
            case POFSWITCH_HX:
                return "real POFSwitch 1.4.0 with the HSDBA extension (in-switch)";
            case REFERENCE_STOCK:
                return "reference switch on real ports (extension off, controller-assisted)";
            default:
                return "reference switch on real ports (in-switch)";
        }
    }

    /** Sends to {@code dst} from host 1 for {@code seconds} and returns the frames of 128 bytes that reached host 2. */
    long forwarded(String dst, double seconds, int pps) {
        RawFlows.Receiver rx = RawFlows.receive(net.namespace(2), seconds + 20, 0, seconds + 0.5);
        RawFlows.send(net.namespace(1), seconds, 128, RawFlows.Ids.INCREMENTING, Map.of(dst, (double) pps));
        return rx.bytes().getOrDefault(dst, 0L) / 128;
    }

    /** QUERYALL holds exactly the tables and entries of {@code sent}, and the switch sent no ERROR. */
    void assertProgramInstalled(List<PofMessage> sent, String when) {
        List<PofMessage> q = queryAll();
        assertEquals(when + ": tables on the switch (QUERYALL) = tables the controller added", Trees.tablesAfter(sent),
                tables(q));
        assertEquals(when + ": entries on the switch (QUERYALL) = entries the controller added less those it deleted",
                Trees.entriesAfter(sent), entries(q));
        assertEquals(when + ": ERRORs from the switch", List.of(), controller.errors);
    }

    /** One QUERYALL through the adapter. */
    List<PofMessage> queryAll() {
        try {
            return session.queryAll().get(Controller.WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("QUERYALL failed: " + e, e);
        }
    }

    static long count(List<PofMessage> messages, Class<? extends PofMessage> kind) {
        return messages.stream().filter(kind::isInstance).count();
    }

    static long entries(List<PofMessage> queryAll) {
        return count(queryAll, FlowMod.class);
    }

    static long tables(List<PofMessage> queryAll) {
        return count(queryAll, TableMod.class);
    }

    @Override
    public void close() {
        if (sw != null) {
            sw.close();
        }
        if (referencePorts != null) {
            referencePorts.close();
        }
        if (reference != null) {
            reference.close();
        }
        if (controller != null) {
            controller.close();
        }
        net.close();
    }
}
