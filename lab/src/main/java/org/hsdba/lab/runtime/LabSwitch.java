package org.hsdba.lab.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.control.StockProfile;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.PortConfig;
import org.hsdba.pofswitch.ports.RealPorts;
import org.hsdba.pofswitch.datapath.ProcessResult;

/**
 * One reference POF switch of the lab (or of {@code hsdba switch}): connects to a controller over
 * TCP exactly as POFSwitch does, takes traffic on {@link #IN_PORT} at the live clock, and counts
 * what each port received, sent and dropped.
 */
public final class LabSwitch implements AutoCloseable {

    /** Frames of the traffic enter here; the trees' egress ports are where they leave. */
    public static final int IN_PORT = 1;

    private final long dpid;
    private final boolean extension;
    private final ReferenceSwitch sw;
    private final PortCounters counters = new PortCounters();
    private RealPorts realPorts;

    private LabSwitch(long dpid, boolean extension, ReferenceSwitch sw) {
        this.dpid = dpid;
        this.extension = extension;
        this.sw = sw;
        sw.onOutput(f -> counters.sent(f.port()));
    }

    /**
     * Starts a switch with device id {@code dpid} and ports 1..{@code ports} that connects to the
     * controller at {@code host:port} (reconnecting every second while it is not there).
     *
     * @param extension true for the HSDBA extension (in-switch mode), false for a stock POFSwitch 1.4.0
     */
    public static LabSwitch start(long dpid, int ports, boolean extension, String host, int port) {
        return start(dpid, ports, extension, StockProfile.POFSWITCH_DEFAULT_BUILD, host, port);
    }

