package org.hsdba.rest.bench;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import org.hsdba.rest.Http;
import org.hsdba.rest.LabService;
import org.hsdba.rest.server.HsdbaRestServer;

/**
 * REST throughput and latency over loopback HTTP (a main program, not a test): GET of a
 * 10,000-node tree and PATCH of single nodes, each with a few concurrent clients, against the
 * embedded server and the real service (in-memory store, no switches). Prints the parameters and
 * figures and writes them to {@code target/bench/rest.txt}.
 *
 * <p>Run: {@code mvn -q -pl rest-api -am -Pbench -DskipTests integration-test}
 * (arguments through {@code -Dbench.args="clients seconds"}; default 4 clients, 5 s per case).
 */
public final class RestBenchmark {

    private static final String DEVICE = "pof:0000000000000001";
    private static final String PORT = "v1/devices/" + DEVICE + "/ports/1";
    private static final int SUBNETS = 100;
    private static final int HOSTS = 99;

    private RestBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5.0;
        List<String> out = new ArrayList<>();
        try (LabService service = new LabService();
             HsdbaRestServer server = HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", 0))) {
            Http http = new Http(server.baseUri(), HsdbaRestServer.DEFAULT_USER, HsdbaRestServer.DEFAULT_PASSWORD);
            String tree = tree();
            Http.Answer put = http.put(PORT + "/tree", tree);
            if (put.status() != 200) {
                throw new IllegalStateException("cannot store the benchmark tree: " + put);
            }
            int nodes = put.json().get("nodes").size();
            int treeBytes = http.get(PORT + "/tree").body().length();
            out.add(String.format(Locale.ROOT, "REST benchmark: loopback HTTP, BASIC auth, %d concurrent clients,"
                    + " %.1f s per case after %.1f s warm-up; tree of %d nodes (%d subnets x %d hosts), GET body %d bytes;"
                    + " JVM %s, %d cores", clients, seconds, seconds / 2, nodes, SUBNETS, HOSTS, treeBytes,
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors()));
            out.add(run("GET tree (10^4 nodes)", clients, seconds, i -> http.get(PORT + "/tree")));
            AtomicInteger next = new AtomicInteger();
            out.add(run("PATCH node (peak)", clients, seconds, i -> {
                int n = next.getAndIncrement();
                String id = "h" + (n % SUBNETS) + "_" + (n / SUBNETS % HOSTS);
                return http.patch(PORT + "/nodes/" + id, "{\"peak\": \"" + (1 + n % 9) + "G\"}", "If-Match", "*");
            }));
        }
        out.forEach(System.out::println);
        Path file = Path.of("target", "bench", "rest.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, out);
        System.out.println("written to " + file.toAbsolutePath());
        System.exit(0);
    }

    /** 100 subnets (10.s.0.0/16) of 99 hosts each, weights only. */
    private static String tree() {
        StringBuilder sb = new StringBuilder("{\"device\": \"" + DEVICE + "\", \"port\": 1, \"capacity\": \"100G\","
                + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
                + " {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}], \"nodes\": [");
        for (int s = 0; s < SUBNETS; s++) {
            sb.append(s == 0 ? "" : ",").append("{\"id\": \"s").append(s).append("\", \"key\": \"10.").append(s)
                    .append(".0.0/16\", \"weight\": 1}");
            for (int h = 0; h < HOSTS; h++) {
                sb.append(",{\"id\": \"h").append(s).append('_').append(h).append("\", \"parent\": \"s").append(s)
                        .append("\", \"key\": \"10.").append(s).append('.').append(h / 250).append('.')
                        .append(h % 250 + 1).append("\", \"weight\": 1}");
            }
        }
        return sb.append("]}").toString();
    }

    /** Warm-up, then {@code clients} threads issue requests back to back for {@code seconds}. */
    private static String run(String name, int clients, double seconds, IntFunction<Http.Answer> request)
            throws Exception {
        measure(clients, seconds / 2, request);
        long[] latencies = measure(clients, seconds, request);
        double rps = latencies.length / seconds;
        Arrays.sort(latencies);
        return String.format(Locale.ROOT, "%-24s %8.0f req/s   p50 %7.2f ms   p99 %7.2f ms   max %7.2f ms   (%d requests)",
                name, rps, percentile(latencies, 0.50), percentile(latencies, 0.99),
                latencies[latencies.length - 1] / 1e6, latencies.length);
    }

    private static long[] measure(int clients, double seconds, IntFunction<Http.Answer> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long end = System.nanoTime() + (long) (seconds * 1e9);
        List<Future<long[]>> parts = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            parts.add(pool.submit(() -> {
                long[] mine = new long[1024];
                int n = 0;
                for (int i = 0; System.nanoTime() < end; i++) {
                    long t0 = System.nanoTime();
                    Http.Answer a = request.apply(i);
                    long t = System.nanoTime() - t0;
                    if (a.status() != 200) {
                        throw new IllegalStateException("unexpected answer: " + a);
                    }
                    if (n == mine.length) {
                        mine = Arrays.copyOf(mine, n * 2);
                    }
                    mine[n++] = t;
                }
                return Arrays.copyOf(mine, n);
            }));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> f : parts) {
            all.add(f.get());
        }
        pool.shutdown();
        return all.stream().flatMapToLong(Arrays::stream).toArray();
    }

    private static double percentile(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
    }
}
