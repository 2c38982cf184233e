package org.hsdba.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of the real POFSwitch as a child process, the way its README says it must run: as
 * root, in a private SysV IPC namespace ({@code unshare --ipc}: its message queue key comes from
 * the working directory and the device id), with its stdin held open (EOF makes its command line
 * spin), in an empty working directory (no {@code pofswitch_config.conf}: the default build's
 * resource profile), logging errors only. Its output goes to a log file kept for the report.
 */
final class RealPofSwitch implements AutoCloseable {

    private final Process process;
    private final Path log;

    private RealPofSwitch(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code binary} as device {@code deviceId} connecting to 127.0.0.1:{@code controllerPort},
     * with the given interfaces as its ports (numbered from 1 in this order); none = control channel only.
     */
    static RealPofSwitch start(Path binary, int controllerPort, long deviceId, List<String> ports, Path workDir) {
        List<String> cmd = new ArrayList<>(List.of("unshare", "--ipc", binary.toString(), "-i", "127.0.0.1",
                "-p", Integer.toString(controllerPort), "-d", Long.toHexString(deviceId), "-V", "error"));
        if (ports.isEmpty()) {
            cmd.add("-e");
        }
        for (String p : ports) {
            cmd.add("-a");
            cmd.add(p);
        }
        try {
            Files.createDirectories(workDir);
            Path log = workDir.resolve("pofswitch-" + System.nanoTime() + ".log");
            Process p = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            // stdin stays open (a pipe nobody writes to) for the life of the process.
            return new RealPofSwitch(p, log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Exit code, or -1 while it runs. */
    int exitCode() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    /** Its output so far (the last {@code max} characters). */
    String log(int max) {
        try {
            String s = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
            return s.length() <= max ? s : s.substring(s.length() - max);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Stops it (SIGTERM, then SIGKILL after 5 s), as a power cycle would. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
