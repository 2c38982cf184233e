package org.hsdba.pofswitch.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.ports.PortStats;
import org.hsdba.pofswitch.ports.RawSocket;
import org.hsdba.pofswitch.ports.RealPorts;

/**
 * The reference switch on real ports: two veth pairs, the switch on one end of each; a sender
 * thread writes frames as fast as it can into port 1's wire (raw socket) and a receiver counts
 * what comes out of port 2's wire. Frames of 64 and 1500 bytes, through the in-switch program
 * (3-level binary tree, capacity far above the offered load, so nothing is dropped) and a stock
 * one-table program. Prints and writes {@code target/bench/real-ports.txt}. Needs root.
 *
 * <p>Run from the repository root: {@code mvn -q -pl reference-switch -am package -DskipTests} then
 * {@code sudo java -cp reference-switch/target/classes:pof-codec/target/classes:$HOME/.m2/repository/net/java/dev/jna/jna/5.14.0/jna-5.14.0.jar
 * org.hsdba.pofswitch.bench.RealPortBenchmark [seconds per case, default 5]}
 */
public final class RealPortBenchmark {
    private static final int ETHER = 0x88B5;

    private RealPortBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        String tag = "hsb" + (ProcessHandle.current().pid() % 100000);
        List<String> made = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        try {
            String[] p1 = pair(tag + "a", made);
            String[] p2 = pair(tag + "b", made);
            text.append(String.format(Locale.ROOT, "Reference switch on real ports (AF_PACKET through JNA), %s; %.1f s per case;"
                    + " sender and receiver in the same JVM, %d cores%n", System.getProperty("java.vm.version"), seconds,
                    Runtime.getRuntime().availableProcessors()));
            text.append(String.format(Locale.ROOT, "%-10s %6s %14s %14s %12s %14s %10s%n", "program", "frame", "offered pkt/s",
                    "out pkt/s", "out Mb/s", "wire pkt/s", "loss %"));
            for (boolean inSwitch : new boolean[] {true, false}) {
                for (int size : new int[] {64, 1500}) {
                    String line = run(p1, p2, inSwitch, size, seconds);
                    text.append(line);
                    System.out.print(line);
                }
            }
            text.append("out = frames the switch wrote to port 2 (its forwarding rate); wire = frames the receiving socket"
                    + " counted on port 2's peer; Mb/s of Ethernet frames without FCS; loss = offered frames the switch did not"
                    + " forward (its socket buffer overflowed: the switch's limit)\n");
        } finally {
            for (String n : made) {
                try {
                    sh("ip", "link", "del", n);
                } catch (IOException e) {
                    // gone already
                }
            }
        }
        Path out = Paths.get("target", "bench", "real-ports.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, text.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("written to " + out.toAbsolutePath());
    }

    private static String run(String[] p1, String[] p2, boolean inSwitch, int size, double seconds) throws Exception {
        DatapathConfig dc = DatapathConfig.builder().extensionEnabled(inSwitch)
                .ports(List.of(RealPorts.portConfig(1, p1[0]), RealPorts.portConfig(2, p2[0]))).build();
        ReferenceSwitch sw = new ReferenceSwitch(dc, ControlConfig.builder().build());
        sw.datapath().enableAllPorts();
        BinaryTreeSetup tree = new BinaryTreeSetup(3, 2, 100_000_000_000L, 2_000_000);
        byte[][] frames = new byte[tree.leaves()][];
        if (inSwitch) {
            tree.install(sw.datapath(), 2, 0);
            for (int i = 0; i < frames.length; i++) {
                frames[i] = tree.frameFor(i, size);
                frames[i][0] = 0x02; // unicast
            }
        } else {
            sw.datapath().tableMod(TableMod.builder().xid(1).command(0).table(0, 0).size(10).keyLengthBits(16).name("ether")
                    .match(Match.of(0, 96, 16)).build());
            sw.datapath().flowMod(FlowMod.builder().xid(2).command(0).table(0, 0).index(0).priority(1)
                    .match(MatchX.exact(Match.of(0, 96, 16), ETHER)).instruction(ApplyActions.of(OutputAction.toPort(2))).build());
            for (int i = 0; i < frames.length; i++) {
                frames[i] = new byte[size];
                frames[i][0] = 0x02;
                frames[i][12] = (byte) (ETHER >> 8);
                frames[i][13] = (byte) ETHER;
                frames[i][14] = (byte) i;
            }
        }
        AtomicLong sent = new AtomicLong();
        AtomicLong received = new AtomicLong();
        long durationNs = (long) (seconds * 1e9);
        try (RawSocket in = RawSocket.open(p1[1]); RawSocket out = RawSocket.open(p2[1]);
                RealPorts ports = RealPorts.attach(sw, Map.of(1, p1[0], 2, p2[0]), m -> { })) {
            Thread rx = new Thread(() -> {
                byte[] buf = new byte[2048];
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        int n = out.receive(buf);
                        if (n > 0) {
                            received.incrementAndGet();
                        }
                    }
                } catch (IOException e) {
                    // closed
                }
            });
            rx.start();
            long start = System.nanoTime();
            int k = 0;
            while (System.nanoTime() - start < durationNs) {
                if (in.send(frames[k], size)) {
                    sent.incrementAndGet();
                }
                k = (k + 1) % frames.length;
            }
            long elapsed = System.nanoTime() - start;
            Thread.sleep(300);
            rx.interrupt();
            rx.join(2000);
            PortStats s2 = ports.stats().stream().filter(s -> s.port() == 2).findFirst().orElseThrow();
            double secs = elapsed / 1e9;
            double outPps = s2.txFrames() / secs;
            double offered = sent.get() / secs;
            return String.format(Locale.ROOT, "%-10s %6d %14.0f %14.0f %12.1f %14.0f %10.1f%n", inSwitch ? "in-switch" : "stock",
                    size, offered, outPps, outPps * size * 8 / 1e6, received.get() / secs,
                    100.0 * (sent.get() - s2.txFrames()) / Math.max(1, sent.get()));
        } finally {
            sw.close();
        }
    }

    private static String[] pair(String name, List<String> made) throws IOException {
        String a = name + "0";
        String b = name + "1";
        sh("ip", "link", "add", a, "type", "veth", "peer", "name", b);
        made.add(a);
        for (String n : new String[] {a, b}) {
            sh("sysctl", "-q", "-w", "net.ipv6.conf." + n + ".disable_ipv6=1");
            sh("ip", "link", "set", n, "up");
        }
        return new String[] {a, b};
    }

    private static void sh(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: "
                        + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
