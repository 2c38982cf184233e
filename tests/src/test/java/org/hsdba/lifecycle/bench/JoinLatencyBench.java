package org.hsdba.lifecycle.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.lifecycle.ObservedCompiler;
import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.onos.SharedStorageService;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ControlTrace;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.DistributedHsdbaStore;
import org.hsdba.store.FileHsdbaStore;
import org.hsdba.store.HsdbaStore;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.Test;

/**
 * Benchmark, not a test (surefire does not pick it up by default; run it with
 * {@code mvn -pl tests -am test -Dtest=JoinLatencyBench -Dsurefire.failIfNoSpecifiedTests=false}):
 * join latency from a join PACKET_IN's arrival at the controller (the adapter's listener call) to
 * the NODE_JOINED event, which the manager emits right after the switch confirmed the new node's
 * entry, and where that time goes ({@link JoinStages}: from the reference switch's PACKET_IN write
 * ({@link SwitchStamps}) through the join queue, plan+admit, the store write, wait for the diff, compiler diff,
 * send, the switch's read, apply and ECHO_REPLY, the confirmation, to the event). Joins are offered at
 * 1, 100 and 1000 per second, each to a new user key under one subnet with a template, in two
 * set-ups:
 * <ul>
 * <li>end to end: reference switch with the extension, TCP on localhost, Netty POF server,
 *     manager (in-memory store, real compiler), FLOW_MODs confirmed by the switch's ECHO reply;</li>
 * <li>controller only: the same manager and compiler with a switch that confirms at once (the
 *     description of the real one), packet-ins handed to the manager directly.</li>
 * </ul>
 * Warm-up runs (end to end, reported but kept apart) come first so the JIT has compiled the path
 * before the measured runs: the given ones, in passes until the JIT is quiet (it compiled for less
 * than {@code hsdba.bench.jitQuietPercent}, default 2, percent of a pass; at most
 * {@code hsdba.bench.warmupMaxExtra}, default 6, more passes). Runs are {@code rate:joins} lists
 * in the system properties {@code hsdba.bench.warmup} (default 500:1500,1000:1500: both the paced
 * and the batching path), {@code hsdba.bench.e2e} (default
 * 1:30,100:1000,1000:1000,1000:3000), {@code hsdba.bench.fileStore} (default 1:20,100:300: end to
 * end with the lab's file store, which makes every write durable before the switch is updated),
 * {@code hsdba.bench.onosStore} (default 100:1000: the app's ONOS store on ONOS's in-memory
 * StorageService; preceded by a warm-up of its own on that store, {@code hsdba.bench.onosStoreWarmup},
 * default the value of {@code hsdba.bench.warmup}, reported but kept apart)
 * and {@code hsdba.bench.controller} (default
 * 1:20,100:1000,1000:3000); {@code hsdba.bench.waitSeconds} (default 120) bounds the wait for a
 * run's confirmations (a run that does not finish is reported INCOMPLETE);
 * {@code hsdba.bench.switchFastPath=false} runs the reference switch without its fast path;
 * {@code hsdba.bench.inline=true} runs joins and confirmations on the adapter's event loop when the
 * device's lane is idle (the manager's {@code inlineJoins(true)}, off by default and ignored on the
 * file store); without it every join goes through the device's lane. Then a probe times one
 * join's control-thread steps (tree rebuild, admission, compiler diff) against trees of
 * {@code hsdba.bench.probe} users (default 10,100,500,1000,3000; {@link TreeSizeCosts}). Prints
 * median, p99 and max per run, the per-stage breakdown and the probe, and writes them to
 * {@code target/bench/join-latency.txt}. Offered joins are paced by parking, not spinning: a
 * spinning offerer would take one of the machine's two cores from the path it measures.
 */
