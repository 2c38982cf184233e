package org.hsdba.pof.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;

/**
 * Flow entries programmed per second over one session on loopback, measured to confirmation
 * (every {@code send} future completed), against the fake switch with FLOW_MOD decoding off (it
 * only frames and counts them, and answers the confirmation ECHO_REQUESTs). A main program, not
 * a test: prints the figures and writes them to {@code target/bench/adapter-programming.txt}.
 *
 * <p>Run from the repository root:
 * <pre>
 * mvn -q -pl pof-adapter -am test-compile dependency:build-classpath -Dmdep.outputFile=target/test.cp -Dmdep.includeScope=test
 * java -cp pof-adapter/target/test-classes:pof-adapter/target/classes:$(cat pof-adapter/target/test.cp) \
 *     org.hsdba.pof.server.ProgrammingBenchmark [entries-per-case]
 * </pre>
 */
public final class ProgrammingBenchmark {
    private static final int DISTINCT_FLOWS = 10_000;
    /** Sends in flight at once when every entry is its own send (a window, like a compiler streaming diffs). */
    private static final int WINDOW = 256;

    private ProgrammingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int entries = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        List<FlowMod> flows = flows();
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0)
                .confirmTimeout(Duration.ofSeconds(60)).build());
        BlockingQueue<PofSwitch> ready = new LinkedBlockingQueue<>();
        server.addListener(new PofSwitchListener() {
            @Override
            public void switchReady(PofSwitch sw) {
                ready.add(sw);
            }
        });
        server.start();
        List<String> lines = new ArrayList<>();
        try (FakeSwitch fake = FakeSwitch.connect(server.localAddress(), FakeSwitch.options().decodeFlowMods(false))) {
            PofSwitch sw = ready.poll(10, TimeUnit.SECONDS);
            lines.add(String.format(Locale.ROOT, "POF adapter programming benchmark: %d FLOW_MODs (2192 B) per case, "
                    + "one session, loopback, %d cores, %s", entries, Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.vm.version")));
            run(sw, flows, entries / 4, 1000, null); // warm-up
            for (int batch : new int[] {1000, 100, 10}) {
                lines.add(run(sw, flows, entries, batch, null));
            }
            lines.add(run(sw, flows, entries / 4, 1, new Semaphore(WINDOW)));
            lines.add("switch counted " + fake.flowModCount() + " FLOW_MODs in total");
        } finally {
            server.stop();
        }
        lines.forEach(System.out::println);
        write(lines);
    }

    /** Sends {@code entries} FLOW_MODs in sends of {@code batch}; with a window, at most that many sends in flight. */
    private static String run(PofSwitch sw, List<FlowMod> flows, int entries, int batch, Semaphore window)
            throws Exception {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        long start = System.nanoTime();
        int sent = 0;
        while (sent < entries) {
            int n = Math.min(batch, entries - sent);
            List<FlowMod> chunk = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                chunk.add(flows.get((sent + i) % flows.size()));
            }
            if (window != null) {
                window.acquire();
            }
            CompletableFuture<Void> f = sw.send(chunk);
            if (window != null) {
                f.whenComplete((v, e) -> window.release());
            }
            pending.add(f);
            sent += n;
        }
        CompletableFuture.allOf(pending.toArray(new CompletableFuture[0])).get(120, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;
        return String.format(Locale.ROOT, "batch %4d%s: %,9.0f entries/s confirmed (%d entries in %.3f s, %d sends)",
                batch, window == null ? "" : " (window " + WINDOW + ")", entries / seconds, entries, seconds,
                pending.size());
    }

    /** Distinct MM entries on table 0: EtherType match, output to port 2 (a typical leaf entry). */
    private static List<FlowMod> flows() {
        List<FlowMod> out = new ArrayList<>(DISTINCT_FLOWS);
        Match etherType = Match.of(0, 96, 16);
        for (int i = 0; i < DISTINCT_FLOWS; i++) {
            out.add(FlowMod.builder().command(FlowModCommand.ADD).table(TableType.MM, 0).index(i).priority(10)
                    .counterId(1 + i % 500).match(MatchX.exact(etherType, 0x0800 + (i & 0xFF)))
                    .instruction(ApplyActions.of(OutputAction.toPort(2))).build());
        }
        return out;
    }

    static void write(List<String> lines) {
        try {
            Path dir = Paths.get("target", "bench");
            if (Files.isDirectory(Paths.get("pof-adapter"))) {
                dir = Paths.get("pof-adapter", "target", "bench"); // run from the repository root
            }
            Files.createDirectories(dir);
            Path file = dir.resolve("adapter-programming.txt");
            Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            System.out.println("written to " + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
