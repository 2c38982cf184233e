package org.hsdba.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hsdba.pofswitch.upstream.UpstreamPofSwitch;

/**
 * One run of the real POFSwitch as a child process, started the way {@link UpstreamPofSwitch} says it
 * must run, with what the tests read from it: its log (kept for the report) and its sockets' drops.
 */
final class RealPofSwitch implements AutoCloseable {

    private final Process process;
    private final Path log;
    private final String namespace;

    private RealPofSwitch(Process process, Path log, String namespace) {
        this.process = process;
        this.log = log;
        this.namespace = namespace;
    }

    /**
     * Starts {@code binary} in network namespace {@code namespace} (null: this one) as device
     * {@code deviceId} connecting to {@code controller}:{@code controllerPort}, with the given
     * interfaces as its ports (numbered from 1 in this order); none = control channel only.
     */
    static RealPofSwitch start(Path binary, String namespace, String controller, int controllerPort, long deviceId,
            List<String> ports, Path workDir) {
        List<String> cmd = UpstreamPofSwitch.command(binary, namespace, controller, controllerPort, deviceId, ports);
        try {
            Path log = workDir.resolve("pofswitch-" + System.nanoTime() + ".log");
            return new RealPofSwitch(UpstreamPofSwitch.start(cmd, workDir, log), log, namespace);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * The kernel's drop counters of this switch's packet sockets bound to {@code iface}, by socket
     * inode, from {@code ss}' socket memory counters (empty when {@code ss} cannot tell). POFSwitch
     * opens more than one socket per port and reads only one of them, so the others drop every
     * frame once full: see {@link #dataPathDrops}.
     */
    Map<Long, Long> socketDrops(String iface) {
        Shell.Result r = namespace == null ? Shell.tryRun("ss", "-0", "-m", "-p", "-e")
                : Shell.tryRun("ip", "netns", "exec", namespace, "ss", "-0", "-m", "-p", "-e");
        if (r.exit != 0) {
            return new HashMap<>();
        }
        return socketDrops(r.output, process.pid(), iface);
    }

    /**
     * {@link #socketDrops(String)} from {@code ss -0 -m -p -e} output. Sockets opened with protocol
     * 0 ({@code [0]:iface}: the hx build's never-read ones) receive nothing and are left out, or
     * their constant 0 would hide the read socket's drops from {@link #dataPathDrops}.
     */
    static Map<Long, Long> socketDrops(String ss, long processId, String iface) {
        Map<Long, Long> drops = new HashMap<>();
        String pid = "pid=" + processId + ",";
        Long inode = null;
        for (String line : ss.split("\n")) {
            if (line.startsWith("p_")) {
                Matcher ino = INODE.matcher(line);
                inode = line.contains(pid) && line.contains(":" + iface + " ") && !line.contains("[0]:" + iface + " ")
                        && ino.find() ? Long.valueOf(ino.group(1)) : null;
            } else if (inode != null) {
                Matcher m = DROPS.matcher(line);
                if (m.find()) {
                    drops.put(inode, Long.parseLong(m.group(1)));
                }
                inode = null;
            }
        }
        return drops;
    }

    /**
     * Frames the data path's socket on that port dropped between two {@link #socketDrops} samples:
     * the smallest increase over the sockets in both (the socket the data path reads drops only
     * when its thread is starved; the unread ones drop everything); -1 when unknown.
     */
    static long dataPathDrops(Map<Long, Long> before, Map<Long, Long> after) {
        long min = Long.MAX_VALUE;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            Long b = before.get(e.getKey());
            if (b != null) {
                min = Math.min(min, e.getValue() - b);
            }
        }
        return min == Long.MAX_VALUE ? -1 : min;
    }

    private static final Pattern DROPS = Pattern.compile("skmem:\\([^)]*,d(\\d+)\\)");
    private static final Pattern INODE = Pattern.compile("ino:(\\d+)");

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

    /**
     * Stops it with SIGKILL, as a power cycle would (SIGTERM and SIGINT do not stop it; its SysV queue goes with
     * its private IPC namespace).
     */
    @Override
    public void close() {
        UpstreamPofSwitch.kill(process);
    }
}
