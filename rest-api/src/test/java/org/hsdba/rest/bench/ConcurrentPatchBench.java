package org.hsdba.rest.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.rest.Http;
import org.hsdba.rest.WriteGateServletFilter;
import org.hsdba.rest.server.HsdbaRestServer;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.FileHsdbaStore;

/**
 * A burst of concurrent PATCH clients against the durable file store (issue 17: 1,000 clients,
 * p99 < 500 ms; other clients' GETs p99 < 200 ms). {@code clients} threads each send
 * {@code rounds} PATCHes of a node's peak in the tree of port 1 (all released at once per round),
 * while 4 other clients GET the tree of port 2 one after another (10 ms apart); the GETs count only while PATCHes
 * are in flight. A first burst of the same size, not counted, warms the code paths (its figures
 * are printed apart). Every PATCH must answer 200 or 503 (busy, with Retry-After). Real service,
 * embedded REST server over loopback HTTP, {@link FileHsdbaStore} in a temporary directory (every
 * acknowledged write fsync'd; concurrent ones share an fsync: group commit). A main program;
 * prints its figures and writes them to {@code target/bench/patch-burst.txt}.
 *
 * <p>Arguments: {@code clients rounds subnets hosts} (defaults 1000 10 20 50: a tree of 1,020
 * nodes; ten counted rounds, since the rounds get cheaper as the JIT compiles the path and a controller
 * that has been up a while runs it compiled).
 */
public final class ConcurrentPatchBench {

    private static final String DEVICE = "pof:0000000000000001";
    private static final String EDITED = "v1/devices/" + DEVICE + "/ports/1";
    private static final String OTHER = "v1/devices/" + DEVICE + "/ports/2";
    private static final int GETTERS = 4;
    /**
     * The clients' HTTP stack: {@code nio} (default since 2026-11-28, {@link NioBurstClient}: the
     * burst's keep-alive connections driven by one selector thread, as autocannon or wrk drive theirs;
     * every request's time runs from its own write, so a request the generator has not written yet
     * is not missing from the figures; the GET clients stay raw), {@code raw} (2026-11-27,
     * {@link RawHttpConnection}: each client thread its own keep-alive socket, blocking reads; a
     * thread's clock starts only when the scheduler runs it, after the others' writes) or {@code jdk}
     * ({@code java.net.http}, one shared client, before that): {@code -Dhsdba.bench.client=raw}.
     */
    private static final String CLIENT = System.getProperty("hsdba.bench.client", "nio");
    /**
     * Each GET client's pause after an answer: {@code -Dhsdba.bench.getPauseMs}, default 10 (at most
     * about 400 GETs/s from the four). Without a pause (0, the benchmark before 2026-11-27 16:30) the
     * GET clients take whatever CPU the PATCHes leave: with the raw client 26,012 GETs in a 16 s run
     * instead of 2,700-4,800, so the PATCH figures measured the GET clients' speed more than the server.
     */
    private static final long GET_PAUSE_MS = Long.getLong("hsdba.bench.getPauseMs", 10);
    /**
     * {@code -Dhsdba.bench.floor=true}: the burst's clients GET the node each would have patched
     * instead of patching it; the same clients, connections, authentication and Jersey path without
     * a write, so the figures are what this machine's HTTP stack alone costs (issue 17's floor).
     */
    private static final boolean FLOOR = Boolean.getBoolean("hsdba.bench.floor");
    /**
     * {@code -Dhsdba.bench.profile=<async-profiler options>}, e.g.
     * {@code event=cpu,interval=1ms,threads,collapsed,file=cpu.txt}: async-profiler samples the
     * counted rounds only, not the start-up, the warm-up or the cold burst (attaching from outside at
     * a guessed moment caught either the cold burst or the last seconds). Its jar (Maven Central
     * {@code tools.profiler:async-profiler}, the native library inside) must be on the class path;
     * it is called by reflection, so the benchmark needs it only when asked to profile.
     */
    private static final String PROFILE = System.getProperty("hsdba.bench.profile");

