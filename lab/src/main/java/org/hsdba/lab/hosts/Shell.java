package org.hsdba.lab.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the system tools the host network is built with (ip, ethtool, sysctl); failures name the command. */
final class Shell {
    private Shell() {
    }

    /** Runs {@code cmd}, returns its output; a non-zero exit or a hang of 20 s is an IOException with the output. */
    static String run(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": no answer after 20 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", cmd) + ": interrupted", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): " + out);
        }
        return out;
    }

    /** {@code ip netns exec NS cmd...}. */
    static String inNs(String ns, String... cmd) throws IOException {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        all.addAll(Arrays.asList(cmd));
        return run(all.toArray(new String[0]));
    }

    /** True if {@code tool} is on the PATH. */
    static boolean has(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            if (new java.io.File(dir, tool).canExecute()) {
                return true;
            }
        }
        return false;
    }

    /** Null if this process can build host networks, else what is missing. */
    static String missing() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return "--hosts needs Linux (network namespaces)";
        }
        try {
            if (!run("id", "-u").equals("0")) {
                return "--hosts needs root (it creates network namespaces and raw sockets): run it with sudo";
            }
        } catch (IOException e) {
            return "cannot tell the user id: " + e.getMessage();
        }
        List<String> tools = new ArrayList<>();
        for (String t : new String[] {"ip", "ethtool", "sysctl", "iperf3"}) {
            if (!has(t)) {
                tools.add(t);
            }
        }
        if (!tools.isEmpty()) {
            return "--hosts needs " + String.join(", ", tools) + " (scripts/setup.sh --hosts installs them: apt-get install iproute2 ethtool iperf3)";
        }
        return null;
    }
}
