package org.hsdba.interop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.pofswitch.upstream.PacketSocketDrops;
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
     * The drop counters of this switch's packet sockets bound to {@code iface}, by socket inode
     * ({@link PacketSocketDrops#of}); empty when {@code ss} cannot tell. Two readings give the data
     * path's drops between them ({@link PacketSocketDrops#dataPathDrops(Map, Map)}).
     */
    Map<Long, Long> socketDrops(String iface) {
        List<String> ss = new ArrayList<>(PacketSocketDrops.command());
        if (namespace != null) {
            ss.addAll(0, List.of("ip", "netns", "exec", namespace));
        }
        Shell.Result r = Shell.tryRun(ss.toArray(new String[0]));
        if (r.exit != 0) {
            return new HashMap<>();
        }
        return PacketSocketDrops.of(r.output, process.pid(), iface);
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

    /**
     * Stops it with SIGKILL, as a power cycle would (SIGTERM and SIGINT do not stop it; its SysV queue goes with
     * its private IPC namespace).
     */
    @Override
    public void close() {
        UpstreamPofSwitch.kill(process);
    }
}
