package org.hsdba.lab.hosts;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The iperf3 processes of the flows: a one-off server per flow on the receivers' side, a client
 * per flow on the senders' side started at its time, JSON output kept in files. {@link #close()}
 * kills whatever still runs (Ctrl-C, a crash), so no process is left holding a namespace.
 */
final class IperfFlows implements AutoCloseable {
    private final HostPlan plan;
    private final HostNetwork net;
    private final Path dir;
    private final List<Process> processes = new ArrayList<>();
    private final Map<String, Process> clients = new ConcurrentHashMap<>();

    IperfFlows(HostPlan plan, HostNetwork net, Path dir) throws IOException {
        this.plan = plan;
        this.net = net;
        this.dir = Files.createDirectories(dir);
    }

    /** Starts every flow's server; returns once they had time to listen. */
    void startServers() throws IOException, InterruptedException {
        for (HostFlow f : plan.flows()) {
            String bind = plan.leavesAreDestinations() ? f.leafAddress().getHostAddress() : net.otherAddress(plan);
            processes.add(start(net.receiverNamespace(), serverOut(f), "iperf3", "-s", "-1", "-J", "-B", bind, "-p",
                    String.valueOf(f.port())));
        }
        Thread.sleep(500);
        for (Process p : processes) {
            if (!p.isAlive()) {
                throw new IOException("an iperf3 server exited at once (exit " + p.exitValue() + "); see " + dir);
            }
        }
    }

    /** Starts the client of {@code f} now, for the rest of its interval. */
    void startClient(HostFlow f, double secondsLeft) throws IOException {
        String dst = plan.leavesAreDestinations() ? f.leafAddress().getHostAddress() : net.otherAddress(plan);
        String src = plan.leavesAreDestinations() ? net.otherAddress(plan) : f.leafAddress().getHostAddress();
        List<String> cmd = new ArrayList<>(List.of("iperf3", "-c", dst, "-B", src, "-p", String.valueOf(f.port()), "-J",
                "-t", String.valueOf(Math.max(1, Math.round(secondsLeft))), "--connect-timeout", "3000"));
        if (f.tcp()) {
            // per socket: the machine's default may be another algorithm (BBR here), see HostNetwork
            cmd.addAll(List.of("-C", plan.congestionControl()));
        } else {
            cmd.addAll(List.of("-u", "-b", String.valueOf(f.iperfPayloadBps()), "-l", String.valueOf(f.udpPayload())));
        }
        Process p = start(net.senderNamespace(), clientOut(f), cmd.toArray(new String[0]));
        synchronized (processes) {
            processes.add(p);
        }
        clients.put(f.sourceId(), p);
    }

    private Process start(String ns, Path out, String... cmd) throws IOException {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        all.addAll(List.of(cmd));
        return new ProcessBuilder(all).redirectOutput(out.toFile()).redirectError(new File(out + ".err")).start();
    }

    private Path serverOut(HostFlow f) {
        return dir.resolve(f.sourceId() + "-server.json");
    }

    private Path clientOut(HostFlow f) {
        return dir.resolve(f.sourceId() + "-client.json");
    }

    /** Waits up to {@code millis} for every client to end. */
    void awaitClients(long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Process p : clients.values()) {
            p.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    /** What a flow's sender said went wrong (exit status, iperf3's error), or null if it ended well. */
    String clientError(HostFlow f) {
        Process p = clients.get(f.sourceId());
        if (p == null) {
            return "never started";
        }
        if (p.isAlive()) {
            return "still running at the end";
        }
        JsonNode j = json(clientOut(f));
        String err = j == null ? null : j.path("error").asText(null);
        if (p.exitValue() != 0 || err != null) {
            return "iperf3 exit " + p.exitValue() + (err != null ? ": " + err : "");
        }
        return null;
    }

    /**
     * The receiver's per-second goodput (payload b/s) of a flow, as its server measured: one value
     * per interval (iperf3's default 1 s). Empty if the server reported nothing.
     */
    double[] receivedPerSecond(HostFlow f) {
        JsonNode j = json(serverOut(f));
        if (j == null) {
            return new double[0];
        }
        JsonNode iv = j.path("intervals");
        double[] out = new double[iv.size()];
        for (int i = 0; i < iv.size(); i++) {
            out[i] = iv.get(i).path("sum").path("bits_per_second").asDouble();
        }
        return out;
    }

    /** UDP loss in percent at the receiver, NaN for TCP or if unknown. */
    double udpLossPercent(HostFlow f) {
        JsonNode j = json(serverOut(f));
        return j == null || f.tcp() ? Double.NaN : j.path("end").path("sum").path("lost_percent").asDouble(Double.NaN);
    }

    /** TCP retransmissions the sender counted, -1 if unknown. */
    long retransmits(HostFlow f) {
        JsonNode j = json(clientOut(f));
        return j == null || !f.tcp() ? -1 : j.path("end").path("sum_sent").path("retransmits").asLong(-1);
    }

    /** The sender's mean smoothed RTT in ms (iperf3's from TCP_INFO), NaN if unknown or UDP. */
    double meanRttMs(HostFlow f) {
        JsonNode j = json(clientOut(f));
        if (j == null || !f.tcp()) {
            return Double.NaN;
        }
        JsonNode streams = j.path("end").path("streams");
        return streams.size() == 1 ? streams.get(0).path("sender").path("mean_rtt").asDouble(Double.NaN) / 1000 : Double.NaN;
    }

    /** The congestion control the sender's socket used (iperf3's report), null if unknown or UDP. */
    String congestionControl(HostFlow f) {
        JsonNode j = json(clientOut(f));
        return j == null || !f.tcp() ? null : j.path("end").path("sender_tcp_congestion").asText(null);
    }

    private static JsonNode json(Path p) {
        try {
            if (!Files.isRegularFile(p) || Files.size(p) == 0) {
                return null;
            }
            return new ObjectMapper().readTree(p.toFile());
        } catch (IOException e) {
            return null;
        }
    }

    /** Kills every process still running (servers of flows that never came, clients cut short). */
    @Override
    public void close() {
        List<Process> all;
        synchronized (processes) {
            all = new ArrayList<>(processes);
        }
        for (Process p : all) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        for (Process p : all) {
            try {
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
