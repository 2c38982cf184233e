package org.hsdba.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.junit.Test;

/**
 * Benchmark (a JUnit class run by {@code scripts/bench.sh switches-side-by-side}; no assertion on figures):
 * frames per second through four switches on the same real ports (veth pairs to hosts in
 * network namespaces), with the same tree and the same frames, one after another in one run: the
 * real POFSwitch 1.4.0 (stock build, controller-assisted), the real POFSwitch with the HSDBA
 * extension (pofswitch-hx, in-switch), the reference switch in stock mode (controller-assisted)
 * and the reference switch with the extension (in-switch). Host 1 sends four
 * flows, one per leaf of the two-level tree at 10 Gb/s (so the allocation drops nothing and the
 * figure is the forwarding path's), at rising offered rates, each for 5 s; host 2 counts what
 * arrives from 1 s to 4 s after the first frame. Properties: {@code hsdba.bench.frame} (bytes,
 * default 128), {@code hsdba.bench.rates} (offered frames/s over all flows, default
 * 5000,10000,20000,40000). Writes {@code target/bench/real-ports-throughput.txt} under the working
 * directory. Needs root and the POFSwitch source, as the interop tests.
 */
public class RealPortsThroughputBench {

    static final double STEP_S = 5;
    static final double FROM_S = 1;
    static final double TO_S = 4;

    @Test
    public void run() throws IOException {
        Path file = Paths.get("target", "bench", "real-ports-throughput.txt");
        Files.createDirectories(file.getParent());
        Optional<String> why = RealSwitchRig.unavailable();
        if (why.isPresent()) {
            // Said in the result file, so scripts/bench.sh reports the run (a plain clone has no
            // POFSwitch source) instead of failing for want of figures.
            String line = "# not measured: " + why.get() + System.lineSeparator();
            System.out.print(line);
            Files.writeString(file, line, StandardCharsets.UTF_8);
            return;
        }
        int size = Integer.getInteger("hsdba.bench.frame", 128);
        List<Integer> rates = new ArrayList<>();
        for (String r : System.getProperty("hsdba.bench.rates", "5000,10000,20000,40000").split(",")) {
            rates.add(Integer.parseInt(r.strip()));
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "# real ports: %d-byte frames (+4 FCS on the wire), 4 flows through the two-level tree at 10 Gb/s, offered "
                        + "frames/s %s, sent and received counted from 1 s to 4 s of each 5 s step (sender's clock, receiver's "
                        + "from the first frame); sender: rawflows.py (one Python process, so 'sent/s' below offered means "
                        + "the sender was the limit; 'rx drops': frames the receiving socket lost, not the switch); %s, %d cores shared with "
                        + "other builds, load average at start %s%n",
                size, rates, Instant.now(), Runtime.getRuntime().availableProcessors(), loadAverage()));
        out.append(String.format(Locale.ROOT, "%-20s %10s %10s %12s %8s %9s%n", "switch", "offered/s", "sent/s", "received/s",
                "rcv/sent", "rx drops"));
        System.out.print(out);
        for (RealSwitchRig.Kind kind : RealSwitchRig.Kind.values()) {
            try (RealSwitchRig rig = RealSwitchRig.start(HsdbaParameters.builder().build(), kind)) {
                rig.controller.manager.putTree(Trees.twoLevel(PortRef.of(rig.device, rig.egress), Rate.parse("10G")),
                        OptionalLong.empty());
                rig.controller.awaitProgrammed(rig.device, 1);
                for (int total : rates) {
                    List<String> flows = new ArrayList<>();
                    for (String ip : List.of("10.1.0.1", "10.1.0.2", "10.2.0.1", "10.2.0.2")) {
                        flows.add(String.format(Locale.ROOT, "%s:%.3f", ip, total / 4.0));
                    }
                    RawFlows.Receiver rx = RawFlows.receive(rig.net.namespace(2), STEP_S + 30, FROM_S, TO_S);
                    RawFlows.Sent s = RawFlows.sendScheduled(rig.net.namespace(1), STEP_S, size, RawFlows.Ids.INCREMENTING,
                            flows);
                    double received = rx.bytes().values().stream().mapToLong(Long::longValue).sum() / (double) size
                            / (TO_S - FROM_S);
                    long inWindow = 0; // what the sender sent in the same window of its clock
                    for (long[] bins : s.bins.values()) {
                        for (int i = (int) (FROM_S / RawFlows.SEND_BIN_S); i < (int) (TO_S / RawFlows.SEND_BIN_S); i++) {
                            inWindow += i < bins.length ? bins[i] : 0;
                        }
                    }
                    double sent = inWindow / (TO_S - FROM_S);
                    String line = String.format(Locale.ROOT, "%-20s %10d %10.0f %12.0f %8.3f %9d%n",
                            kind.name().toLowerCase(Locale.ROOT), total, sent, received, received / sent, rx.drops());
                    System.out.print(line);
                    out.append(line);
                }
            }
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
        System.out.println("wrote " + file.toAbsolutePath());
    }

    private static String loadAverage() {
        try {
            return Files.readString(Paths.get("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "?";
        }
    }
}
