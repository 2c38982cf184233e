package org.hsdba.container.karaf;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A Karaf prepared by {@link KarafSetup}, running as a child process ({@code bin/karaf server},
 * exec'd into the JVM, so the process handle is the JVM's), and its shell through
 * {@code bin/client} in batch mode. Closing stops it (SIGTERM, then kill after a grace period); a
 * JVM shutdown hook kills it if the test JVM goes away first.
 */
public final class KarafProcess implements AutoCloseable {

    /** What Kryo and Netty reflect into on JDK 17, and JDK 17's stricter zip checks some old jars fail. */
    static final List<String> JVM_FLAGS = List.of(
            "-Djdk.util.zip.disableZip64ExtraFieldValidation=true",
            "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.math=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.regex=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");

    /** The last boot feature, started ({@code |} or, on a UTF-8 terminal, {@code \u2502} between columns). */
    private static final Pattern BOOT_DONE = Pattern.compile("(?m)^kar\\s+[|\u2502].*[|\u2502]\\s*Started\\s*[|\u2502]");
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final Path home;
    private final KarafPorts ports;
    private final Process process;
    private final Thread killer;
    private final AtomicInteger shellRuns = new AtomicInteger();

    private KarafProcess(Path home, KarafPorts ports, Process process) {
        this.home = home;
        this.ports = ports;
        this.process = process;
        this.killer = new Thread(process::destroyForcibly, "kill-karaf");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    public static KarafProcess start(Path home, KarafPorts ports) throws IOException {
        return start(home, ports, List.of(), null);
    }

    /** Starts Karaf with more JVM flags and, if not null, a heap limit (Karaf's JAVA_MAX_MEM, e.g. "1536M"). */
    public static KarafProcess start(Path home, KarafPorts ports, List<String> moreFlags, String maxHeap)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/karaf").toString(), "server")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("console.log").toFile());
        environment(pb.environment());
        pb.environment().put("KARAF_EXEC", "exec");
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        flags.addAll(moreFlags);
        pb.environment().put("EXTRA_JAVA_OPTS", String.join(" ", flags));
        if (maxHeap != null) {
            pb.environment().put("JAVA_MAX_MEM", maxHeap);
        }
        return new KarafProcess(home, ports, pb.start());
    }

    /** The JVM's process id (the Karaf script exec's Java). */
    public long pid() {
        return process.pid();
    }

    /** Ends the JVM at once, as {@code kill -9} does (a crash, for fail-over tests). */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    public Path home() {
        return home;
    }

    public Path log() {
        return home.resolve("data/log/karaf.log");
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits until the shell answers and the boot features are installed. */
    public void awaitReady(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!portOpen(ports.ssh())) {
            checkAlive();
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Karaf's shell did not open port " + ports.ssh() + " within " + timeout);
            }
            Thread.sleep(200);
        }
        ShellResult last = null;
        while (System.nanoTime() < deadline) {
            checkAlive();
            last = shell(Duration.ofSeconds(30), "feature:list -i");
            if (BOOT_DONE.matcher(last.output()).find()) {
                return;
            }
            Thread.sleep(300);
        }
        throw new IllegalStateException("Karaf's boot features were not installed within " + timeout + "; last answer: " + last);
    }

    /** Runs {@code commands} in one shell session; the output of all of them. */
    public ShellResult shell(Duration timeout, String... commands) throws IOException, InterruptedException {
        String script = String.join("\n", commands) + "\n";
        Path in = home.resolve("data/tmp/client-" + shellRuns.incrementAndGet() + ".in");
        Path out = in.resolveSibling(in.getFileName().toString().replace(".in", ".out"));
        Files.createDirectories(in.getParent());
        Files.writeString(in, script, StandardCharsets.UTF_8);
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/client").toString(),
                "-h", KarafPorts.HOST, "-a", String.valueOf(ports.ssh()),
                "-u", KarafUsers.SHELL_USER, "-p", KarafUsers.SHELL_PASSWORD, "-r", "3", "-b")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectInput(in.toFile())
                .redirectOutput(out.toFile());
        environment(pb.environment());
        Process client = pb.start();
        if (!client.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            client.destroyForcibly().waitFor();
            throw new IllegalStateException("Karaf shell commands did not finish within " + timeout + ": " + commands[0]
                    + " ...; output so far:\n" + Files.readString(out, StandardCharsets.UTF_8));
        }
        return new ShellResult(script, Files.readString(out, StandardCharsets.UTF_8));
    }

    /** The last {@code lines} of the console output, for failure messages. */
    public String consoleTail(int lines) {
        return tail(home.resolve("console.log"), lines);
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        try {
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor();
                }
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    private void checkAlive() {
        if (!process.isAlive()) {
            throw new IllegalStateException("Karaf exited with status " + process.exitValue() + "; console:\n"
                    + consoleTail(40));
        }
    }

    /** The same JDK as the test; nothing of an outer Karaf installation. */
    private static void environment(Map<String, String> env) {
        env.put("JAVA_HOME", System.getProperty("java.home"));
        for (String inherited : new String[] {"KARAF_HOME", "KARAF_BASE", "KARAF_DATA", "KARAF_ETC", "KARAF_OPTS",
            "JAVA_OPTS", "EXTRA_JAVA_OPTS", "JAVA_MAX_MEM", "JAVA_MIN_MEM"}) {
            env.remove(inherited);
        }
    }

    private static boolean portOpen(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(KarafPorts.HOST, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return "Karaf at " + home + " (" + ports + ")";
    }
}