    private ConcurrentPatchBench() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int subnets = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int hosts = args.length > 3 ? Integer.parseInt(args[3]) : 50;
        Path dir = Files.createTempDirectory("hsdba-patch-burst");
        List<String> out = new ArrayList<>();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        ExecutorService lanes = HsdbaManager.newWorkerPool("bench-lane");
        ProgramCompiler noCompiler = (trees, sw, mode, parameters) -> {
            throw new IllegalStateException("no switch is connected in this benchmark");
        };
        HsdbaManager manager = new HsdbaManager(FileHsdbaStore.open(dir), new NoSwitches(), noCompiler, timer, lanes,
                TimeSource.SYSTEM, d -> true);
        manager.start();
        ExecutorService pool = Executors.newFixedThreadPool(clients + GETTERS);
        try (HsdbaRestServer server = HsdbaRestServer.start(manager, new InetSocketAddress("127.0.0.1", 0))) {
            Http http = new Http(server.baseUri(), HsdbaRestServer.DEFAULT_USER, HsdbaRestServer.DEFAULT_PASSWORD);
            Http.Answer put = http.put(EDITED + "/tree", tree(1, subnets, hosts));
            check(put, "store the edited tree");
            int nodes = put.json().get("nodes").size();
            check(http.put(OTHER + "/tree", tree(2, 2, 5)), "store the other tree");
            long configBytes = Files.size(dir.resolve(FileHsdbaStore.CONFIG_FILE));
            int restThreadsBefore = restThreads();
            Client client = client(http, server);
            NioBurstClient nio = CLIENT.equals("nio") ? new NioBurstClient(server.baseUri(), clients) : null;
            // Warm-up: a few of everything, so the first round does not time class loading.
            for (int i = 0; i < 20; i++) {
                check(patch(client, i, subnets, hosts), "warm-up PATCH");
                check(client.get(OTHER + "/tree"), "warm-up GET");
            }
            // A first burst of the same size, not counted: it runs the code paths cold (interpreter,
            // JIT compiling on the same 2 cores); a controller that has been up for a while is warm.
            Burst cold = burst(client, nio, server, pool, clients, 0, subnets, hosts);
            Burst all = new Burst();
            long start = System.nanoTime();
            long processCpuBefore = processCpuNanos();
            Map<Long, Long> restCpuBefore = restThreadCpu();
            Map<Long, Long> restAllocatedBefore = restThreadAllocated();
            Map<Long, Long> gcCpuBefore = vmThreadCpu(GC_THREADS);
            Map<Long, Long> jitCpuBefore = vmThreadCpu(JIT_THREADS);
            long handedOnBefore = WriteGateServletFilter.handedOnTotal();
            long redispatchedBefore = WriteGateServletFilter.redispatchedTotal();
            List<String> perRound = new ArrayList<>();
            profiler("start");
            for (int round = 1; round <= rounds; round++) {
                long t0 = System.nanoTime();
                long jvm0 = processCpuNanos();
                Map<Long, Long> rest0 = restThreadCpu();
                Burst b = burst(client, nio, server, pool, clients, round * clients, subnets, hosts);
                all.add(b);
                // Per round: whether the rounds still get cheaper (the JIT still compiling) or are steady.
                perRound.add(String.format(Locale.ROOT, "  round %d: %.0f writes/s, PATCH p99 %.2f ms, CPU per PATCH %.2f ms"
                        + " (JVM) / %.2f ms (server threads)", round, b.ok / ((System.nanoTime() - t0) / 1e9),
                        pct(sorted(b.patchNanos), 0.99), (processCpuNanos() - jvm0) / 1e6 / b.patchNanos.size(),
                        cpuSince(rest0, restThreadCpu()) / 1e6 / b.patchNanos.size()));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            profiler("stop");
            if (nio != null) {
                nio.close();
            }
            double processCpuMs = (processCpuNanos() - processCpuBefore) / 1e6;
            double restCpuMs = cpuSince(restCpuBefore, restThreadCpu()) / 1e6;
            double restAllocatedKb = cpuSince(restAllocatedBefore, restThreadAllocated()) / 1024.0;
            double gcCpuMs = cpuSince(gcCpuBefore, vmThreadCpu(GC_THREADS)) / 1e6;
            double jitCpuMs = cpuSince(jitCpuBefore, vmThreadCpu(JIT_THREADS)) / 1e6;
            long version = http.get(EDITED + "/tree").json().get("version").asLong();
            if (FLOOR) {
                out.add("FLOOR MODE (-Dhsdba.bench.floor=true): every \"PATCH\" below is a GET of the node it would"
                        + " have patched (no write); the figures are the HTTP stack's alone");
            }
            out.add(String.format(Locale.ROOT, "PATCH burst: %d concurrent clients x %d rounds after one uncounted"
                    + " burst, tree of %d nodes (configuration file %d bytes), durable file store (fsync), loopback HTTP"
                    + " (%s), GET clients pausing %d ms after each answer, Jetty at most %d threads; JVM %s, %d cores",
                    clients, rounds, nodes, configBytes,
                    CLIENT.equals("raw") ? "one keep-alive socket per client thread"
                            : CLIENT.equals("nio") ? "one keep-alive socket per client, all driven by one selector thread"
                            : "java.net.http", GET_PAUSE_MS,
                    HsdbaRestServer.MAX_THREADS, System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors()));
            out.add(String.format(Locale.ROOT, "PATCH                 %s; %d ok, %d busy (503); %.1f s for all, %.0f writes/s",
                    figures(all.patchNanos), all.ok, all.busy, seconds, all.ok / seconds));
            out.add(String.format(Locale.ROOT, "GET other tree        %s (%d other clients, during the bursts)",
                    figures(all.getNanos), GETTERS));
            out.add(String.format(Locale.ROOT, "first burst, cold (not counted above): PATCH %s; GET other tree %s",
                    figures(cold.patchNanos), figures(cold.getNanos)));
            out.add(String.format(Locale.ROOT, "CPU during the bursts: %.0f ms in the whole JVM (%.2f ms per PATCH, clients,"
                    + " GC and JIT included), %.0f ms on the server threads (%.2f ms per PATCH: HTTP, admission, persist;"
                    + " Jetty's, the edit writer's and the answer threads)",
                    processCpuMs, processCpuMs / all.patchNanos.size(), restCpuMs, restCpuMs / all.patchNanos.size()));
            Map<Long, Long> restCpuAfter = restThreadCpu();
            out.add(String.format(Locale.ROOT, "  of which per PATCH: Jetty's threads %.2f ms, the edit writer %.2f ms,"
                    + " the answer threads %.2f ms",
                    cpuSince(restCpuBefore, restCpuAfter, "hsdba-rest") / 1e6 / all.patchNanos.size(),
                    cpuSince(restCpuBefore, restCpuAfter, "hsdba-edit-writer") / 1e6 / all.patchNanos.size(),
                    cpuSince(restCpuBefore, restCpuAfter, "hsdba-answer") / 1e6 / all.patchNanos.size()));
            out.add(String.format(Locale.ROOT, "  the JVM's own threads per PATCH: the collector's %.2f ms, the JIT compilers'"
                    + " %.2f ms%s", gcCpuMs / all.patchNanos.size(), jitCpuMs / all.patchNanos.size(),
                    Files.isDirectory(TASKS) ? "" : " (not measured: no /proc/self/task)"));
            out.add(String.format(Locale.ROOT, "  allocated on the server threads per PATCH: %.1f kB (what the collector's"
                    + " work follows)", restAllocatedKb / all.patchNanos.size()));
            out.add(String.format(Locale.ROOT, "write gate: %d writes waited and were handed a place on another write's"
                    + " thread, %d went through the container's handlers twice (async dispatch)",
                    WriteGateServletFilter.handedOnTotal() - handedOnBefore,
                    WriteGateServletFilter.redispatchedTotal() - redispatchedBefore));
            out.addAll(perRound);
            out.add(String.format(Locale.ROOT, "Jetty threads: %d before, %d after the bursts; tree version %d",
                    restThreadsBefore, restThreads(), version));
        } finally {
            pool.shutdownNow();
            manager.stop();
            lanes.shutdownNow();
            timer.shutdownNow();
        }
        out.forEach(System.out::println);
        Path file = Path.of("target", "bench", "patch-burst.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, out);
        System.out.println("written to " + file.toAbsolutePath());
        deleteTree(dir);
        System.exit(0);
    }

    /** One burst's figures. */
    private static final class Burst {
        final List<Long> patchNanos = new ArrayList<>();
        final List<Long> getNanos = new ArrayList<>();
        int ok;
        int busy;

        void add(Burst b) {
            patchNanos.addAll(b.patchNanos);
            getNanos.addAll(b.getNanos);
            ok += b.ok;
            busy += b.busy;
        }
    }

    /**
     * {@code clients} PATCHes released at once (numbered from {@code base}) while {@link #GETTERS}
     * other clients GET the other tree one after another until the last PATCH is answered.
     */
    private static Burst burst(Client http, NioBurstClient nio, HsdbaRestServer server, ExecutorService pool,
                               int clients, int base, int subnets, int hosts) throws Exception {
        Burst out = new Burst();
        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean patching = new AtomicBoolean(true);
        List<Future<long[]>> getters = new ArrayList<>();
        for (int g = 0; g < GETTERS; g++) {
            getters.add(pool.submit(() -> {
                go.await();
                long[] mine = new long[256];
                int n = 0;
                while (patching.get()) {
                    long t0 = System.nanoTime();
                    check(http.get(OTHER + "/tree"), "GET of the other tree");
                    if (n == mine.length) {
                        mine = Arrays.copyOf(mine, n * 2);
                    }
                    mine[n++] = System.nanoTime() - t0;
                    if (GET_PAUSE_MS > 0) {
                        Thread.sleep(GET_PAUSE_MS);
                    }
                }
                return Arrays.copyOf(mine, n);
            }));
        }
        if (nio != null) {
            List<byte[]> requests = new ArrayList<>(clients);
            for (int c = 0; c < clients; c++) {
                requests.add(request(server, base + c, subnets, hosts));
            }
            go.countDown();
            for (NioBurstClient.Outcome o : nio.burst(requests, TimeUnit.MINUTES.toNanos(10))) {
                out.patchNanos.add(o.nanos);
                if (o.status == 503 && o.retryAfter != null) {
                    out.busy++;
                } else if (o.status == 200) {
                    out.ok++;
                } else {
                    throw new IllegalStateException("PATCH: unexpected answer " + o.head);
                }
            }
            patching.set(false);
            for (Future<long[]> f : getters) {
                for (long t : f.get(1, TimeUnit.MINUTES)) {
                    out.getNanos.add(t);
                }
            }
            return out;
        }
        List<Future<long[]>> patches = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int n = base + c;
            patches.add(pool.submit(() -> {
                go.await();
                long t0 = System.nanoTime();
                RawHttpConnection.Answer a = patch(http, n, subnets, hosts);
                long t = System.nanoTime() - t0;
                if (a.status == 503 && a.retryAfter != null) {
                    return new long[] {t, 503};
                }
                check(a, "PATCH");
                return new long[] {t, 200};
            }));
        }
        go.countDown();
        for (Future<long[]> f : patches) {
            long[] r = f.get(10, TimeUnit.MINUTES);
            out.patchNanos.add(r[0]);
            if (r[1] == 200) {
                out.ok++;
            } else {
                out.busy++;
            }
        }
        patching.set(false);
        for (Future<long[]> f : getters) {
            for (long t : f.get(1, TimeUnit.MINUTES)) {
                out.getNanos.add(t);
            }
        }
        return out;
    }

