package org.hsdba.lab.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.hsdba.pofswitch.ports.RawSocket;
import org.hsdba.pofswitch.upstream.PacketSocketDrops;
import org.hsdba.pofswitch.upstream.UpstreamPofSwitch;

/**
 * A real POFSwitch 1.4.0 process (stock, or patched with the HSDBA extension: the adapter's probe
 * tells them apart) on the hosts' veths, run as {@link UpstreamPofSwitch} says. POFSwitch
 * numbers its {@code -a} ports from 1 in order, so the tree's egress port must be 2. What it sends
 * out of the egress port is counted from a mirror of that interface ({@link HostNetwork#mirrorEgress}).
 * Its {@link #stats()} also say how many frames came in on port 1 and how many of them the kernel
 * dropped at POFSwitch's receive socket, before the switch's program saw them (its thread too late
 * to read them): drops the allocation did not decide.
 */
final class PofSwitchHost implements HostSwitch {
    private final Process process;
    private final Path binary;
    private final Path log;
    private final RawSocket tap;
    private final Thread reader;
    private final AtomicLong frames = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final String ingress;
    private volatile boolean closed;

    private PofSwitchHost(Process process, Path binary, Path log, RawSocket tap, EgressMeter meter, String ingress) {
        this.process = process;
        this.ingress = ingress;
        this.binary = binary;
        this.log = log;
        this.tap = tap;
        this.reader = new Thread(() -> count(meter), "hosts-lab-egress-tap");
        this.reader.setDaemon(true);
    }

    /** The egress port a POFSwitch between the hosts has: its second {@code -a} interface. */
    static final int EGRESS_PORT = 2;

    static PofSwitchHost start(Path binary, HostNetwork net, int egress, long dpid, int pofPort, EgressMeter meter, Path workDir)
            throws IOException {
        if (egress != EGRESS_PORT) {
            throw new IOException("a real POFSwitch numbers its ports 1, 2 in the order it is given them: the tree's egress port"
                    + " must be " + EGRESS_PORT + " (the lab file's tree is on port " + egress + ")");
        }
        if (!Files.isExecutable(binary)) {
            throw new IOException("no POFSwitch binary at " + binary + " (build one with scripts/pofswitch.sh build stock|hx)");
        }
        RawSocket tap = RawSocket.open(net.mirrorEgress());
        Path log = workDir.resolve("pofswitch.log");
        List<String> cmd = UpstreamPofSwitch.command(binary, null, "127.0.0.1", pofPort, dpid,
                List.of(net.switchInInterface(), net.switchOutInterface()));
        Process p;
        try {
            p = UpstreamPofSwitch.start(cmd, workDir, log);
        } catch (IOException e) {
            tap.close();
            throw e;
        }
        PofSwitchHost h = new PofSwitchHost(p, binary, log, tap, meter, net.switchInInterface());
        h.reader.start();
        return h;
    }

    private void count(EgressMeter meter) {
        byte[] buf = new byte[2048];
        while (!closed) {
            int n;
            try {
                n = tap.receive(buf);
            } catch (IOException e) {
                return; // closed
            }
            if (n > 0 && n <= buf.length) {
                frames.incrementAndGet();
                bytes.addAndGet(n);
                meter.accept(buf, n);
            }
        }
    }

    @Override
    public String description() {
        return "real POFSwitch " + binary + " (pid " + process.pid() + ", log " + log + ")";
    }

    @Override
    public String stats() {
        return "POFSwitch egress " + frames.get() + " frames, " + bytes.get() + " bytes; " + ingressStats()
                + (process.isAlive() ? "" : "; " + failure());
    }

    private String ingressStats() {
        String in;
        try {
            in = Files.readString(Path.of("/sys/class/net", ingress, "statistics", "rx_packets")).trim();
        } catch (IOException e) {
            in = "?";
        }
        long drops = -1;
        if (process.isAlive()) {
            try {
                drops = PacketSocketDrops.dataPathDrops(PacketSocketDrops.of(
                        Shell.run(PacketSocketDrops.command().toArray(new String[0])), process.pid(), ingress));
            } catch (IOException e) {
                // ss missing or refused: unknown
            }
        }
        return "port 1 (" + ingress + ") " + in + " frames in, "
                + (drops < 0 ? "receive-socket drops unknown" : drops + " dropped by its receive socket (kernel, before the program)");
    }

    @Override
    public String failure() {
        return process.isAlive() ? null : "the POFSwitch process exited with status " + process.exitValue() + " (see " + log + ")";
    }

    /** Kills it (SIGTERM and SIGINT do not stop POFSwitch; its SysV queue goes with its IPC namespace). */
    @Override
    public void close() {
        closed = true;
        UpstreamPofSwitch.kill(process);
        try {
            reader.join(2 * RawSocket.POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tap.close();
    }
}
