package org.hsdba.lab.hosts;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Linux side of {@code hsdba lab --hosts}: two network namespaces, {@code PREFIX-PID-tx} (the
 * senders, wired to switch port 1) and {@code PREFIX-PID-rx} (the receivers, wired to the tree's
 * egress port), plus a direct veth between them for the way back (TCP ACKs do not cross the
 * switch, whose program only handles port 1 to the egress port). The leaves' addresses sit on the
 * side the tree matches on. Static neighbours and routes, no ARP, no IPv6, offloads off (the switch
 * takes frames of at most 1514 bytes with complete checksums). If some flow has an added
 * round-trip time, the way back is two veths into the root namespace instead of one between the
 * namespaces, and a {@link DelayLine} of this JVM carries frames from one to the other after each
 * flow's delay (this machine's kernel has no netem); the switch sees the data as it is sent.
 * {@link #close()} removes it all.
 *
 * <pre>
 *  ns tx: eth0 (leaf addresses or 198.18.0.1) ──veth── hsPIDp1 [switch port 1]
 *  ns rx: eth0 (leaf addresses or 198.18.0.2) ──veth── hsPIDpN [switch port N]
 *  ns tx: ret0 ─────────────────────veth──────────────────── ns rx: ret0   (way back)
 *  or, with added RTTs:  ns tx: ret0 ──veth── hsPIDb2 [delay line] hsPIDb1 ──veth── ns rx: ret0
 * </pre>
 */
public final class HostNetwork implements AutoCloseable {
    /** The non-leaf side's address (TEST-NET-2 benchmark range, never a tree key here). */
    static final String SENDER = "198.18.0.1";
    static final String RECEIVER = "198.18.0.2";
    /** Next hops that exist only as static neighbour entries. */
    private static final String GW_FORWARD = "192.0.2.1";
    private static final String GW_BACK = "192.0.2.2";
    private static final Pattern OURS = Pattern.compile("(.+)-(\\d+)-(tx|rx)");

    private final String prefix;
    private final String tx;
    private final String rx;
    private final String switchIn;
    private final String switchOut;
    private final String backIn;
    private final String backOut;
    private final String tapOut;
    private final String tapIn;
    private boolean delayedWayBack;
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> rootLinks = new ArrayList<>();

    private HostNetwork(String prefix, long pid, int egressPort) {
        this.prefix = prefix;
        this.tx = prefix + "-" + pid + "-tx";
        this.rx = prefix + "-" + pid + "-rx";
        String tag = "hs" + (pid % 100000);
        this.switchIn = tag + "p1";
        this.switchOut = tag + "p" + egressPort;
        this.backIn = tag + "b1";
        this.backOut = tag + "b2";
        this.tapOut = tag + "t1";
        this.tapIn = tag + "t2";
    }

    /** The namespace prefix: system property {@code hsdba.netns.prefix}, default {@code hsdba}. */
    public static String prefix() {
        return System.getProperty("hsdba.netns.prefix", "hsdba");
    }

    /** Builds the network for {@code plan}; on any failure what was made is removed and the IOException says what failed. */
    public static HostNetwork create(HostPlan plan, int egressPort) throws IOException {
        return create(plan, egressPort, HostLinks.DIRECT);
    }

    /**
     * As {@link #create(HostPlan, int)}, then {@code links}: a tbf shaper at the tree's capacity on
     * the egress veth the switch writes to, gone with its interface in {@link #close()}.
     */
    public static HostNetwork create(HostPlan plan, int egressPort, HostLinks links) throws IOException {
        HostNetwork n = new HostNetwork(prefix(), ProcessHandle.current().pid(), egressPort);
        try {
            n.build(plan);
            n.applyLinks(plan, links);
        } catch (IOException | RuntimeException e) {
            n.close();
            throw e;
        }
        return n;
    }

    /**
     * Removes namespaces with this prefix left by a lab that died without cleaning up (its process
     * is gone); returns their names. Namespaces of running labs are left alone.
     */
    public static List<String> removeStale() {
        List<String> removed = new ArrayList<>();
        String list;
        try {
            list = Shell.run("ip", "netns", "list");
        } catch (IOException e) {
            return removed;
        }
        for (String line : list.split("\n")) {
            String name = line.trim().split("\\s+")[0];
            Matcher m = OURS.matcher(name);
            if (m.matches() && m.group(1).equals(prefix())
                    && ProcessHandle.of(Long.parseLong(m.group(2))).map(p -> !p.isAlive()).orElse(true)) {
                try {
                    Shell.run("ip", "netns", "del", name);
                    removed.add(name);
                } catch (IOException e) {
                    // in use or gone meanwhile: not ours to force
                }
            }
        }
        return removed;
    }

    private void build(HostPlan plan) throws IOException {
        for (String ns : new String[] {tx, rx}) {
            Shell.run("ip", "netns", "add", ns);
            namespaces.add(ns);
            Shell.inNs(ns, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1",
                    "net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.default.rp_filter=0");
            Shell.inNs(ns, "ip", "link", "set", "lo", "up");
        }
        congestionControl(plan.congestionControl());
        link(switchIn, tx, "eth0");
        link(switchOut, rx, "eth0");
        delayedWayBack = plan.flows().stream().anyMatch(f -> !f.addedRtt().isZero());
        if (delayedWayBack) {
            link(backIn, rx, "ret0");
            link(backOut, tx, "ret0");
        } else {
            Shell.run("ip", "link", "add", "ret0", "netns", tx, "type", "veth", "peer", "name", "ret0", "netns", rx);
        }
        for (String ns : new String[] {tx, rx}) {
            for (String dev : new String[] {"eth0", "ret0"}) {
                Shell.inNs(ns, "sysctl", "-q", "-w", "net.ipv4.conf." + dev + ".rp_filter=0");
                offloadsOff(ns, dev);
                Shell.inNs(ns, "ip", "link", "set", dev, "up");
            }
        }
        List<String> leafSide = new ArrayList<>();
        for (InetAddress a : plan.leafAddresses()) {
            leafSide.add(a.getHostAddress());
        }
        List<String> txAddrs = plan.leavesAreDestinations() ? List.of(SENDER) : leafSide;
        List<String> rxAddrs = plan.leavesAreDestinations() ? leafSide : List.of(RECEIVER);
        for (String a : txAddrs) {
            Shell.inNs(tx, "ip", "addr", "add", a + "/32", "dev", "eth0");
        }
        for (String a : rxAddrs) {
            Shell.inNs(rx, "ip", "addr", "add", a + "/32", "dev", "eth0");
        }
        // forward: tx -> switch -> rx's eth0; back: rx -> ret0 -> tx (static neighbours, no ARP crosses the switch)
        Shell.inNs(tx, "ip", "neigh", "replace", GW_FORWARD, "lladdr", mac(rx, "eth0"), "dev", "eth0", "nud", "permanent");
        Shell.inNs(tx, "ip", "route", "replace", "default", "via", GW_FORWARD, "dev", "eth0", "onlink");
        Shell.inNs(rx, "ip", "neigh", "replace", GW_BACK, "lladdr", mac(tx, "ret0"), "dev", "ret0", "nud", "permanent");
        Shell.inNs(rx, "ip", "route", "replace", "default", "via", GW_BACK, "dev", "ret0", "onlink");
    }

    /**
     * Checks that the senders can use TCP congestion control {@code algorithm} (each iperf3
     * client asks for it on its socket: a namespace's default can only be set to the machine's
     * unrestricted algorithms, and a socket's by root to any available one).
     */
    private void congestionControl(String algorithm) throws IOException {
        String available = Shell.inNs(tx, "sysctl", "-n", "net.ipv4.tcp_available_congestion_control");
        if (!List.of(available.trim().split("\\s+")).contains(algorithm)) {
            throw new IOException("TCP congestion control \"" + algorithm + "\" is not available on this machine (available: "
                    + available.trim() + ")");
        }
    }

    private void applyLinks(HostPlan plan, HostLinks links) throws IOException {
        if (links.shaped()) {
            long bps = plan.tree().capacity().bps();
            // burst: 2 ms at the rate, at least a few full frames (tbf needs burst >= rate / HZ)
            long burst = Math.max(4 * 1514, bps / 8 / 500);
            Shell.run("tc", "qdisc", "add", "dev", switchOut, "root", "tbf", "rate", bps + "bit", "burst",
                    String.valueOf(burst), "latency", HostLinks.SHAPER_LATENCY_MS + "ms");
        }
    }

    /**
     * A copy of every frame sent out of the egress interface, for a switch that runs outside this
     * JVM (a real POFSwitch): a veth pair in this namespace and a tc mirror on the egress
     * interface's egress hook, which runs before the root qdisc (so a frame the shaper drops
     * afterwards is still counted as sent by the switch, as the reference switch's own output is).
     * Returns the interface on which the copies arrive; it goes in {@link #close()}.
     */
    public String mirrorEgress() throws IOException {
        Shell.run("ip", "link", "add", tapOut, "type", "veth", "peer", "name", tapIn);
        rootLinks.add(tapOut);
        for (String dev : new String[] {tapOut, tapIn}) {
            Shell.run("sysctl", "-q", "-w", "net.ipv6.conf." + dev + ".disable_ipv6=1");
            offloadsOff(null, dev);
            Shell.run("ip", "link", "set", dev, "up");
        }
        Shell.run("tc", "qdisc", "add", "dev", switchOut, "clsact");
        Shell.run("tc", "filter", "add", "dev", switchOut, "egress", "protocol", "all", "u32", "match", "u32", "0", "0",
                "action", "mirred", "egress", "mirror", "dev", tapOut);
        return tapIn;
    }

    private void link(String rootName, String ns, String peer) throws IOException {
        Shell.run("ip", "link", "add", rootName, "type", "veth", "peer", "name", peer, "netns", ns);
        rootLinks.add(rootName);
        Shell.run("sysctl", "-q", "-w", "net.ipv6.conf." + rootName + ".disable_ipv6=1");
        offloadsOff(null, rootName);
        Shell.run("ip", "link", "set", rootName, "up");
    }

    private static void offloadsOff(String ns, String dev) throws IOException {
        String[] cmd = {"ethtool", "-K", dev, "tx", "off", "rx", "off", "tso", "off", "gso", "off", "gro", "off"};
        if (ns == null) {
            Shell.run(cmd);
        } else {
            Shell.inNs(ns, cmd);
        }
    }

    private static String mac(String ns, String dev) throws IOException {
        return Shell.inNs(ns, "cat", "/sys/class/net/" + dev + "/address");
    }

    public String senderNamespace() {
        return tx;
    }

    public String receiverNamespace() {
        return rx;
    }

    /** The interface of switch port 1 (senders' side). */
    public String switchInInterface() {
        return switchIn;
    }

    /** The interface of the egress port (receivers' side). */
    public String switchOutInterface() {
        return switchOut;
    }

    /** True if the way back goes through the root namespace (some flow has an added RTT): see {@link DelayLine}. */
    public boolean delayedWayBack() {
        return delayedWayBack;
    }

    /** The way back's interface towards the receivers (frames to delay arrive here). */
    String wayBackIn() {
        return backIn;
    }

    /** The way back's interface towards the senders (delayed frames leave here). */
    String wayBackOut() {
        return backOut;
    }

    /** Where the non-leaf side of every flow is. */
    public String otherAddress(HostPlan plan) {
        return plan.leavesAreDestinations() ? SENDER : RECEIVER;
    }

    /** Removes the namespaces (with their veths); processes must be gone first. Idempotent. */
    @Override
    public void close() {
        for (String ns : namespaces) {
            try {
                Shell.run("ip", "netns", "del", ns);
            } catch (IOException e) {
                System.err.println("hsdba lab: could not remove network namespace " + ns + ": " + e.getMessage());
            }
        }
        namespaces.clear();
        for (String l : rootLinks) {
            try {
                Shell.run("ip", "link", "del", l);
            } catch (IOException e) {
                // gone with its namespace's peer, as expected
            }
        }
        rootLinks.clear();
    }

    /** The namespace names' prefix this network uses. */
    String namePrefix() {
        return prefix;
    }
}