    private static RawHttpConnection.Answer patch(Client http, int n, int subnets, int hosts) {
        if (FLOOR) {
            return http.get(nodePath(n, subnets, hosts));
        }
        return http.patch(nodePath(n, subnets, hosts), peakBody(n), "If-Match", "*");
    }

    /** Client {@code n}'s node: each client its own host of the edited tree. */
    private static String nodePath(int n, int subnets, int hosts) {
        return EDITED + "/nodes/h" + (n % subnets) + "_" + (n / subnets % hosts);
    }

    private static String peakBody(int n) {
        return "{\"peak\": \"" + (1 + n % 9) + "G\"}";
    }

    /** {@link #patch}'s request as bytes, for the selector-driven client. */
    private static byte[] request(HsdbaRestServer server, int n, int subnets, int hosts) {
        String user = HsdbaRestServer.DEFAULT_USER;
        String password = HsdbaRestServer.DEFAULT_PASSWORD;
        if (FLOOR) {
            return RawHttpConnection.encode(server.baseUri(), user, password, "GET", nodePath(n, subnets, hosts), null);
        }
        return RawHttpConnection.encode(server.baseUri(), user, password, "PATCH", nodePath(n, subnets, hosts),
                peakBody(n), "If-Match", "*");
    }

    private static void check(Http.Answer a, String what) {
        if (a.status() != 200) {
            throw new IllegalStateException(what + ": unexpected answer " + a);
        }
    }

