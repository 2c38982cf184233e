package org.hsdba.pof.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;

/**
 * Handshake-to-ready time for many switches connecting at once: from the moment a fake switch
 * starts its TCP connect to the server's {@code switchReady} for its device id (handshake, port
 * enabling with confirmation, stock capability probe). The fake switch answers at once; the real
 * POFSwitch adds its 1 s sleep after GET_CONFIG_REQUEST. A main program, not a test: prints and
 * writes {@code target/bench/adapter-handshake.txt}.
 *
 * <p>Run from the repository root (classpath as for {@link ProgrammingBenchmark}):
 * <pre>
 * java -cp pof-adapter/target/test-classes:pof-adapter/target/classes:$(cat pof-adapter/target/test.cp) \
 *     org.hsdba.pof.server.HandshakeBenchmark [switches] [rounds]
 * </pre>
 */
public final class HandshakeBenchmark {
    private HandshakeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int switches = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "POF adapter handshake benchmark: %d switches connecting at once, %d rounds "
                + "(first is warm-up), loopback, %d cores", switches, rounds, Runtime.getRuntime().availableProcessors()));
        for (int r = 0; r < rounds; r++) {
            String line = round(switches);
            if (r > 0) {
                lines.add(line);
            }
        }
        lines.forEach(System.out::println);
        try {
            Path dir = Files.isDirectory(Paths.get("pof-adapter")) ? Paths.get("pof-adapter", "target", "bench")
                    : Paths.get("target", "bench");
            Files.createDirectories(dir);
            Path file = dir.resolve("adapter-handshake.txt");
            Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            System.out.println("written to " + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String round(int switches) throws Exception {
        Map<Long, Long> readyAt = new ConcurrentHashMap<>();
        CountDownLatch allReady = new CountDownLatch(switches);
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0).build());
        server.addListener(new PofSwitchListener() {
            @Override
            public void switchReady(PofSwitch sw) {
                readyAt.put(sw.deviceId(), System.nanoTime());
                allReady.countDown();
            }
        });
        server.start();
        long[] startedAt = new long[switches];
        List<FakeSwitch> fakes = new ArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        try {
            for (int i = 0; i < switches; i++) {
                int n = i;
                Thread t = new Thread(() -> {
                    try {
                        go.await();
                        startedAt[n] = System.nanoTime();
                        FakeSwitch f = FakeSwitch.connect(server.localAddress(), FakeSwitch.options().deviceId(n + 1));
                        synchronized (fakes) {
                            fakes.add(f);
                        }
                    } catch (IOException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                t.start();
                threads.add(t);
            }
            go.countDown();
            if (!allReady.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("only " + readyAt.size() + " of " + switches + " switches got ready");
            }
            for (Thread t : threads) {
                t.join();
            }
        } finally {
            for (FakeSwitch f : fakes) {
                f.close();
            }
            server.stop();
        }
        double[] ms = new double[switches];
        for (int i = 0; i < switches; i++) {
            ms[i] = (readyAt.get((long) i + 1) - startedAt[i]) / 1e6;
        }
        Arrays.sort(ms);
        return String.format(Locale.ROOT, "handshake to ready: median %.1f ms, p99 %.1f ms, max %.1f ms (min %.1f ms)",
                ms[switches / 2], ms[(int) Math.ceil(switches * 0.99) - 1], ms[switches - 1], ms[0]);
    }
}