    /**
     * As {@link #start(long, int, boolean, String, int)}; a stock switch (no extension) takes the
     * resources and timing of {@code profile}.
     */
    public static LabSwitch start(long dpid, int ports, boolean extension, StockProfile profile, String host, int port) {
        try {
            return start(dpid, ports, extension, profile, Map.of(), host, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // no interfaces: no I/O that can fail
        }
    }

    /**
     * As {@link #start(long, int, boolean, StockProfile, String, int)}, with the ports of
     * {@code interfaces} (POF port id to Linux interface name) attached to real interfaces by raw
     * sockets (root); their frames go through the datapath as they arrive.
     *
     * @throws IOException naming the interface that could not be opened (nothing is left running)
     */
    public static LabSwitch start(long dpid, int ports, boolean extension, StockProfile profile,
            Map<Integer, String> interfaces, String host, int port) throws IOException {
        return start(dpid, ports, extension, profile, interfaces, 0, host, port);
    }

    /**
     * As {@link #start(long, int, boolean, StockProfile, Map, String, int)}; the simulated ports
     * (those not on a real interface) report {@code simulatedSpeedKbps} as their line rate (0 = not
     * known), so that the controller and the GUI see the speed the lab's traffic is scaled to.
     */
    public static LabSwitch start(long dpid, int ports, boolean extension, StockProfile profile,
            Map<Integer, String> interfaces, long simulatedSpeedKbps, String host, int port) throws IOException {
        return start(dpid, ports, extension, profile, interfaces, simulatedSpeedKbps,
                List.of(java.net.InetSocketAddress.createUnresolved(host, port)));
    }

    /**
     * As {@link #start(long, int, boolean, StockProfile, Map, long, String, int)} with several
     * controller addresses (an ONOS cluster's nodes), tried in this order when a connection ends.
     */
    public static LabSwitch start(long dpid, int ports, boolean extension, StockProfile profile,
            Map<Integer, String> interfaces, long simulatedSpeedKbps, List<java.net.InetSocketAddress> controllers)
            throws IOException {
        if (controllers.isEmpty()) {
            throw new IllegalArgumentException("a switch needs at least one controller address");
        }
        if (ports < IN_PORT) {
            throw new IllegalArgumentException("a switch needs at least port " + IN_PORT + ", got " + ports + " port(s)");
        }
        List<PortConfig> pcs = new ArrayList<>();
        for (int id = 1; id <= ports; id++) {
            String name = interfaces.get(id);
            pcs.add(name == null ? PortConfig.standard(id).withSpeedKbps(simulatedSpeedKbps)
                    : RealPorts.portConfig(id, name));
        }
        for (int id : interfaces.keySet()) {
            if (id < 1 || id > ports) {
                throw new IllegalArgumentException("interface " + interfaces.get(id) + " on port " + id
                        + ": the switch has ports 1.." + ports);
            }
        }
        DatapathConfig.Builder db = DatapathConfig.builder().deviceId(dpid).ports(pcs).extensionEnabled(extension)
                .rngSeed(dpid);
        ControlConfig.Builder cb = ControlConfig.builder().reconnectIntervalMs(1000);
        for (java.net.InetSocketAddress c : controllers) {
            cb.alsoController(c.getHostString(), c.getPort());
        }
        if (!extension) {
            profile.resources(db);
            profile.timing(cb);
        }
        DatapathConfig dp = db.build();
        ControlConfig cc = cb.build();
        LabSwitch s = new LabSwitch(dpid, extension, new ReferenceSwitch(dp, cc));
        if (!interfaces.isEmpty()) {
            s.realPorts = RealPorts.attach(s.sw, interfaces, m -> System.err.println("hsdba switch " + dpid + ": " + m));
        }
        s.sw.start();
        return s;
    }

    public long dpid() {
        return dpid;
    }

    public boolean hasExtension() {
        return extension;
    }

    /** Processes a frame received on {@link #IN_PORT} now. */
    public void feed(byte[] frame) {
        counters.received(IN_PORT);
        ProcessResult r = sw.receive(frame, IN_PORT);
        if (!r.forwarded()) {
            counters.dropped(IN_PORT);
        }
        for (PofMessage m : r.upward()) {
            if (m instanceof PacketIn) {
                counters.packetIn();
            }
        }
    }

    /** Lets idle entries expire without traffic (call every ~100 ms). */
    public void tick() {
        sw.advanceClock();
    }

    /** True once the handshake with the controller is complete. */
    public boolean isConnected() {
        return sw.channel().isRunning();
    }

    /** True when connected and the controller has installed a program (tables, and blocks in-switch). */
    public boolean isProgrammed() {
        Datapath d = sw.datapath();
        return isConnected() && (d.blockCount() > 0 || d.tableCount() > 0);
    }

    public PortCounters counters() {
        return counters;
    }

    /** What the controller has installed, in words: the mode the switch runs in. */
    public String program() {
        if (!isConnected()) {
            return "not connected";
        }
        Datapath d = sw.datapath();
        int blocks = d.blockCount();
        int tables = d.tableCount();
        if (blocks > 0) {
            return "in-switch (extension program: " + blocks + " blocks, " + tables + " tables)";
        }
        if (tables > 0) {
            return "controller-assisted (stock program: " + tables + " tables)";
        }
        return "connected, not programmed yet";
    }

    /** {@code switch 1 [in-switch ...] port 1: in 10 dropped 2 | port 2: out 8 | packet-ins 0}. */
    public String statusLine() {
        Map<Integer, PortCounters.Counts> ports = counters.snapshot();
        String perPort = ports.isEmpty() ? "no packets" : ports.entrySet().stream().map(e -> {
            PortCounters.Counts c = e.getValue();
            StringBuilder b = new StringBuilder("port ").append(e.getKey()).append(':');
            if (c.in() > 0) {
                b.append(" in ").append(c.in()).append(" dropped ").append(c.dropped());
            }
            if (c.out() > 0 || c.in() == 0) {
                b.append(" out ").append(c.out());
            }
            return b.toString();
        }).collect(Collectors.joining(" | "));
        return "switch " + dpid + " [" + program() + "] " + perPort + " | packet-ins " + counters.packetIns()
                + (realPorts == null ? "" : " | real " + realPorts.stats());
    }

    /** Disconnects and stops reconnecting. */
    @Override
    public void close() {
        if (realPorts != null) {
            realPorts.close();
        }
        sw.close();
    }
}
