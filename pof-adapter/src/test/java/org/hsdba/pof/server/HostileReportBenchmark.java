package org.hsdba.pof.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.southbound.PofSwitchListener;

/**
 * How fast and how cheaply a hostile declaration is turned away: N switches in turn send the
 * issue's RESOURCE_REPORT (counter_num 0xFFFFFFFF) or an HX_FEATURES_REPLY with register_words
 * 0xFFFFFFFF; time from the fake handing the message to its socket to the server's
 * {@code switchRefused}, and heap in use (after GC) before and after. A main program, not a
 * test: prints and writes {@code target/bench/adapter-hostile.txt}.
 *
 * <pre>
 * java -cp pof-adapter/target/test-classes:pof-adapter/target/classes:$(cat pof-adapter/target/test.cp) \
 *     org.hsdba.pof.server.HostileReportBenchmark [switches]
 * </pre>
 */
public final class HostileReportBenchmark {
    private HostileReportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        LinkedBlockingQueue<Long> refusedAt = new LinkedBlockingQueue<>();
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0)
                .connectionLog((peer, reason, fault) -> { }).build());
        server.addListener(new PofSwitchListener() {
            @Override
            public void switchRefused(InetSocketAddress remote, long deviceId, String reason) {
                refusedAt.add(System.nanoTime());
            }
        });
        server.start();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "Hostile declarations: %d switches in turn, loopback, %d cores shared "
                + "with other builds", n, Runtime.getRuntime().availableProcessors()));
        try {
            round(server, refusedAt, n / 10, false); // warm-up
            for (boolean hx : new boolean[] {false, true}) {
                MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
                System.gc();
                long before = mem.getHeapMemoryUsage().getUsed();
                double[] ms = round(server, refusedAt, n, hx);
                System.gc();
                long after = mem.getHeapMemoryUsage().getUsed();
                Arrays.sort(ms);
                lines.add(String.format(Locale.ROOT, "%s: declaration to session refused: median %.2f ms, p99 %.2f ms, "
                        + "max %.2f ms; heap in use after GC %+.1f MB (%.1f -> %.1f MB)",
                        hx ? "HX_FEATURES_REPLY register_words 0xFFFFFFFF" : "RESOURCE_REPORT counter_num 0xFFFFFFFF",
                        ms[n / 2], ms[(int) Math.ceil(n * 0.99) - 1], ms[n - 1], (after - before) / 1e6, before / 1e6,
                        after / 1e6));
            }
        } finally {
            server.stop();
        }
        lines.forEach(System.out::println);
        try {
            Path dir = Files.isDirectory(Paths.get("pof-adapter")) ? Paths.get("pof-adapter", "target", "bench")
                    : Paths.get("target", "bench");
            Files.createDirectories(dir);
            Path file = dir.resolve("adapter-hostile.txt");
            Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            System.out.println("written to " + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double[] round(PofServer server, LinkedBlockingQueue<Long> refusedAt, int n, boolean hx)
            throws Exception {
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            AtomicLong sentAt = new AtomicLong();
            FakeSwitch.Options options = FakeSwitch.options().deviceId(i + 1);
            if (hx) {
                options.hxFeatures(new HxFeaturesReply(0, HxTypes.EXT_VERSION, 8, 256, 256, 280, 0xFFFF_FFFFL, 4096,
                        4096, 1, 2)).errors(m -> {
                            if (m.type() == HxTypes.FEATURES_REQUEST) {
                                sentAt.set(System.nanoTime()); // the reply is written right after
                            }
                            return null;
                        });
            } else {
                options.resources(r -> {
                    sentAt.set(System.nanoTime());
                    return DeclaredResourcesTest.withCounters(r, 0xFFFF_FFFFL);
                });
            }
            try (FakeSwitch f = FakeSwitch.connect(server.localAddress(), options)) {
                Long at = refusedAt.poll(10, TimeUnit.SECONDS);
                if (at == null) {
                    throw new IllegalStateException("switch " + (i + 1) + " was not refused");
                }
                ms[i] = (at - sentAt.get()) / 1e6;
                f.awaitClosed(5000);
            }
        }
        return ms;
    }
}
