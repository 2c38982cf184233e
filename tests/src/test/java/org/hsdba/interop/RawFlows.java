package org.hsdba.interop;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Real frames on real interfaces: {@code pofswitch-hx/tools/rawflows.py} run inside a host's
 * namespace (raw AF_PACKET sockets on its {@code eth0}).
 */
final class RawFlows {

    /** IPv4 identification per flow. */
    enum Ids {
        CONSTANT("const"), INCREMENTING("inc"), RANDOM("rand");

        final String arg;

        Ids(String arg) {
            this.arg = arg;
        }
    }

    private RawFlows() {
    }

    private static String script() {
        return PofSwitchBuild.repoRoot().resolve("pofswitch-hx/tools/rawflows.py").toString();
    }

    /** Sends every flow (destination IPv4 to frames/s) for {@code seconds}; returns frames sent per destination. */
    static Map<String, Long> send(String namespace, double seconds, int size, Ids ids, Map<String, Double> pps) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace, "python3", script(), "send", "eth0",
                Double.toString(seconds), Integer.toString(size), ids.arg));
        pps.forEach((dst, rate) -> cmd.add(dst + ":" + String.format(Locale.ROOT, "%.3f", rate)));
        String out = Shell.run(cmd.toArray(new String[0]));
        return numbers(out, "sent");
    }

    /**
     * A receiver counting what arrives in {@code namespace} between {@code from} and {@code to} s
     * after the first frame; it gives up {@code timeout} s after its start.
     */
    static Receiver receive(String namespace, double timeout, double from, double to) {
        try {
            Process p = new ProcessBuilder("ip", "netns", "exec", namespace, "python3", script(), "recv", "eth0",
                    Double.toString(timeout), Double.toString(from), Double.toString(to)).redirectErrorStream(true).start();
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = r.readLine();
            if (first == null || !first.contains("ready")) {
                p.destroyForcibly();
                throw new IllegalStateException("rawflows.py recv did not start: " + first);
            }
            return new Receiver(p, r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final class Receiver {
        private final Process process;
        private final BufferedReader out;

        private Receiver(Process process, BufferedReader out) {
            this.process = process;
            this.out = out;
        }

        /** Waits for the end and returns the bytes received per destination in the window. */
        Map<String, Long> bytes() {
            try {
                StringBuilder all = new StringBuilder();
                for (String line; (line = out.readLine()) != null;) {
                    all.append(line).append('\n');
                }
                process.waitFor(30, TimeUnit.SECONDS);
                if (process.exitValue() != 0) {
                    throw new IllegalStateException("rawflows.py recv exited " + process.exitValue() + ": " + all);
                }
                return numbers(all.toString(), "bytes");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** The flat {"a.b.c.d": n, ...} object under {@code key} of the script's JSON line. */
    static Map<String, Long> numbers(String json, String key) {
        Matcher obj = Pattern.compile("\"" + key + "\": \\{([^}]*)\\}").matcher(json);
        if (!obj.find()) {
            throw new IllegalStateException("no \"" + key + "\" in rawflows.py output: " + json);
        }
        Map<String, Long> m = new LinkedHashMap<>();
        Matcher e = Pattern.compile("\"([^\"]+)\": (\\d+)").matcher(obj.group(1));
        while (e.find()) {
            m.put(e.group(1), Long.parseLong(e.group(2)));
        }
        return m;
    }
}
