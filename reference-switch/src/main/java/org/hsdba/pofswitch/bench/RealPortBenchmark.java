package org.hsdba.pofswitch.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
import org.hsdba.pofswitch.datapath.PortConfig;
import org.hsdba.pofswitch.ports.PortStats;
import org.hsdba.pofswitch.ports.RawSocket;
import org.hsdba.pofswitch.ports.RealPorts;

/**
 * The reference switch on real ports: veth pairs, the switch on one end of each; a sender thread
 * per traffic pair writes frames as fast as it can into an ingress port's wire (raw socket) and a
 * receiver counts what comes out of the egress port's wire. Frames of 64 and 1500 bytes, through
 * the in-switch program and a stock one-table program, capacity far above the offered load so
 * nothing is dropped by the program:
 * <ul>
 * <li>1 pair: port 1 to port 2, a 3-level binary tree ({@link BinaryTreeSetup});
 * <li>2 pairs at once: port 1 to 2 and port 3 to 4, one tree per egress port behind a dispatch
 * table ({@link MultiTreeSetup}; stock: one entry per egress port), so the two ingress threads run
 * their packets at the same time.
 * </ul>
 * Besides rates, the switch's CPU time (its port threads') per forwarded frame, which the other
 * threads on the machine do not change much. Prints and writes {@code target/bench/real-ports.txt}.
 * Needs root.
 *
 * <p>Run from the repository root: {@code mvn -q -pl reference-switch -am package -DskipTests} then
 * {@code sudo java -cp reference-switch/target/classes:pof-codec/target/classes:$HOME/.m2/repository/net/java/dev/jna/jna/5.14.0/jna-5.14.0.jar
 * org.hsdba.pofswitch.bench.RealPortBenchmark [seconds per case, default 5]}
 */
public final class RealPortBenchmark {
    private static final int ETHER = 0x88B5;
    private static final Match TREE_KEY = Match.of(0, 112, 8);