    private static void check(RawHttpConnection.Answer a, String what) {
        if (a.status != 200) {
            throw new IllegalStateException(what + ": unexpected answer " + a);
        }
    }

    /** What the burst's clients send: a GET, or a PATCH with a JSON body. */
    private interface Client {
        RawHttpConnection.Answer get(String path);

        RawHttpConnection.Answer patch(String path, String body, String... headers);
    }

    private static Client client(Http http, HsdbaRestServer server) {
        if (CLIENT.equals("jdk")) {
            return new Client() {
                @Override
                public RawHttpConnection.Answer get(String path) {
                    return answer(http.get(path));
                }

                @Override
                public RawHttpConnection.Answer patch(String path, String body, String... headers) {
                    return answer(http.patch(path, body, headers));
                }

                private RawHttpConnection.Answer answer(Http.Answer a) {
                    return new RawHttpConnection.Answer(a.status(), a.header("Retry-After"), a.body());
                }
            };
        }
        if (!CLIENT.equals("raw") && !CLIENT.equals("nio")) {
            throw new IllegalArgumentException("-Dhsdba.bench.client=" + CLIENT + ": raw, nio or jdk");
        }
        // Each client thread its own connection, kept across bursts (the pool's threads live on).
        ThreadLocal<RawHttpConnection> own = ThreadLocal.withInitial(() -> new RawHttpConnection(server.baseUri(),
                HsdbaRestServer.DEFAULT_USER, HsdbaRestServer.DEFAULT_PASSWORD));
        return new Client() {
            @Override
            public RawHttpConnection.Answer get(String path) {
                return own.get().send("GET", path, null);
            }

            @Override
            public RawHttpConnection.Answer patch(String path, String body, String... headers) {
                return own.get().send("PATCH", path, body, headers);
            }
        };
    }

