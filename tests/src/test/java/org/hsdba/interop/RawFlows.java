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
 * namespace (raw AF_PACKET sockets on its {@code eth0}). A receiver counts IPv4 and IPv6 frames
 * by frame bytes 30..33 (the IPv4 destination; the script's IPv6 frames carry the flow's address
 * there), written as an IPv4 address.
 */
final class RawFlows {

    /** What varies from frame to frame of a flow (rawflows.py's patterns; its module text says more). */
    enum Ids {
        /** IPv4 identification always 0, a sequence number in the payload and the UDP checksum set: a stack's DF datagrams. */
        CONSTANT("const"),
        /** IPv4 identification 0, 1, 2, ...; UDP checksum 0, zero payload. */
        INCREMENTING("inc"),
        /** IPv4 identification uniform; UDP checksum 0, zero payload. */
        RANDOM("rand"),
        /** Every frame identical (identification 0, UDP checksum 0, zero payload): nothing varies. */
        IDENTICAL("same"),
        /** IPv6 UDP with a sequence number and the checksum, the flow's address in frame bytes 30..33. */
        IPV6("v6");

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
        return numbers(sendOutput(namespace, seconds, size, ids, pps), "sent");
    }

    private static String sendOutput(String namespace, double seconds, int size, Ids ids, Map<String, Double> pps) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace, "python3", script(), "send", "eth0",
                Double.toString(seconds), Integer.toString(size), ids.arg));
        pps.forEach((dst, rate) -> cmd.add(dst + ":" + String.format(Locale.ROOT, "%.3f", rate)));
        return Shell.run(cmd.toArray(new String[0]));
    }

    /** What a sender did: frames per destination, in total and per {@link #SEND_BIN_S} of its clock, and its worst lag. */
    static final class Sent {
        final Map<String, Long> frames;
        final Map<String, long[]> bins;
        final double lateSeconds;
        /** The worst lateness (s) in each {@link #SEND_BIN_S} of the sender's clock. */
        final double[] lateBins;

        Sent(String json) {
            frames = numbers(json, "sent");
            bins = arrays(json, "bins");
            Matcher lb = Pattern.compile("\"late_bins\": \\[([^\\]]*)\\]").matcher(json);
            if (!lb.find()) {
                throw new IllegalStateException("no \"late_bins\" in rawflows.py output: " + json);
            }
            String[] parts = lb.group(1).split(",\\s*");
            lateBins = new double[parts.length];
            for (int i = 0; i < parts.length; i++) {
                lateBins[i] = Double.parseDouble(parts[i].strip());
            }
            Matcher m = Pattern.compile("\"late\": ([0-9.e-]+)").matcher(json);
            lateSeconds = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
        }
    }

    /** The sender's bin width (rawflows.py SEND_BIN). */
    static final double SEND_BIN_S = 0.5;

    /** Sends flows given as {@code DST:PPS:START:STOP} (seconds from the start). */
    static Sent sendScheduled(String namespace, double seconds, int size, Ids ids, List<String> flows) {
        return sendScheduled(namespace, seconds, size, List.of(ids), flows);
    }

    /** The same with a pattern per flow: flow i takes {@code ids.get(i % ids.size())}. */
    static Sent sendScheduled(String namespace, double seconds, int size, List<Ids> ids, List<String> flows) {
        StringBuilder patterns = new StringBuilder();
        for (Ids i : ids) {
            patterns.append(patterns.length() == 0 ? "" : ",").append(i.arg);
        }
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace, "python3", script(), "send", "eth0",
                Double.toString(seconds), Integer.toString(size), patterns.toString()));
        cmd.addAll(flows);
        return new Sent(Shell.run(cmd.toArray(new String[0])));
    }

    /**
     * A receiver counting what arrives in {@code namespace} between {@code from} and {@code to} s
     * after the first frame; it gives up {@code timeout} s after its start.
     */
    static Receiver receive(String namespace, double timeout, double from, double to) {
        return receive(namespace, timeout, from, to, 0);
    }

    /** The same, also counting bytes per {@code bin} seconds from the first frame to {@code to} (0: no bins). */
    static Receiver receive(String namespace, double timeout, double from, double to, double bin) {
        try {
            List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace, "python3", script(), "recv", "eth0",
                    Double.toString(timeout), Double.toString(from), Double.toString(to)));
            if (bin > 0) {
                cmd.add(Double.toString(bin));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
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
        private String result;

        private Receiver(Process process, BufferedReader out) {
            this.process = process;
            this.out = out;
        }

        /** Waits for the end and returns the bytes received per destination in the window. */
        Map<String, Long> bytes() {
            return numbers(result(), "bytes");
        }

        /** Waits for the end and returns the bytes per bin and destination. */
        Map<String, long[]> bins() {
            return arrays(result(), "bins");
        }

        /** Frames the kernel dropped for the receiver's socket (it was starved): the count is then short. */
        long drops() {
            Matcher m = Pattern.compile("\"drops\": (\\d+)").matcher(result());
            if (!m.find()) {
                throw new IllegalStateException("no \"drops\" in rawflows.py output: " + result());
            }
            return Long.parseLong(m.group(1));
        }

        /** The same per bin (with bins). */
        long[] dropBins() {
            Matcher m = Pattern.compile("\"drop_bins\": \\[([^\\]]*)\\]").matcher(result());
            if (!m.find()) {
                throw new IllegalStateException("no \"drop_bins\" in rawflows.py output: " + result());
            }
            String[] parts = m.group(1).split(",\\s*");
            long[] v = new long[parts.length];
            for (int i = 0; i < parts.length; i++) {
                v[i] = Long.parseLong(parts[i].strip());
            }
            return v;
        }

        private synchronized String result() {
            if (result == null) {
                result = waitForResult();
            }
            return result;
        }

        private String waitForResult() {
            try {
                StringBuilder all = new StringBuilder();
                for (String line; (line = out.readLine()) != null;) {
                    all.append(line).append('\n');
                }
                process.waitFor(30, TimeUnit.SECONDS);
                if (process.exitValue() != 0) {
                    throw new IllegalStateException("rawflows.py recv exited " + process.exitValue() + ": " + all);
                }
                return all.toString();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** The {"a.b.c.d": [n, ...], ...} object under {@code key} of the script's JSON line. */
    static Map<String, long[]> arrays(String json, String key) {
        Matcher obj = Pattern.compile("\"" + key + "\": \\{(.*?)\\}").matcher(json);
        if (!obj.find()) {
            throw new IllegalStateException("no \"" + key + "\" in rawflows.py output: " + json);
        }
        Map<String, long[]> m = new LinkedHashMap<>();
        Matcher e = Pattern.compile("\"([^\"]+)\": \\[([^\\]]*)\\]").matcher(obj.group(1));
        while (e.find()) {
            String[] parts = e.group(2).split(",\\s*");
            long[] v = new long[parts.length];
            for (int i = 0; i < parts.length; i++) {
                v[i] = Long.parseLong(parts[i].strip());
            }
            m.put(e.group(1), v);
        }
        return m;
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
