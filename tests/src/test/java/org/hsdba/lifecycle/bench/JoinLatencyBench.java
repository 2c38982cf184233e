package org.hsdba.lifecycle.bench;

import static org.junit.Assert.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.Test;

/**
 * Benchmark, not a test (surefire does not pick it up by default; run it with
 * {@code mvn -pl tests -am test -Dtest=JoinLatencyBench -Dsurefire.failIfNoSpecifiedTests=false}):
 * join latency from a join PACKET_IN's arrival at the controller (the adapter's listener call) to
 * the NODE_JOINED event, which the manager emits right after the switch confirmed the new node's
 * entry. Joins are offered at 1, 100 and 1000 per second, each to a new user key under one subnet
 * with a template, in two set-ups:
 * <ul>
 * <li>end to end: reference switch with the extension, TCP on localhost, Netty POF server,
 *     manager (in-memory store, real compiler), FLOW_MODs confirmed by the switch's ECHO reply;</li>
 * <li>controller only: the same manager and compiler with a switch that confirms at once (the
 *     description of the real one), packet-ins handed to the manager directly.</li>
 * </ul>
 * Prints median, p99 and max per rate and writes them to {@code target/bench/join-latency.txt}.
 */
public class JoinLatencyBench {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);
    private static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofSeconds(30))
            .joinRatePerSecond(1e6).joinBurst(1_000_000).build();

    @Test
    public void run() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("# hsdba join latency: join PACKET_IN arrival at the controller -> entry confirmed (NODE_JOINED)");
        lines.add("# tree: subnet level (IPv4 dst /16) + user level (IPv4 dst /32); each join adds a user under one"
                + " subnet with a template; rate limit off; polling 30 s; JVM " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores shared with other builds");
        lines.add("# end-to-end: reference switch (extension on, MM tables of 6000 entries) -TCP localhost- Netty POF"
                + " server -> HsdbaManager -> FLOW_MOD confirmed (ECHO round trip)");
        lines.add("# controller-only: same manager and compiler, switch stub confirming at once");
        lines.add(String.format(Locale.ROOT, "%-16s %9s %6s %10s %10s %10s %11s", "setup", "offered/s", "joins",
                "median ms", "p99 ms", "max ms", "confirmed/s"));
        Captured model = capture();
        int[][] endToEnd = runs("hsdba.bench.e2e", "1:10,100:1000,1000:1000");
        int[][] controllerOnly = runs("hsdba.bench.controller", "1:10,100:1000,1000:3000");
        for (int[] r : endToEnd) {
            lines.add(endToEnd(r[0], r[1]));
            System.out.println(lines.get(lines.size() - 1));
        }
        for (int[] r : controllerOnly) {
            lines.add(controllerOnly(model, r[0], r[1]));
            System.out.println(lines.get(lines.size() - 1));
        }
        Path out = Path.of(System.getProperty("basedir", "."), "target", "bench", "join-latency.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines, StandardCharsets.UTF_8);
        lines.forEach(System.out::println);
        System.out.println("written to " + out);
    }

    /** {@code rate:count,...} from a system property. */
    private static int[][] runs(String property, String defaults) {
        String[] parts = System.getProperty(property, defaults).split(",");
        int[][] out = new int[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            String[] rc = parts[i].trim().split(":");
            out[i] = new int[] {Integer.parseInt(rc[0]), Integer.parseInt(rc[1])};
        }
        return out;
    }

    /** A real switch session (for its description) and one of its join packet-ins (for reason and table). */
    private static final class Captured {
        final PofSwitch session;
        final PacketIn join;

        Captured(PofSwitch session, PacketIn join) {
            this.session = session;
            this.join = join;
        }
    }

    private static Captured capture() throws Exception {
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0).build());
        server.start();
        Arrivals arrivals = new Arrivals(server);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        HsdbaManager manager = new HsdbaManager(new InMemoryHsdbaStore(List.of(), PARAMS), arrivals,
                new CompilerPrograms(), executor, TimeSource.SYSTEM, Mastership.ALWAYS);
        manager.start();
        manager.putTree(tree(), OptionalLong.empty());
        ReferenceSwitch sw = startSwitch(server);
        await(() -> manager.device(PORT.deviceId()).map(d -> d.isProgrammed()).orElse(false), 20_000);
        sw.receive(frame(0), 1);
        await(() -> arrivals.last != null, 20_000);
        Captured c = new Captured(server.getSwitch(1).orElseThrow(), arrivals.last);
        sw.close();
        manager.stop();
        executor.shutdownNow();
        server.stop();
        return c;
    }

    private static ReferenceSwitch startSwitch(PofServer server) {
        ReferenceSwitch sw = new ReferenceSwitch(DatapathConfig.builder().deviceId(1).portCount(4).tableSize(48_000).build(),
                ControlConfig.builder().controller("127.0.0.1", server.localAddress().getPort()).reconnectIntervalMs(100)
                        .build());
        sw.start();
        return sw;
    }

    private static String endToEnd(int perSecond, int joins) throws Exception {
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0).build());
        server.start();
        Arrivals arrivals = new Arrivals(server);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        HsdbaManager manager = new HsdbaManager(new InMemoryHsdbaStore(List.of(), PARAMS), arrivals,
                new CompilerPrograms(), executor, TimeSource.SYSTEM, Mastership.ALWAYS);
        Latencies latencies = new Latencies(arrivals.arrival);
        manager.addListener(latencies);
        manager.start();
        manager.putTree(tree(), OptionalLong.empty());
        ReferenceSwitch sw = startSwitch(server);
        await(() -> manager.device(PORT.deviceId()).map(d -> d.isProgrammed()).orElse(false), 20_000);
        try {
            return latencies.measure("end-to-end", perSecond, joins, i -> sw.receive(frame(i), 1));
        } finally {
            sw.close();
            manager.stop();
            executor.shutdownNow();
            server.stop();
        }
    }

    private static String controllerOnly(Captured model, int perSecond, int joins) throws Exception {
        InstantSwitch sw = new InstantSwitch(model.session);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        HsdbaManager manager = new HsdbaManager(new InMemoryHsdbaStore(List.of(), PARAMS), sw, new CompilerPrograms(),
                executor, TimeSource.SYSTEM, Mastership.ALWAYS);
        Map<String, Long> arrival = new ConcurrentHashMap<>();
        Latencies latencies = new Latencies(arrival);
        manager.addListener(latencies);
        manager.start();
        manager.putTree(tree(), OptionalLong.empty());
        sw.ready();
        await(() -> manager.device(PORT.deviceId()).map(d -> d.isProgrammed()).orElse(false), 20_000);
        try {
            return latencies.measure("controller-only", perSecond, joins, i -> {
                byte[] f = frame(i);
                arrival.put(nodeId(f), System.nanoTime());
                sw.packetIn(PacketIn.builder().reason(model.join.reason()).tableId(model.join.tableId())
                        .deviceId(model.join.deviceId()).portId(model.join.portId()).data(f).build());
            });
        } finally {
            manager.stop();
            executor.shutdownNow();
        }
    }

    /** NODE_JOINED times against the arrival times of the packet-ins. */
    private static final class Latencies implements org.hsdba.api.HsdbaListener {
        final List<Double> ms = Collections.synchronizedList(new ArrayList<>());
        final Map<String, Long> arrival;

        Latencies(Map<String, Long> arrival) {
            this.arrival = arrival;
        }

        @Override
        public void event(HsdbaEvent e) {
            if (e.type() == HsdbaEvent.Type.NODE_JOINED) {
                long now = System.nanoTime();
                Long t0 = arrival.get(e.nodeId().orElse(""));
                if (t0 != null) {
                    ms.add((now - t0) / 1e6);
                }
            }
        }

        /** Offers {@code joins} joins at {@code perSecond}, waits for all, and formats the figures. */
        String measure(String setup, int perSecond, int joins, IntConsumer offer) throws InterruptedException {
            long interval = 1_000_000_000L / perSecond;
            long start = System.nanoTime();
            for (int i = 0; i < joins; i++) {
                long due = start + i * interval;
                while (System.nanoTime() < due) {
                    Thread.onSpinWait();
                }
                offer.accept(i);
            }
            await(() -> ms.size() >= joins, 300_000);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals("every join was confirmed", joins, ms.size());
            List<Double> sorted = new ArrayList<>(ms);
            Collections.sort(sorted);
            double median = sorted.get(sorted.size() / 2);
            double p99 = sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1));
            return String.format(Locale.ROOT, "%-16s %9d %6d %10.2f %10.2f %10.2f %11.1f", setup, perSecond, joins,
                    median, p99, sorted.get(sorted.size() - 1), joins / seconds);
        }
    }

    /** Subnet 10.0/16 with a user template; users join on the full IPv4 destination. */
    private static BandwidthTree tree() {
        return BandwidthTree.builder(PORT).capacity(Rate.parse("10G"))
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).pinned(true).build())
                .addNode(NodeSpec.builder("users").parent("lab").template(true).weight(1.0).build())
                .build();
    }

    /** A 100-byte IPv4 frame to 10.0.(i / 250).(i % 250 + 1). */
    private static byte[] frame(int i) {
        byte[] f = new byte[100];
        f[12] = 0x08;
        f[14] = 0x45;
        f[17] = 86;
        f[23] = 17;
        f[30] = 10;
        f[32] = (byte) (i / 250);
        f[33] = (byte) (i % 250 + 1);
        return f;
    }

    private static String nodeId(byte[] f) {
        return "user-10.0." + (f[32] & 0xff) + "." + (f[33] & 0xff);
    }

    private static void await(BooleanSupplier c, long timeoutMs) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (!c.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out");
            }
            Thread.sleep(2);
        }
    }

    /** The real adapter, noting when each join PACKET_IN reached the controller. */
    private static final class Arrivals implements PofSwitchService {
        final Map<String, Long> arrival = new ConcurrentHashMap<>();
        volatile PacketIn last;
        private final PofSwitchService real;
        private final Map<PofSwitchListener, PofSwitchListener> wrapped = new ConcurrentHashMap<>();

        Arrivals(PofSwitchService real) {
            this.real = real;
        }

        @Override
        public Collection<PofSwitch> switches() {
            return real.switches();
        }

        @Override
        public Optional<PofSwitch> getSwitch(long deviceId) {
            return real.getSwitch(deviceId);
        }

        @Override
        public void addListener(PofSwitchListener l) {
            PofSwitchListener w = new PofSwitchListener() {
                @Override
                public void switchReady(PofSwitch sw) {
                    l.switchReady(sw);
                }

                @Override
                public void switchDisconnected(PofSwitch sw, String reason) {
                    l.switchDisconnected(sw, reason);
                }

                @Override
                public void packetIn(PofSwitch sw, PacketIn p) {
                    arrival.putIfAbsent(nodeId(p.data()), System.nanoTime());
                    last = p;
                    l.packetIn(sw, p);
                }

                @Override
                public void error(PofSwitch sw, ErrorMessage e, PofMessage cause) {
                    l.error(sw, e, cause);
                }

                @Override
                public void message(PofSwitch sw, PofMessage m) {
                    l.message(sw, m);
                }
            };
            wrapped.put(l, w);
            real.addListener(w);
        }

        @Override
        public void removeListener(PofSwitchListener l) {
            PofSwitchListener w = wrapped.remove(l);
            if (w != null) {
                real.removeListener(w);
            }
        }
    }
}