    private static String figures(List<Long> nanos) {
        long[] s = sorted(nanos);
        if (s.length == 0) {
            return "no requests"; // a short burst may end before a GET client's first request
        }
        return String.format(Locale.ROOT, "p50 %8.2f ms   p99 %8.2f ms   max %8.2f ms   (%d requests)",
                pct(s, 0.50), pct(s, 0.99), s[s.length - 1] / 1e6, s.length);
    }

    private static long[] sorted(List<Long> nanos) {
        return nanos.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    private static double pct(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
    }

    /** Runs async-profiler's {@code action} ({@code start} or {@code stop}) with {@link #PROFILE}'s options, if asked. */
    private static void profiler(String action) throws ReflectiveOperationException {
        if (PROFILE == null || PROFILE.isEmpty()) {
            return;
        }
        Class<?> type;
        try {
            type = Class.forName("one.profiler.AsyncProfiler");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("-Dhsdba.bench.profile needs async-profiler's jar on the class path"
                    + " (Maven Central tools.profiler:async-profiler)", e);
        }
        Object profiler = type.getMethod("getInstance").invoke(null);
        String said = (String) type.getMethod("execute", String.class).invoke(profiler, action + "," + PROFILE);
        System.err.println("async-profiler " + action + ": " + said.trim());
    }

    /** CPU time of this JVM so far (every thread, GC included). */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * CPU time of each live thread serving the writes, by thread id: Jetty's, and since the
     * writes are answered asynchronously (2026-11-27) the edit writer and the answer threads,
     * which took over work that ran on Jetty's threads before (admission, persist, the answer).
     */
    private static Map<Long, Long> restThreadCpu() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> out = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            long cpu = mx.getThreadCpuTime(t.getId());
            String name = t.getName();
            if ((name.startsWith("hsdba-rest") || name.startsWith("hsdba-answer") || name.equals("hsdba-edit-writer"))
                    && cpu >= 0) {
                out.put(t.getId(), cpu);
            }
        }
        return out;
    }

    /** The collector's threads (ZGC's, G1's, the serial or parallel collector's), by their names in /proc. */
    private static final Pattern GC_THREADS = Pattern.compile("Z.*|GC Thread.*|G1 .*|VM Thread");
    /** The JIT compilers' threads. */
    private static final Pattern JIT_THREADS = Pattern.compile("C[12] CompilerThre.*");
    private static final Path TASKS = Path.of("/proc/self/task");

    /**
     * CPU time of the JVM's own threads whose name matches {@code names}, by thread id, from Linux's
     * /proc (schedstat: nanoseconds on a core): the collector's and the JIT compiler's threads are
     * not Java threads, so the ThreadMXBean does not see them, and they take cores from Jetty
     * (ZGC's workers 18-20 %, C2 20-24 % of the JVM's samples in the counted rounds, 2026-11-28).
     * Empty without /proc.
     */
    private static Map<Long, Long> vmThreadCpu(Pattern names) throws java.io.IOException {
        Map<Long, Long> out = new HashMap<>();
        if (!Files.isDirectory(TASKS)) {
            return out;
        }
        try (java.util.stream.Stream<Path> tasks = Files.list(TASKS)) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    if (names.matcher(Files.readString(t.resolve("comm")).trim()).matches()) {
                        String run = Files.readString(t.resolve("schedstat")).trim();
                        out.put(Long.parseLong(t.getFileName().toString()), Long.parseLong(run.substring(0, run.indexOf(' '))));
                    }
                } catch (java.io.IOException | RuntimeException e) {
                    // the thread ended meanwhile: not counted, as cpuSince counts only threads alive at the end
                }
            }
        }
        return out;
    }

    /** Bytes allocated so far by each live thread serving the writes ({@link #restThreadCpu}'s), by thread id. */
    private static Map<Long, Long> restThreadAllocated() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Map<Long, Long> out = new HashMap<>();
        for (Long id : restThreadCpu().keySet()) {
            long bytes = mx.getThreadAllocatedBytes(id);
            if (bytes >= 0) {
                out.put(id, bytes);
            }
        }
        return out;
    }

    /** {@link #cpuSince(Map, Map)} of the threads whose name starts with {@code prefix} (live now). */
    private static long cpuSince(Map<Long, Long> before, Map<Long, Long> after, String prefix) {
        Map<Long, Long> some = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix) && after.containsKey(t.getId())) {
                some.put(t.getId(), after.get(t.getId()));
            }
        }
        return cpuSince(before, some);
    }

    /** CPU spent since {@code before} by the threads of {@code after} (threads that ended meanwhile are not counted). */
    private static long cpuSince(Map<Long, Long> before, Map<Long, Long> after) {
        long sum = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }

    private static int restThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("hsdba-rest"))
                .count();
    }

    /** {@code subnets} subnets (10.s.0.0/16) of {@code hosts} hosts each, weights only. */
    private static String tree(int port, int subnets, int hosts) {
        StringBuilder sb = new StringBuilder("{\"device\": \"" + DEVICE + "\", \"port\": " + port
                + ", \"capacity\": \"100G\", \"selector\": {\"field\": {\"offset\": 0, \"length\": 8}, \"key\": \"0x0"
                + port + "\"}, \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
                + " {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}], \"nodes\": [");
        for (int s = 0; s < subnets; s++) {
            sb.append(s == 0 ? "" : ",").append("{\"id\": \"s").append(s).append("\", \"key\": \"10.").append(s)
                    .append(".0.0/16\", \"weight\": 1}");
            for (int h = 0; h < hosts; h++) {
                sb.append(",{\"id\": \"h").append(s).append('_').append(h).append("\", \"parent\": \"s").append(s)
                        .append("\", \"key\": \"10.").append(s).append('.').append(h / 250).append('.')
                        .append(h % 250 + 1).append("\", \"weight\": 1}");
            }
        }
        return sb.append("]}").toString();
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** A POF adapter with nothing connected. */
    private static final class NoSwitches implements PofSwitchService {
        @Override
        public Collection<PofSwitch> switches() {
            return List.of();
        }

        @Override
        public Optional<PofSwitch> getSwitch(long deviceId) {
            return Optional.empty();
        }

        @Override
        public void addListener(PofSwitchListener listener) {
        }

        @Override
        public void removeListener(PofSwitchListener listener) {
        }
    }
}
