package org.hsdba.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Hosts in Linux network namespaces, each joined to the switch by a veth pair: the switch side is
 * a switch port ({@code -a IFNAME}), the host side is {@code eth0} in namespace
 * {@code pofswitch-<pid>-h<i>}. The switch side is in namespace {@code pofswitch-<pid>-sw} when
 * asked (POFSwitch listens on the fixed TCP port 6634 for its command tool, so two of them cannot
 * share a namespace), reaching the controller in the root namespace over one more veth pair with
 * link-local addresses; otherwise in the root namespace (for a switch in this JVM). IPv6 is off
 * everywhere and the host side is promiscuous, so the only frames on the wires are the test's.
 * {@link #close} removes everything, and a new instance first removes what a crashed run of the
 * same JVM id left.
 */
final class HostNetwork implements AutoCloseable {

    private final List<String> namespaces = new ArrayList<>();
    private final List<String> ports = new ArrayList<>();
    private String switchNamespace;
    private String controlLink;
    private String controllerAddress = "127.0.0.1";
    private String switchAddress;

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

    /** {@code hosts} namespaces with one veth pair each; the switch side in its own namespace if {@code switchNamespace}. */
    static HostNetwork create(int hosts, boolean switchNamespace) {
        HostNetwork net = new HostNetwork();
        long pid = ProcessHandle.current().pid();
        try {
            if (switchNamespace) {
                String sw = "pofswitch-" + pid + "-sw";
                String link = "pofsw" + (pid % 100000) + "c";
                Shell.tryRun("ip", "netns", "del", sw);
                Shell.tryRun("ip", "link", "del", link);
                Shell.run("ip", "netns", "add", sw);
                net.switchNamespace = sw;
                // A /30 of 169.254/16 chosen by the pid, so parallel JVMs do not collide.
                int a = (int) (pid / 64 % 254) + 1;
                int b = (int) (pid % 64) * 4;
                net.controllerAddress = "169.254." + a + "." + (b + 1);
                net.switchAddress = "169.254." + a + "." + (b + 2);
                Shell.run("ip", "link", "add", link, "type", "veth", "peer", "name", "ctl0", "netns", sw);
                net.controlLink = link;
                Shell.run("ip", "addr", "add", net.controllerAddress + "/30", "dev", link);
                Shell.run("ip", "link", "set", link, "up");
                Shell.run("ip", "-n", sw, "addr", "add", net.switchAddress + "/30", "dev", "ctl0");
                Shell.run("ip", "-n", sw, "link", "set", "ctl0", "up");
                Shell.run("ip", "-n", sw, "link", "set", "lo", "up");
                Shell.run("ip", "netns", "exec", sw, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1");
            }
            for (int i = 1; i <= hosts; i++) {
                String ns = "pofswitch-" + pid + "-h" + i;
                String port = "pofsw" + (pid % 100000) + "p" + i; // at most 15 characters
                Shell.tryRun("ip", "netns", "del", ns);
                Shell.tryRun("ip", "link", "del", port);
                Shell.run("ip", "netns", "add", ns);
                net.namespaces.add(ns);
                Shell.run("ip", "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns);
                net.ports.add(port);
                if (net.switchNamespace != null) {
                    Shell.run("ip", "link", "set", port, "netns", net.switchNamespace);
                    Shell.run("ip", "-n", net.switchNamespace, "link", "set", port, "up");
                } else {
                    Shell.run("sysctl", "-q", "-w", "net.ipv6.conf." + port + ".disable_ipv6=1");
                    Shell.run("ip", "link", "set", port, "up");
                }
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

    /** The switch's namespace, or null when its ports are in the root namespace. */
    String switchNamespace() {
        return switchNamespace;
    }

    /** Where the controller listens: the root side of the control link, or 127.0.0.1 without a switch namespace. */
    String controllerAddress() {
        return controllerAddress;
    }

    /** Switch-side interface of host {@code i} (1-based): what the switch gets with {@code -a}. */
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
        if (switchNamespace != null) {
            Shell.tryRun("ip", "netns", "del", switchNamespace);
            switchNamespace = null;
        }
        if (controlLink != null) {
            Shell.tryRun("ip", "link", "del", controlLink);
            controlLink = null;
        }
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
