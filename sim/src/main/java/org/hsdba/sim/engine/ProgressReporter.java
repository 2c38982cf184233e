package org.hsdba.sim.engine;

import java.io.PrintStream;
import java.util.Locale;
import org.hsdba.sim.traffic.WallClock;

/**
 * Progress of a long run: every {@code intervalSeconds} of wall time, one line with the simulated
 * time reached, the share done and the packet rate. Looks at the clock only every 1024 packets so
 * it costs nothing per packet. A run shorter than one interval prints nothing.
 */
public final class ProgressReporter {

    private static final int CHECK_EVERY = 1024;

    private final PrintStream out;
    private final long intervalNs;
    private final WallClock clock;
    private long totalSimNs = 1;
    private long startWallNs;
    private long nextReportNs;
    private long lastReportPackets;
    private long lastReportWallNs;
    private int calls;
    private boolean printed;

    public ProgressReporter(PrintStream out, double intervalSeconds, WallClock clock) {
        if (!(intervalSeconds > 0)) {
            throw new IllegalArgumentException("progress interval must be > 0 s, got " + intervalSeconds);
        }
        this.out = out;
        this.intervalNs = Math.round(intervalSeconds * 1e9);
        this.clock = clock;
    }

    /** Every 5 s to standard error. */
    public static ProgressReporter toStderr() {
        return new ProgressReporter(System.err, 5.0, WallClock.system());
    }

    public void start(long totalSimNs) {
        this.totalSimNs = Math.max(1, totalSimNs);
        this.startWallNs = clock.nanoTime();
        this.lastReportWallNs = startWallNs;
        this.nextReportNs = startWallNs + intervalNs;
    }

    public void update(long simNs, long packets) {
        if (++calls < CHECK_EVERY) {
            return;
        }
        calls = 0;
        long now = clock.nanoTime();
        if (now >= nextReportNs) {
            report(now, simNs, packets);
            nextReportNs = now + intervalNs;
        }
    }

    /** A closing line, only if progress lines were printed before. */
    public void finish(long simNs, long packets) {
        if (printed) {
            report(clock.nanoTime(), simNs, packets);
        }
    }

    private void report(long now, long simNs, long packets) {
        double recentRate = (packets - lastReportPackets) / Math.max(1e-9, (now - lastReportWallNs) / 1e9);
        out.println(String.format(Locale.ROOT,
                "sim: %.3f s of %.3f s simulated (%.1f %%), %d packets, %.3f Mpkt/s, %.1f s wall",
                simNs / 1e9, totalSimNs / 1e9, 100.0 * Math.min(simNs, totalSimNs) / totalSimNs, packets,
                recentRate / 1e6, (now - startWallNs) / 1e9));
        out.flush();
        lastReportPackets = packets;
        lastReportWallNs = now;
        printed = true;
    }
}
