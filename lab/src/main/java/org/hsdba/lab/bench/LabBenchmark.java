package org.hsdba.lab.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.hsdba.lab.runtime.Lab;
import org.hsdba.lab.runtime.LabOptions;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.lab.traffic.TrafficPlayer;

/**
 * The lab's start-up time and footprint: a fresh JVM starts the lab (default scenario, N
 * reference switches, ephemeral ports, a new data directory) and times it to the first and to
 * the last programmed switch; after the traffic has run for a while (30 s by default) it reads the
 * process's resident memory (VmRSS / VmHWM from /proc/self/status), heap used, threads and CPU;
 * then it restarts the lab on the same directory in the warm JVM and times that too. Prints the
 * figures and writes them to {@code target/bench/lab.txt} (or the file given).
 *
 * <pre>cd lab && java -cp target/hsdba-lab.jar org.hsdba.lab.bench.LabBenchmark [switches] [seconds] [out]</pre>
 */
public final class LabBenchmark {

    private LabBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        // The components' INFO logging would interleave with the figures.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        int switches = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        Path out = Paths.get(args.length > 2 ? args[2] : "target/bench/lab.txt");
        Path scenarioFile = findScenario();
        Path dir = Files.createTempDirectory("hsdba-lab-bench");
        List<String> lines = new ArrayList<>();
        lines.add("# hsdba lab: start-up and footprint (" + switches + " reference switches, scenario " + scenarioFile
                + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, JVM " + System.getProperty("java.version")
                + ", max heap " + mib(Runtime.getRuntime().maxMemory()) + ")");
        long jvmStartMs = ManagementFactory.getRuntimeMXBean().getStartTime();
        try {
            LabScenario scenario = LabScenario.read(scenarioFile);
            LabOptions options = LabOptions.builder(scenarioFile).switches(switches).httpPort(0).pofPort(0)
                    .dataDir(dir).statusInterval(Duration.ZERO).build();
            long callMs = System.currentTimeMillis();
            long cpuBefore;
            long packets;
            try (Lab lab = Lab.start(options, scenario, null)) {
                long first = lab.firstProgrammed().get(60, TimeUnit.SECONDS);
                long all = awaitAllProgrammed(lab, switches);
                lines.add(String.format(Locale.ROOT, "cold start, first switch programmed: %d ms after Lab.start"
                        + " (%d ms after JVM start)", first, callMs - jvmStartMs + first));
                lines.add(String.format(Locale.ROOT, "cold start, all %d switches programmed: %d ms after Lab.start",
                        switches, all));
                lines.add(String.format(Locale.ROOT, "servers listening and switches connecting: %d ms after Lab.start",
                        lab.startupMillis()));
                cpuBefore = processCpuNanos();
                long packetsBefore = played(lab, switches);
                long t0 = System.nanoTime();
                Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
                double wall = (System.nanoTime() - t0) / 1e9;
                packets = played(lab, switches) - packetsBefore;
                double cpu = (processCpuNanos() - cpuBefore) / 1e9;
                MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
                lines.add(String.format(Locale.ROOT, "after %d s of traffic: RSS %s (peak %s), heap used %s of %s"
                        + " committed, %d threads", seconds, kib(status("VmRSS")), kib(status("VmHWM")),
                        mib(heap.getUsed()), mib(heap.getCommitted()), Thread.activeCount()));
                System.gc();
                lines.add("heap used after a full GC: " + mib(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage()
                        .getUsed()));
                lines.add(String.format(Locale.ROOT, "traffic: %.0f packets/s through %d switches; process CPU %.0f%%"
                        + " of one core", packets / wall, switches, 100 * cpu / wall));
            }
            long restartCall = System.nanoTime();
            try (Lab lab = Lab.start(options, scenario, null)) {
                long first = lab.firstProgrammed().get(60, TimeUnit.SECONDS);
                lines.add(String.format(Locale.ROOT, "warm restart on the same data dir (warm JVM), first switch"
                        + " programmed: %d ms (stop + start took %d ms)", first,
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restartCall)));
            }
        } finally {
            deleteTree(dir);
        }
        for (String l : lines) {
            System.out.println(l);
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, lines, StandardCharsets.UTF_8);
        System.out.println("written to " + out.toAbsolutePath());
        System.exit(0);
    }

    private static Path findScenario() {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("examples").resolve("lab").resolve("two-level.json");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalStateException("run from inside the repository: examples/lab/two-level.json not found");
    }

    private static long awaitAllProgrammed(Lab lab, int switches) throws InterruptedException {
        long start = System.nanoTime();
        while (lab.service().devices().stream().filter(d -> d.isConnected() && d.isProgrammed()).count() < switches) {
            if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(60)) {
                throw new IllegalStateException("not every switch was programmed within 60 s");
            }
            Thread.sleep(5);
        }
        return lab.firstProgrammed().getNow(0L) + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static long played(Lab lab, int switches) {
        long n = 0;
        for (long dpid = 1; dpid <= switches; dpid++) {
            n += lab.player(dpid).map(TrafficPlayer::packets).orElse(0L);
        }
        return n;
    }

    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return 0;
    }

    /** A "VmRSS:   123456 kB" line of /proc/self/status, in kB (-1 if unavailable). */
    private static long status(String field) {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux
        }
        return -1;
    }

    private static String kib(long kb) {
        return kb < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f MiB", kb / 1024.0);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
