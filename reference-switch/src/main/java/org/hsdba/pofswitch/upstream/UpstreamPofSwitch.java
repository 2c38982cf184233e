package org.hsdba.pofswitch.upstream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The upstream POFSwitch 1.4.0 (the public C implementation, stock or patched with the HSDBA
 * extension) as a child process, for the labs and tests that run it beside this reference switch.
 * One place says how it must be run (its README): as root, in a private SysV IPC namespace
 * ({@code unshare --ipc}: its message queue key comes from the working directory and the device
 * id), with stdin held open (at EOF its command line spins), in an empty working directory (no
 * {@code pofswitch_config.conf}: the default build's resource profile), logging errors only; and
 * how its binary is found ({@code scripts/pofswitch.sh}, which builds it once and caches it).
 */
public final class UpstreamPofSwitch {

    private UpstreamPofSwitch() {
    }

    /**
     * The command line of {@code binary} as device {@code deviceId} connecting to {@code controller}:{@code port},
     * in network namespace {@code namespace} (null: the caller's), with {@code interfaces} as its ports (POFSwitch
     * numbers them from 1 in this order; none: control channel only).
     */
    public static List<String> command(Path binary, String namespace, String controller, int port, long deviceId,
            List<String> interfaces) {
        List<String> cmd = new ArrayList<>();
        if (namespace != null) {
            cmd.addAll(List.of("ip", "netns", "exec", namespace)); // execs: the process is the switch itself
        }
        cmd.addAll(List.of("unshare", "--ipc", binary.toString(), "-i", controller, "-p", Integer.toString(port),
                "-d", Long.toHexString(deviceId), "-V", "error"));
        if (interfaces.isEmpty()) {
            cmd.add("-e");
        }
        for (String i : interfaces) {
            cmd.add("-a");
            cmd.add(i);
        }
        return cmd;
    }

    /**
     * Starts {@code command} in {@code workDir} (created, any {@code pofswitch_config.conf} removed), its output
     * to {@code log}. Its stdin stays an open pipe that nobody writes to, for the life of the process.
     */
    public static Process start(List<String> command, Path workDir, Path log) throws IOException {
        Files.createDirectories(workDir);
        Files.deleteIfExists(workDir.resolve("pofswitch_config.conf"));
        try {
            return new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new IOException("cannot start " + String.join(" ", command) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stops it with SIGKILL, as a power cycle would (SIGTERM and SIGINT do not stop POFSwitch; its SysV queue goes
     * with its private IPC namespace), and waits up to 10 s for it to go.
     */
    public static void kill(Process process) {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The nearest directory at or above the working directory that holds {@code scripts/pofswitch.sh}. */
    public static Optional<Path> repositoryRoot() {
        for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("scripts/pofswitch.sh"))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** What {@link #binary} found: the binary, or why there is none. */
    public static final class Build {
        private final Path binary;
        private final String whyNot;

        private Build(Path binary, String whyNot) {
            this.binary = binary;
            this.whyNot = whyNot;
        }

        public Optional<Path> binary() {
            return Optional.ofNullable(binary);
        }

        /** Why there is no binary (null when there is one). */
        public String whyNot() {
            return whyNot;
        }
    }

    /**
     * The binary of a flavour ({@code stock}, or {@code hx} with the HSDBA extension) from {@code scripts/pofswitch.sh
     * build} under {@code root}, which builds it the first time (minutes) and prints its path as its last line.
     */
    public static Build binary(Path root, String flavour) {
        Path script = root.resolve("scripts/pofswitch.sh");
        String output;
        int exit;
        try {
            Process p = new ProcessBuilder("bash", script.toString(), "build", flavour).redirectErrorStream(true).start();
            p.getOutputStream().close();
            output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            exit = p.waitFor();
        } catch (IOException e) {
            return new Build(null, "cannot run " + script + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Build(null, "interrupted while " + script + " built POFSwitch");
        }
        Path last = Paths.get(output.substring(output.lastIndexOf('\n') + 1));
        if (exit == 0 && Files.isExecutable(last)) {
            return new Build(last, null);
        }
        return new Build(null, "no " + flavour + " POFSwitch build (scripts/pofswitch.sh exited " + exit + "): " + output);
    }
}