    private RealPortBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        String tag = "hsb" + (ProcessHandle.current().pid() % 100000);
        List<String> made = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        try {
            List<String[]> pairs = new ArrayList<>();
            for (String n : new String[] {"a", "b", "c", "d"}) {
                pairs.add(pair(tag + n, made));
            }
            text.append(String.format(Locale.ROOT, "Reference switch on real ports (AF_PACKET through JNA), %s; %.1f s per case;"
                    + " senders and receivers in the same JVM, %d cores; one datapath thread per port%n",
                    System.getProperty("java.vm.version"), seconds, Runtime.getRuntime().availableProcessors()));
            text.append(String.format(Locale.ROOT, "%-10s %5s %6s %14s %14s %12s %14s %10s %14s %14s%n", "program", "pairs",
                    "frame", "offered pkt/s", "out pkt/s", "out Mb/s", "wire pkt/s", "loss %", "switch CPU s",
                    "out pkt/CPU s"));
            for (int pairCount : new int[] {1, 2}) {
                for (boolean inSwitch : new boolean[] {true, false}) {
                    for (int size : new int[] {64, 1500}) {
                        String line = run(pairs, pairCount, inSwitch, size, seconds);
                        text.append(line);
                        System.out.print(line);
                    }
                }
            }
            text.append("out = frames the switch wrote to its egress ports (its forwarding rate, all pairs); wire = frames"
                    + " the receiving sockets counted on the egress peers; Mb/s of Ethernet frames without FCS; loss ="
                    + " offered frames the switch did not forward (its socket buffers overflowed: the switch's limit);"
                    + " switch CPU s = CPU time of the switch's port threads over the case; out pkt/CPU s = out frames per"
                    + " second of that CPU time\n");
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

    /**
     * One case: traffic pair {@code i} goes from switch port {@code 2i+1} (veth {@code pairs[2i]})
     * to port {@code 2i+2} (veth {@code pairs[2i+1]}).
     */
    private static String run(List<String[]> veths, int pairCount, boolean inSwitch, int size, double seconds)
            throws Exception {
        int portCount = 2 * pairCount;
        List<PortConfig> portConfigs = new ArrayList<>();
        Map<Integer, String> attach = new LinkedHashMap<>();
        for (int p = 1; p <= portCount; p++) {
            portConfigs.add(RealPorts.portConfig(p, veths.get(p - 1)[0]));
            attach.put(p, veths.get(p - 1)[0]);
        }
        DatapathConfig dc = DatapathConfig.builder().extensionEnabled(inSwitch).ports(portConfigs).build();
        ReferenceSwitch sw = new ReferenceSwitch(dc, ControlConfig.builder().build());
        sw.datapath().enableAllPorts();
        byte[][][] frames = new byte[pairCount][][];
        if (inSwitch && pairCount == 1) {
            BinaryTreeSetup tree = new BinaryTreeSetup(3, 2, 100_000_000_000L, 2_000_000);
            tree.install(sw.datapath(), 2, 0);
            frames[0] = new byte[tree.leaves()][];
            for (int i = 0; i < tree.leaves(); i++) {
                frames[0][i] = tree.frameFor(i, size);
                frames[0][i][0] = 0x02; // unicast
            }
        } else if (inSwitch) {
            int[] egress = new int[pairCount];
            for (int k = 0; k < pairCount; k++) {
                egress[k] = 2 * k + 2;
            }
            MultiTreeSetup trees = new MultiTreeSetup(egress, 4, 100_000_000_000L, 2_000_000);
            trees.install(sw.datapath());
            for (int k = 0; k < pairCount; k++) {
                frames[k] = new byte[4][];
                for (int i = 0; i < 4; i++) {
                    frames[k][i] = trees.frameFor(k, i, size);
                }
            }
        } else {
            // one table keyed by payload byte 0: pair k's frames carry k and leave by port 2k+2
            sw.datapath().tableMod(TableMod.builder().xid(1).command(0).table(0, 0).size(10).keyLengthBits(8).name("pairs")
                    .match(TREE_KEY).build());
            for (int k = 0; k < pairCount; k++) {
                sw.datapath().flowMod(FlowMod.builder().xid(2 + k).command(0).table(0, 0).index(k).priority(1)
                        .match(MatchX.exact(TREE_KEY, k)).instruction(ApplyActions.of(OutputAction.toPort(2 * k + 2)))
                        .build());
                frames[k] = new byte[8][];
                for (int i = 0; i < 8; i++) {
                    frames[k][i] = new byte[size];
                    frames[k][i][0] = 0x02;
                    frames[k][i][12] = (byte) (ETHER >> 8);
                    frames[k][i][13] = (byte) ETHER;
                    frames[k][i][14] = (byte) k;
                    frames[k][i][15] = (byte) i;
                }
            }
        }
        AtomicLong sent = new AtomicLong();
        AtomicLong received = new AtomicLong();
        long durationNs = (long) (seconds * 1e9);
        List<RawSocket> sockets = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        try (RealPorts ports = RealPorts.attach(sw, attach, m -> { })) {
            for (int k = 0; k < pairCount; k++) {
                RawSocket in = RawSocket.open(veths.get(2 * k)[1]);
                RawSocket out = RawSocket.open(veths.get(2 * k + 1)[1]);
                sockets.add(in);
                sockets.add(out);
                byte[][] mine = frames[k];
                threads.add(new Thread(() -> {
                    byte[] buf = new byte[2048];
                    try {
                        while (!stop.get()) {
                            if (out.receive(buf) > 0) {
                                received.incrementAndGet();
                            }
                        }
                    } catch (IOException e) {
                        // closed
                    }
                }, "bench-rx-" + k));
                threads.add(new Thread(() -> {
                    long start = System.nanoTime();
                    int i = 0;
                    long n = 0;
                    while (System.nanoTime() - start < durationNs) {
                        if (in.send(mine[i], size)) {
                            n++;
                        }
                        i = (i + 1) % mine.length;
                    }
                    sent.addAndGet(n);
                }, "bench-tx-" + k));
            }
            long cpuBefore = switchCpuNanos();
            long start = System.nanoTime();
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                if (t.getName().startsWith("bench-tx-")) {
                    t.join();
                }
            }
            long elapsed = System.nanoTime() - start;
            Thread.sleep(300);
            long cpu = switchCpuNanos() - cpuBefore;
            stop.set(true);
            for (Thread t : threads) {
                t.join(2000);
            }
            long outFrames = 0;
            for (PortStats s : ports.stats()) {
                if (s.port() % 2 == 0) {
                    outFrames += s.txFrames();
                }
            }
            double secs = elapsed / 1e9;
            double outPps = outFrames / secs;
            return String.format(Locale.ROOT, "%-10s %5d %6d %14.0f %14.0f %12.1f %14.0f %10.1f %14.2f %14.0f%n",
                    inSwitch ? "in-switch" : "stock", pairCount, size, sent.get() / secs, outPps, outPps * size * 8 / 1e6,
                    received.get() / secs, 100.0 * (sent.get() - outFrames) / Math.max(1, sent.get()), cpu / 1e9,
                    outFrames / Math.max(1e-9, cpu / 1e9));
        } finally {
            stop.set(true);
            sockets.forEach(RawSocket::close);
            sw.close();
        }
    }

    /** CPU time so far of the switch's port threads (RealPorts names them pofswitch-port-*). */
    private static long switchCpuNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("pofswitch-port-")) {
                long c = mx.getThreadCpuTime(t.getId());
                total += Math.max(0, c);
            }
        }
        return total;
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
