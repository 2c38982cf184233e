package org.hsdba.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hosts in Linux network namespaces, each joined to the root namespace by a veth pair: the root
 * side is a switch port ({@code -a IFNAME}), the host side is {@code eth0} in namespace
 * {@code pofswitch-<pid>-h<i>}. IPv6 is off on both sides and the host side is promiscuous, so
 * the only frames on the wires are the test's. {@link #close} removes everything, and a new
 * instance first removes what a crashed run of the same JVM id left.
 */
final class HostNetwork implements AutoCloseable {

    private final List<String> namespaces = new ArrayList<>();
    private final List<String> ports = new ArrayList<>();

    private HostNetwork() {
    }

    /** Why namespaces cannot be made here (not root, no {@code ip}), or empty when they can. */
    static Optional<String> unavailable() {
        Shell.Result id = Shell.tryRun("id", "-u");
        if (id.exit != 0 || !id.output.strip().equals("0")) {
            return Optional.of("needs root for raw sockets and network namespaces (uid " + id.output.strip() + ")");
        }
        String probe = "pofswitch-probe-" + ProcessHandle.current().pid();
        Shell.Result add = Shell.tryRun("ip", "netns", "add", probe);
        if (add.exit != 0) {
            return Optional.of("cannot create a network namespace: " + add.output.strip());
        }
        Shell.tryRun("ip", "netns", "del", probe);
        return Optional.empty();
    }

    /** {@code hosts} namespaces with one veth pair each. */
    static HostNetwork create(int hosts) {
        HostNetwork net = new HostNetwork();
        long pid = ProcessHandle.current().pid();
        try {
            for (int i = 1; i <= hosts; i++) {
                String ns = "pofswitch-" + pid + "-h" + i;
                String port = "pofsw" + (pid % 100000) + "p" + i; // at most 15 characters
                Shell.tryRun("ip", "netns", "del", ns);
                Shell.tryRun("ip", "link", "del", port);
                Shell.run("ip", "netns", "add", ns);
                net.namespaces.add(ns);
                Shell.run("ip", "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns);
                net.ports.add(port);
                Shell.run("sysctl", "-q", "-w", "net.ipv6.conf." + port + ".disable_ipv6=1");
                Shell.run("ip", "link", "set", port, "up");
                Shell.run("ip", "netns", "exec", ns, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1");
                Shell.run("ip", "netns", "exec", ns, "sysctl", "-q", "-w", "net.ipv6.conf.eth0.disable_ipv6=1");
                Shell.run("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "promisc", "on", "up");
            }
            return net;
        } catch (RuntimeException e) {
            net.close();
            throw e;
        }
    }

    /** Root-namespace interface of host {@code i} (1-based): what the switch gets with {@code -a}. */
    String port(int i) {
        return ports.get(i - 1);
    }

    List<String> ports() {
        return List.copyOf(ports);
    }

    /** Namespace of host {@code i} (1-based), whose {@code eth0} is the other end of {@link #port}. */
    String namespace(int i) {
        return namespaces.get(i - 1);
    }

    @Override
    public void close() {
        for (String ns : namespaces) {
            Shell.tryRun("ip", "netns", "del", ns);
        }
        for (String port : ports) {
            Shell.tryRun("ip", "link", "del", port);
        }
        namespaces.clear();
        ports.clear();
    }
}