public class JoinLatencyBench {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);
    static final HsdbaParameters PARAMS = HsdbaParameters.builder().pollingPeriod(Duration.ofSeconds(30))
            .joinRatePerSecond(1e6).joinBurst(1_000_000).build();
    private static final int PROBE_REPS = 100;
    /**
     * {@code -Dhsdba.bench.profile=<async-profiler options>}, e.g.
     * {@code event=cpu,interval=100us,threads,collapsed}: async-profiler samples each measured run
     * (not the warm-up) into {@code target/bench/profile-<setup>-<rate>.txt}. Its jar (Maven Central
     * {@code tools.profiler:async-profiler}) must be on the class path; it is called by reflection.
     */
    private static final String PROFILE = System.getProperty("hsdba.bench.profile", "");
    private static final String HEADER = String.format(Locale.ROOT, "%-16s %9s %6s %14s %9s %16s %9s %9s %11s %6s",
            "setup", "offered/s", "joins", "confirmed: med", "p99", "NODE_JOINED: med", "p99", "max", "confirmed/s",
            "load");

    @Test
    public void run() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("# hsdba join latency: join PACKET_IN arrival at the controller -> the switch's confirmation of the new"
                + " entry (the ECHO reply after its FLOW_MOD, as the adapter reads it: \"confirmed\") and -> the manager's"
                + " NODE_JOINED event after that (\"NODE_JOINED\", emitted on the thread that read the confirmation); max is of the latter");
        lines.add("# tree: subnet level (IPv4 dst /16) + user level (IPv4 dst /32); each join adds a user under one"
                + " subnet with a template; rate limit off; polling 30 s; JVM " + System.getProperty("java.version") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores shared with other builds (load: 1-minute load"
                + " average at the end of the run)");
        lines.add("# end-to-end: reference switch (extension on, MM tables of 6000 entries) -TCP localhost- Netty POF"
                + " server -> HsdbaManager -> FLOW_MOD confirmed (ECHO round trip)");
        lines.add("# controller-only: same manager and compiler, switch stub confirming at once");
        lines.add("# stages (per join, median/p99 over the joins, each from the last stage stamped before it):"
                + " PACKET_IN write->arrival = the reference switch's write of the PACKET_IN -> the adapter's listener;"
                + " join queue = -> control thread takes it; plan+admit = join planned, tree rebuilt, admission;"
                + " store write = the store's write call (\"store writes\": its wall and the writer's CPU time);"
                + " wait for diff = until the program update containing it starts (a change in flight is"
                + " confirmed first); compiler diff = DeviceProgram.update; diff->send = handed to the adapter;"
                + " send->switch read = encode, event-loop hand-off, write, TCP, the switch's reader wakes; switch"
                + " applies = FLOW_MODs and the confirming ECHO_REQUEST handled; ECHO_REPLY write; ->adapter confirms ="
                + " TCP, the adapter's event loop reads the ECHO_REPLY (switch round trip = diff->send end ->"
                + " confirmed); confirm->lane runs = the device's lane runs again (a pool thread); ->NODE_JOINED = the event"
                + " (confirm->event = both); join taken on = the threads that took the joins from the queue (pof-io:"
                + " inline on the adapter's event loop, the lane idle; pool: the device's lane)");
        lines.add("# joins run inline on the adapter's thread when the device's lane is idle: "
                + inlineAsked() + " (-Dhsdba.bench.inline; never with the file store)");
        int[] probe = probeSizes();
        deleteStores();
        Captured model = capture();
        List<Run> runs = new ArrayList<>();
        warmUp(runs, "warm-up (e2e)", runs("hsdba.bench.warmup", WARMUP), JoinLatencyBench::memoryStore);
        for (int[] r : runs("hsdba.bench.e2e", "1:30,100:1000,1000:1000,1000:3000")) {
            runs.add(endToEnd("end-to-end", r[0], r[1], JoinLatencyBench::memoryStore));
        }
        for (int[] r : runs("hsdba.bench.fileStore", "1:20,100:300")) {
            runs.add(endToEnd("e2e, file store", r[0], r[1], JoinLatencyBench::fileStore));
        }
        int[][] onosRuns = runs("hsdba.bench.onosStore", "100:1000");
        if (onosRuns.length > 0) {
            // The ONOS store's own code (its map, codecs, index) is not on the memory store's path: without
            // a warm-up of its own the measured run was its JIT warm-up (store write 0.13-0.15 ms in a first
            // run, 0.09-0.11 ms in a second one in the same JVM, 2026-11-28).
            warmUp(runs, "warm-up (ONOS)", runs("hsdba.bench.onosStoreWarmup",
                    System.getProperty("hsdba.bench.warmup", WARMUP)), JoinLatencyBench::onosStore);
        }
        for (int[] r : onosRuns) {
            runs.add(endToEnd("e2e, ONOS store", r[0], r[1], JoinLatencyBench::onosStore));
        }
        for (int[] r : runs("hsdba.bench.controller", "1:20,100:1000,1000:3000")) {
            runs.add(controllerOnly(model, r[0], r[1]));
        }
        lines.add(HEADER);
        runs.forEach(r -> lines.add(r.summary));
        if (probe.length > 0) {
            lines.add("");
            lines.add("# one join's control-thread steps against a tree of N users (median / p99 over " + PROBE_REPS
                    + " joins), outside the manager");
            lines.addAll(TreeSizeCosts.measure(tree(), model.session, PARAMS, probe, PROBE_REPS));
            lines.add(TreeSizeCosts.idleCost(tree(), model.session, PARAMS));
        }
        for (Run r : runs) {
            lines.add("");
            lines.add(r.summary.trim().replaceAll(" +", " ") + ":");
            lines.addAll(r.breakdown);
        }
        Path out = Path.of(System.getProperty("basedir", "."), "target", "bench", "join-latency.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines, StandardCharsets.UTF_8);
        lines.forEach(System.out::println);
        System.out.println("written to " + out);
        // A run that did not confirm every join measured a broken path (the ONOS-store run once
        // confirmed none and the script said "ok"): the benchmark fails, after writing its figures.
        List<String> incomplete = runs.stream().filter(r -> r.summary.contains("INCOMPLETE")).map(r -> r.summary.trim())
                .collect(java.util.stream.Collectors.toList());
        if (!incomplete.isEmpty()) {
            throw new AssertionError("runs that did not confirm every join: " + incomplete);
        }
    }

    /**
     * The given warm-up runs, again and again until the JIT is quiet: until the JIT compiled for
     * less than {@code hsdba.bench.jitQuietPercent} (default 2; 0: one pass only) percent of a
     * pass's wall time, at most {@code hsdba.bench.warmupMaxExtra} (default 6) more passes. Why:
     * after one pass the measured runs still compiled (392 C2 compilations in the 1000/s runs; the
     * JIT compiled for 40-90 % of each of the first five 3 s runs at 500/s, 2026-11-28), and a
     * compilation of the join path's large methods holds one of the machine's two cores for
     * milliseconds: the 1000/s tail measured the JIT's warm-up, which a controller running for a
     * minute is past. The warm-up runs are printed, kept apart, each with its JIT share.
     */
    private static void warmUp(List<Run> runs, String setup, int[][] given, Supplier<HsdbaStore> store)
            throws Exception {
        double quiet = Double.parseDouble(System.getProperty("hsdba.bench.jitQuietPercent", "2")) / 100;
        int maxExtra = Integer.getInteger("hsdba.bench.warmupMaxExtra", 6);
        for (int pass = 0; given.length > 0; pass++) {
            double seconds = 0;
            double jitSeconds = 0;
            for (int[] r : given) {
                Run run = endToEnd(setup, r[0], r[1], store);
                runs.add(run);
                seconds += run.seconds;
                jitSeconds += run.jitShare * run.seconds;
            }
            double share = jitSeconds / seconds;
            if (quiet <= 0 || !(share >= quiet)) {
                return; // quiet, not asked to wait for it, or the JVM does not say (NaN)
            }
            if (pass == maxExtra) {
                System.out.printf(Locale.ROOT, "%s: the JIT still compiled for %.1f %% of the last of %d extra passes;"
                        + " measuring anyway%n", setup, 100 * share, maxExtra);
                return;
            }
            System.out.printf(Locale.ROOT, "%s: the JIT compiled for %.1f %% of the pass (quiet: < %.1f %%): another"
                    + " pass%n", setup, 100 * share, 100 * quiet);
        }
    }

    /** {@code rate:count,...} from a system property (empty: none). */
    private static int[][] runs(String property, String defaults) {
        String value = System.getProperty(property, defaults).trim();
        if (value.isEmpty()) {
            return new int[0][];
        }
        String[] parts = value.split(",");
        int[][] out = new int[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            String[] rc = parts[i].trim().split(":");
            try {
                out[i] = new int[] {Integer.parseInt(rc[0].trim()), Integer.parseInt(rc[1].trim())};
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("-D" + property + ": \"" + parts[i] + "\" is not rate:joins", e);
            }
            if (out[i][0] <= 0 || out[i][1] <= 0) {
                throw new IllegalArgumentException("-D" + property + ": \"" + parts[i] + "\" needs a rate and joins > 0");
            }
        }
        return out;
    }

    /** Tree sizes (users) of the per-join cost probe, {@code hsdba.bench.probe} (empty: no probe). */
    private static int[] probeSizes() {
        String value = System.getProperty("hsdba.bench.probe", "10,100,500,1000,3000").trim();
        if (value.isEmpty()) {
            return new int[0];
        }
        try {
            return java.util.Arrays.stream(value.split(",")).mapToInt(v -> Integer.parseInt(v.trim())).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-Dhsdba.bench.probe: \"" + value + "\" is not a list of user counts", e);
        }
    }

    /** One run's summary line and its stage breakdown. */
    /** The warm-up runs' default: a paced rate and the rate at which joins batch. */
    private static final String WARMUP = "500:1500,1000:1500";

    private static final class Run {
        final String summary;
        final List<String> breakdown;
        /** The run's wall time in seconds. */
        final double seconds;
        /** The share of the run's wall time the JIT compilers spent compiling (their threads summed); NaN if unknown. */
        final double jitShare;

        Run(String summary, List<String> breakdown, double seconds, double jitShare) {
            this.summary = summary;
            this.breakdown = breakdown;
            this.seconds = seconds;
            this.jitShare = jitShare;
        }
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
        TimedSwitches switches = new TimedSwitches(server, new JoinStages(), JoinLatencyBench::nodeId);
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        HsdbaManager manager = new HsdbaManager(new InMemoryHsdbaStore(List.of(), PARAMS), switches,
                new CompilerPrograms(), executor, TimeSource.SYSTEM, Mastership.ALWAYS);
        manager.start();
        manager.putTree(tree(), OptionalLong.empty());
        ReferenceSwitch sw = startSwitch(server, ControlTrace.NONE);
        await(() -> manager.device(PORT.deviceId()).map(d -> d.isProgrammed()).orElse(false), 20_000);
        sw.receive(frame(0), 1);
        await(() -> switches.lastPacketIn != null, 20_000);
        Captured c = new Captured(server.getSwitch(1).orElseThrow(), switches.lastPacketIn);
        sw.close();
        server.stop();
        manager.stop();
        executor.shutdownNow();
        return c;
    }

    private static ReferenceSwitch startSwitch(PofServer server, ControlTrace trace) {
        // hsdba.bench.switchFastPath=false: the switch interprets every frame instead of running its fast
        // path (which a FLOW_MOD updates in place, on the offering thread: CPU beside the path measured)
        boolean fastPath = !"false".equals(System.getProperty("hsdba.bench.switchFastPath"));
        ReferenceSwitch sw = new ReferenceSwitch(DatapathConfig.builder().deviceId(1).portCount(4).tableSize(48_000)
                .fastPath(fastPath).build(),
                ControlConfig.builder().controller("127.0.0.1", server.localAddress().getPort()).reconnectIntervalMs(100)
                        .trace(trace).build());
        sw.start();
        return sw;
    }

    /** The file stores of an earlier run. */
    private static void deleteStores() throws java.io.IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "bench", "stores");
        if (Files.isDirectory(dir)) {
            try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The bench's default: the configuration in memory. */
    private static HsdbaStore memoryStore() {
        return new InMemoryHsdbaStore(List.of(), PARAMS);
    }

    /**
     * The lab's store: every write (a join batch too) is the whole configuration written to a
     * temporary file, fsynced and renamed, before the program update starts.
     */
    private static HsdbaStore fileStore() {
        try {
            Path dir = Path.of(System.getProperty("basedir", "."), "target", "bench", "stores");
            Files.createDirectories(dir);
            HsdbaStore store = FileHsdbaStore.open(Files.createTempDirectory(dir, "store-"));
            store.setParameters(PARAMS);
            return store;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The store the app uses in ONOS (trees as JSON in a ConsistentMap) on ONOS's in-memory
     * StorageService whose maps deliver events through the listener's executor as ONOS's do
     * ({@link SharedStorageService}; ONOS's own test map would never tell the store's
     * {@code hsdba-store-events} thread, and the manager would not see a join): the encoding of
     * every write and the store's event thread are measured, a cluster's consensus is not.
     */
    private static HsdbaStore onosStore() {
        HsdbaStore store = DistributedHsdbaStore.create(new SharedStorageService());
        store.setParameters(PARAMS);
        return store;
    }

    private static Run endToEnd(String setup, int perSecond, int joins, Supplier<HsdbaStore> store) throws Exception {
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0).build());
        server.start();
        JoinStages stages = new JoinStages();
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        HsdbaManager manager = manager(stages, new TimedSwitches(server, stages, JoinLatencyBench::nodeId), executor,
                store.get());
        ReferenceSwitch sw = startSwitch(server, new SwitchStamps(stages, JoinLatencyBench::nodeId));
        await(() -> manager.device(PORT.deviceId()).map(d -> d.isProgrammed()).orElse(false), 20_000);
        try {
            return withDevice(manager, measure(stages, setup, perSecond, joins, i -> sw.receive(frame(i), 1)));
        } finally {
            sw.close();
            server.stop();
            manager.stop();
            executor.shutdownNow();
        }
    }

    private static Run controllerOnly(Captured model, int perSecond, int joins) throws Exception {
        InstantSwitch sw = new InstantSwitch(model.session);
        JoinStages stages = new JoinStages();
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
        HsdbaManager manager = manager(stages, new TimedSwitches(sw, stages, JoinLatencyBench::nodeId), executor,
                memoryStore());
        sw.ready();
        await(() -> manager.device(PORT.deviceId()).map(d -> d.isProgrammed()).orElse(false), 20_000);
        try {
            return withDevice(manager, measure(stages, "controller-only", perSecond, joins, i -> sw.packetIn(PacketIn.builder()
                    .reason(model.join.reason()).tableId(model.join.tableId()).deviceId(model.join.deviceId())
                    .portId(model.join.portId()).data(frame(i)).build())));
        } finally {
            manager.stop();
            executor.shutdownNow();
        }
    }

    /** An INCOMPLETE run's breakdown also gets the device's join counters and state: what the manager made of the lost joins. */
    private static Run withDevice(HsdbaManager manager, Run run) {
        if (run.summary.contains("INCOMPLETE")) {
            run.breakdown.add("  device at the end: " + manager.device(PORT.deviceId())
                    .map(d -> (d.isProgrammed() ? "programmed" : "not programmed") + ", " + d.joins()
                            + d.lastError().map(e -> ", last error: " + e).orElse(""))
                    .orElse("(none)"));
            System.out.println(run.breakdown.get(run.breakdown.size() - 1));
        }
        return run;
    }

    /** Whether -Dhsdba.bench.inline=true asks for inline joins (off without it, as the manager's default). */
    static boolean inlineAsked() {
        return Boolean.getBoolean("hsdba.bench.inline");
    }

    /** Inline joins for a run on {@code store}: as asked, never on the file store (its commit is an fsync). */
    static boolean inline(HsdbaStore store) {
        return inlineAsked() && !(store instanceof FileHsdbaStore);
    }

    /** A started manager with the tree, its store, compiler and switches timed into {@code stages}. */
    private static HsdbaManager manager(JoinStages stages, PofSwitchService switches, ScheduledExecutorService executor,
                                        HsdbaStore store) {
        // The lanes run on the scheduler's one thread, as before; each task the pool starts stamps
        // LANE for the confirmed joins (at low rates the confirmation's hop back to the lane).
        java.util.concurrent.Executor lanes = task -> executor.execute(() -> {
            stages.moved(Stage.CONFIRMED, Stage.LANE, System.nanoTime());
            task.run();
        });
        HsdbaManager manager = new HsdbaManager(new TimedStore(store, stages),
                switches, new ObservedCompiler(new CompilerPrograms(),
                        new TimedCompiler(stages, JoinLatencyBench::nodeId)), executor, lanes,
                TimeSource.SYSTEM, Mastership.ALWAYS);
        // As the manager decides for the real store, which the timed wrapper hides from it: never
        // with the file store's fsync. Without -Dhsdba.bench.inline=true every join goes through the lanes.
        manager.inlineJoins(inline(store));
        manager.addListener(e -> {
            if (e.type() == HsdbaEvent.Type.NODE_JOINED) {
                stages.reached(Stage.JOINED, e.nodeId().orElse(""), System.nanoTime());
            }
        });
        manager.start();
        manager.putTree(tree(), OptionalLong.empty());
        return manager;
    }

    /**
     * Offers {@code joins} joins at {@code perSecond}, waits for all (at most
     * {@code hsdba.bench.waitSeconds}, default 120), and formats the figures.
     */
    private static Run measure(JoinStages stages, String setup, int perSecond, int joins, IntConsumer offer)
            throws InterruptedException {
        long interval = 1_000_000_000L / perSecond;
        java.util.Map<String, long[]> gcBefore = collections();
        java.util.Map<Long, Long> allocatedBefore = allocatedBytes();
        long cpuBefore = processCpuNanos();
        long jitBefore = jitMillis();
        java.util.Map<Long, Long> threadCpuBefore = threadCpuNanos();
        Path profile = setup.startsWith("warm-up") ? null : Path.of(System.getProperty("basedir", "."), "target",
                "bench", "profile-" + setup.replaceAll("[^A-Za-z0-9]+", "-") + "-" + perSecond + ".txt");
        profiler(profile, "start");
        long start = System.nanoTime();
        for (int i = 0; i < joins; i++) {
            // parked, not spinning: a spinning offerer takes one of the machine's two cores from
            // the path it measures
            for (long wait = start + i * interval - System.nanoTime(); wait > 0;
                    wait = start + i * interval - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            offer.accept(i);
        }
        long deadline = System.nanoTime() + Long.getLong("hsdba.bench.waitSeconds", 120) * 1_000_000_000L;
        while (stages.completed() < joins && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        profiler(profile, "stop");
        long cpu = processCpuNanos() - cpuBefore;
        long jit = jitBefore < 0 ? -1 : jitMillis() - jitBefore;
        String byThread = cpuByThread(threadCpuBefore, joins);
        long javaThreadsCpu = cpuSince(threadCpuBefore);
        int completed = stages.completed();
        List<Double> total = stages.totals();
        // a run that did not finish is reported (it is the figure), over the joins that did
        List<Double> confirmed = stages.confirmations();
        String summary = String.format(Locale.ROOT, "%-16s %9d %6d %14.2f %9.2f %16.2f %9.2f %9.2f %11.1f %6s%s", setup,
                perSecond, joins, JoinStages.median(confirmed), JoinStages.p99(confirmed), JoinStages.median(total),
                JoinStages.p99(total), JoinStages.quantile(total, 1.0),
                completed / seconds, loadAverage(), completed == joins ? ""
                        : String.format(Locale.ROOT, "  INCOMPLETE: %d of %d confirmed in %.0f s", completed, joins,
                                seconds));
        System.out.println(summary);
        List<String> breakdown = stages.breakdown("  ");
        breakdown.addAll(stages.tail("  "));
        if (completed < joins) {
            stages.stuck(10).forEach(l -> breakdown.add("  not completed: " + l));
        }
        java.util.Map<String, long[]> gcAfter = collections();
        long allocated = allocatedSince(allocatedBefore);
        // Stop-the-world collections stall every thread of the path at once: they explain most of the tail.
        // Per collector bean: G1's "Young/Old Generation" and ZGC's "Pauses" are pauses, ZGC's "Cycles" concurrent.
        StringBuilder gc = new StringBuilder();
        for (java.util.Map.Entry<String, long[]> e : gcAfter.entrySet()) {
            long[] was = gcBefore.getOrDefault(e.getKey(), new long[2]);
            gc.append(gc.length() > 0 ? "; " : "").append(String.format(Locale.ROOT, "%s: %d, %d ms", e.getKey(),
                    e.getValue()[0] - was[0], e.getValue()[1] - was[1]));
        }
        breakdown.add(String.format(Locale.ROOT, "  %-20s %s during the run", "JVM garbage collector", gc));
        // What makes those collections: the bytes the JVM allocated per join (load does not change it).
        breakdown.add(String.format(Locale.ROOT, "  %-20s %.1f kB per join (%.1f MB in all, threads alive at the end)",
                "JVM allocation", allocated / 1024.0 / joins, allocated / 1048576.0));
        breakdown.add(String.format(Locale.ROOT, "  %-20s %s", "allocation by thread",
                allocationByThread(allocatedBefore, joins)));
        // CPU time depends far less on the load than latency does: what a change saves shows here first.
        breakdown.add(String.format(Locale.ROOT, "  %-20s %.3f ms per join (%.0f ms in all, every thread of the JVM:"
                + " switch, offerer and waiting included)", "JVM CPU time", cpu / 1e6 / joins, cpu / 1e6));
        breakdown.add(String.format(Locale.ROOT, "  %-20s %s", "CPU by thread", byThread));
        // The process's CPU less its Java threads': the JVM's own threads (the collector's workers,
        // the JIT compilers). On 2 cores what they take is what the join path waits for: with no
        // collector at all (Epsilon) the 1000/s p99 was 1.5-3.5 ms against 4-94 ms with ZGC (2026-11-28, tailjoin).
        breakdown.add(String.format(Locale.ROOT, "  %-20s %.3f ms per join (the JVM's own threads: garbage collector,"
                + " JIT compilers, VM)", "CPU outside Java", Math.max(0, cpu - javaThreadsCpu) / 1e6 / joins));
        double jitShare = jit < 0 ? Double.NaN : jit / 1e3 / seconds;
        breakdown.add(String.format(Locale.ROOT, "  %-20s %s", "JIT compiling", jit < 0 ? "not known (no compilation"
                + " time from this JVM)" : String.format(Locale.ROOT, "%d ms during the run (%.1f %% of its wall time,"
                + " compiler threads summed)", jit, 100 * jitShare)));
        breakdown.forEach(System.out::println);
        return new Run(summary, breakdown, seconds, jitShare);
    }

    /** The JIT compilers' total compilation time so far, in ms; -1 if the JVM does not keep it. */
    private static long jitMillis() {
        java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
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

    /** The node a join of {@link #frame}'s destination creates. */
    private static String nodeId(byte[] f) {
        return "user-10.0." + (f[32] & 0xff) + "." + (f[33] & 0xff);
    }

    /**
     * The machine's one-minute load average at the end of a run (other builds share the cores:
     * figures taken under a high load are not comparable with quiet ones), or "?".
     */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }

    /** CPU time the JVM's threads used so far (ns), or 0 where the JVM does not tell. */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? Math.max(0, ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime()) : 0;
    }

    /** CPU time (ns) of each live thread so far, by thread id. */
    private static java.util.Map<Long, Long> threadCpuNanos() {
        java.util.Map<Long, Long> out = new java.util.HashMap<>();
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (long id : mx.getAllThreadIds()) {
            long t = mx.getThreadCpuTime(id);
            if (t >= 0) {
                out.put(id, t);
            }
        }
        return out;
    }

    /**
     * CPU per join of the threads that used the most since {@code before}, by thread name with its
     * digits dropped (a pool's threads together): which thread of the path, or beside it, takes
     * the cores.
     */
    private static String cpuByThread(java.util.Map<Long, Long> before, int joins) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.Map<String, Long> byName = new java.util.HashMap<>();
        for (java.util.Map.Entry<Long, Long> e : threadCpuNanos().entrySet()) {
            java.lang.management.ThreadInfo info = mx.getThreadInfo(e.getKey());
            if (info != null) {
                byName.merge(info.getThreadName().replaceAll("[0-9]+", "#"),
                        e.getValue() - before.getOrDefault(e.getKey(), 0L), Long::sum);
            }
        }
        StringBuilder out = new StringBuilder();
        byName.entrySet().stream().sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).limit(6)
                .forEach(e -> out.append(out.length() > 0 ? ", " : "").append(String.format(Locale.ROOT,
                        "%s %.3f ms", e.getKey(), e.getValue() / 1e6 / joins)));
        return out + " per join";
    }

    /** CPU time (ns) the Java threads alive now used since {@code before} (a thread started since: all of its). */
    private static long cpuSince(java.util.Map<Long, Long> before) {
        long sum = 0;
        for (java.util.Map.Entry<Long, Long> e : threadCpuNanos().entrySet()) {
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }

    /** Bytes allocated so far by each live thread, by thread id. */
    private static java.util.Map<Long, Long> allocatedBytes() {
        java.util.Map<Long, Long> out = new java.util.HashMap<>();
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        if (mx instanceof com.sun.management.ThreadMXBean) {
            long[] ids = mx.getAllThreadIds();
            long[] bytes = ((com.sun.management.ThreadMXBean) mx).getThreadAllocatedBytes(ids);
            for (int i = 0; i < ids.length; i++) {
                if (bytes[i] >= 0) {
                    out.put(ids[i], bytes[i]);
                }
            }
        }
        return out;
    }

    /**
     * kB allocated per join by the threads that allocated the most since {@code before}, by thread
     * name with its digits dropped: whose garbage drives the collector (it runs on the same cores).
     */
    private static String allocationByThread(java.util.Map<Long, Long> before, int joins) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.Map<String, Long> byName = new java.util.HashMap<>();
        for (java.util.Map.Entry<Long, Long> e : allocatedBytes().entrySet()) {
            java.lang.management.ThreadInfo info = mx.getThreadInfo(e.getKey());
            if (info != null) {
                byName.merge(info.getThreadName().replaceAll("[0-9]+", "#"),
                        e.getValue() - before.getOrDefault(e.getKey(), 0L), Long::sum);
            }
        }
        StringBuilder out = new StringBuilder();
        byName.entrySet().stream().sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()).limit(5)
                .forEach(e -> out.append(out.length() > 0 ? ", " : "").append(String.format(Locale.ROOT,
                        "%s %.1f kB", e.getKey(), e.getValue() / 1024.0 / joins)));
        return out + " per join";
    }

    /** Bytes the threads alive now allocated since {@code before} (a thread started since: all of its). */
    private static long allocatedSince(java.util.Map<Long, Long> before) {
        long sum = 0;
        for (java.util.Map.Entry<Long, Long> e : allocatedBytes().entrySet()) {
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }

    /** Collections and their accumulated time (ms) so far, per collector bean of this JVM. */
    private static java.util.Map<String, long[]> collections() {
        java.util.Map<String, long[]> out = new java.util.TreeMap<>();
        for (java.lang.management.GarbageCollectorMXBean gc : java.lang.management.ManagementFactory
                .getGarbageCollectorMXBeans()) {
            out.put(gc.getName(), new long[] {Math.max(0, gc.getCollectionCount()), Math.max(0, gc.getCollectionTime())});
        }
        return out;
    }

    /** Runs async-profiler's {@code action} for a measured run, writing {@code file} at stop, if asked. */
    private static void profiler(Path file, String action) {
        if (PROFILE.isEmpty() || file == null) {
            return;
        }
        try {
            Files.createDirectories(file.getParent());
            Class<?> type = Class.forName("one.profiler.AsyncProfiler");
            Object profiler = type.getMethod("getInstance").invoke(null);
            String said = (String) type.getMethod("execute", String.class).invoke(profiler,
                    action + "," + PROFILE + ",file=" + file);
            System.err.println("async-profiler " + action + ": " + said.trim());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("-Dhsdba.bench.profile needs async-profiler's jar on the class path"
                    + " (Maven Central tools.profiler:async-profiler)", e);
        } catch (ReflectiveOperationException | java.io.IOException e) {
            throw new IllegalStateException("async-profiler " + action + " failed: " + e, e);
        }
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
}
