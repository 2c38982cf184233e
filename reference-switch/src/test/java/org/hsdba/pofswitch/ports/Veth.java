package org.hsdba.pofswitch.ports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * veth pairs in this network namespace for the real-port tests, created with iproute2 and removed
 * on close. {@link #unavailable()} says why they cannot be made here (not root, no iproute2, no veth).
 */
final class Veth implements AutoCloseable {
    private final List<String> created = new ArrayList<>();
    private final String prefix = "hsp" + (ProcessHandle.current().pid() % 100000);

    /** Null if veth pairs can be created, else the reason (the tests then skip with it). */
    static String unavailable() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return "real ports need Linux";
        }
        try (Veth v = new Veth()) {
            v.pair("probe");
            return null;
        } catch (IOException e) {
            return "cannot create veth pairs (root and iproute2 needed): " + e.getMessage();
        }
    }

    /** Creates {prefix}{tag}0 <-> {prefix}{tag}1, both up, offloads off where ethtool exists; returns the two names. */
    String[] pair(String tag) throws IOException {
        String a = prefix + tag + "0";
        String b = prefix + tag + "1";
        run("ip", "link", "add", a, "type", "veth", "peer", "name", b);
        created.add(a);
        for (String n : new String[] {a, b}) {
            // no IPv6 chatter on test links, and frames of at most the MTU
            run("sysctl", "-q", "-w", "net.ipv6.conf." + n + ".disable_ipv6=1");
            run("ip", "link", "set", n, "up");
        }
        return new String[] {a, b};
    }

    static void run(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + ": exit " + p.exitValue() + ": " + out);
        }
    }

    @Override
    public void close() {
        for (String n : created) {
            try {
                run("ip", "link", "del", n);
            } catch (IOException e) {
                // already gone with its peer
            }
        }
        created.clear();
    }
}
