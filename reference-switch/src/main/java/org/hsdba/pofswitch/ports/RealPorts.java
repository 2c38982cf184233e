package org.hsdba.pofswitch.ports;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.OutputFrame;
import org.hsdba.pofswitch.datapath.PortConfig;
import org.hsdba.pofswitch.datapath.PacketOutcome;

/**
 * A reference switch's POF ports attached to Linux interfaces: one raw socket and one receive
 * thread per port; received frames go through the datapath at the time the kernel received them
 * (its SO_TIMESTAMPNS stamp mapped to the switch's clock; the live clock where a frame has no
 * stamp) and every frame they
 * output is written to the socket of its port (from the receiving thread, in order, after the
 * receive batch they came in has been processed). Ports not attached here stay in-process only.
 *
 * <p>Each receive thread is one datapath thread: it takes up to {@link #BATCH} queued frames per
 * system call ({@link ReceiveBatch}), copies each from the native batch into a buffer of its own,
 * and the datapath runs them as one batch ({@code Datapath.processBatch}: the gate and a tree's
 * domain entered once) into the thread's own outcomes (no allocation for a plain packet); the
 * outputs are sent from the outcomes' buffers. Threads of ports whose packets go to
 * different trees run at the same time ({@link org.hsdba.pofswitch.datapath.Datapath}).
 */
public final class RealPorts implements AutoCloseable {
    /** Largest frame the datapath accepts (Ethernet without FCS). */
    public static final int MAX_FRAME = 1514;
    /** Frames a receive thread takes from its socket per system call (recvmmsg), at most. */
    static final int BATCH = 32;
    /**
     * A stamp older than this is not believed (the wall clock was stepped, or the frame is too stale
     * for its time to matter): the frame runs at the live clock.
     */
    static final long MAX_LATE_NS = 1_000_000_000L;

    private final ReferenceSwitch sw;
    private final Map<Integer, Port> ports;
    private final Consumer<String> log;
    /** Registered with the switch for frames not from a receive loop (PACKET_OUT, in-process receive). */
    private final Consumer<OutputFrame> listener = this::transmit;
    private volatile boolean stopping;

    private RealPorts(ReferenceSwitch sw, Map<Integer, Port> ports, Consumer<String> log) {
        this.sw = sw;
        this.ports = ports;
        this.log = log;
    }

    /**
     * The port configuration for POF port {@code id} on interface {@code name}: its name, MAC and
     * link speed, as the switch reports them in PORT_STATUS.
     */
    public static PortConfig portConfig(int id, String name) throws IOException {
        NetInterface nif = NetInterface.byName(name);
        return new PortConfig(id, name, nif.mac(), Math.min(nif.speedMbps() * 1000, 0xFFFF_FFFFL));
    }

    /**
     * Opens a socket per entry of {@code interfaces} (POF port id to interface name) and starts the
     * receive loops. Nothing is left open if one of them fails.
     *
     * @param log where a receive loop reports that its socket broke (the port is then dead)
     */
    public static RealPorts attach(ReferenceSwitch sw, Map<Integer, String> interfaces, Consumer<String> log)
            throws IOException {
        Map<Integer, Port> ports = new LinkedHashMap<>();
        try {
            for (Map.Entry<Integer, String> e : interfaces.entrySet()) {
                ports.put(e.getKey(), new Port(e.getKey(), RawSocket.open(e.getValue())));
            }
        } catch (IOException | RuntimeException e) {
            ports.values().forEach(p -> p.socket.close());
            throw e;
        }
        RealPorts rp = new RealPorts(sw, Collections.unmodifiableMap(ports), log);
        sw.onOutput(rp.listener);
        for (Port p : ports.values()) {
            p.thread = new Thread(() -> rp.receiveLoop(p), "pofswitch-port-" + p.id + "-" + p.socket.netInterface().name());
            p.thread.setDaemon(true);
            p.thread.start();
        }
        return rp;
    }

    private void receiveLoop(Port p) {
        byte[][] bufs = new byte[BATCH][MAX_FRAME + 1];
        int[] lengths = new int[BATCH];
        PacketOutcome[] outs = new PacketOutcome[BATCH];
        for (int i = 0; i < BATCH; i++) {
            outs[i] = new PacketOutcome();
        }
        long[] times = new long[BATCH];
        long lastTime = Long.MIN_VALUE;
        ReceiveBatch batch = new ReceiveBatch(BATCH, MAX_FRAME + 1);
        boolean stamped = p.socket.timestamps();
        while (!stopping) {
            int got;
            try {
                got = p.socket.receive(batch);
            } catch (IOException e) {
                if (!stopping) {
                    log.accept("port " + p.id + " stopped: " + e.getMessage());
                }
                return;
            }
            // the two clocks read once per batch: a stamp's age on the wall clock is its age on the switch's
            long wallNow = stamped && got > 0 ? batch.realtimeNowNanos() : 0;
            long now = sw.nowNanos();
            long lateSum = 0;
            long lateMax = 0;
            int lateCount = 0;
            int n = 0;
            for (int i = 0; i < got; i++) {
                if (batch.outgoing(i)) {
                    continue;
                }
                int len = batch.length(i);
                p.rxFrames.incrementAndGet();
                p.rxBytes.addAndGet(len);
                if (len > MAX_FRAME) {
                    p.rxOversize.incrementAndGet();
                    p.rxNotForwarded.incrementAndGet();
                    continue;
                }
                long late = lateness(wallNow, stamped ? batch.receivedAtNanos(i) : -1);
                long time = now;
                if (late >= 0) {
                    time = now - late;
                    lateSum += late;
                    lateMax = Math.max(lateMax, late);
                    lateCount++;
                }
                // never back in time on this port (the wall clock may be stepped between batches)
                lastTime = Math.max(lastTime, time);
                times[n] = lastTime;
                batch.copy(i, bufs[n]);
                lengths[n++] = len;
            }
            if (lateCount > 0) {
                p.late(lateCount, lateSum, lateMax);
            }
            if (n == 0) {
                continue;
            }
            // the batch through the datapath at once (gate and domain entered once), then its frames out in order
            sw.receiveBatchInto(bufs, lengths, n, p.id, times, outs, listener);
            for (int j = 0; j < n; j++) {
                PacketOutcome out = outs[j];
                for (int o = 0; o < out.outputCount(); o++) {
                    send(out.outputPort(o), out.outputBytes(o), out.outputLength(o));
                }
                if (!out.forwarded()) {
                    p.rxNotForwarded.incrementAndGet();
                }
            }
        }
    }

    /**
     * How long ago, in ns, a frame stamped {@code receivedAt} arrived when the wall clock reads
     * {@code wallNow}; -1 if it is not to be believed: no stamp (-1), or older than {@link #MAX_LATE_NS}.
     * A stamp ahead of the clock (a step back between the two readings) counts as just arrived.
     */
    static long lateness(long wallNow, long receivedAt) {
        if (receivedAt < 0) {
            return -1;
        }
        long late = Math.max(0, wallNow - receivedAt);
        return late <= MAX_LATE_NS ? late : -1;
    }

    private void transmit(OutputFrame f) {
        byte[] data = f.data();
        send(f.port(), data, data.length);
    }

    private void send(int port, byte[] frame, int length) {
        Port p = ports.get(port);
        if (p == null || stopping) {
            return;
        }
        if (p.socket.send(frame, length)) {
            p.txFrames.incrementAndGet();
            p.txBytes.addAndGet(length);
        } else {
            p.txErrors.incrementAndGet();
        }
    }

    /** A snapshot of every attached port's counters, in port order of attachment. */
    public List<PortStats> stats() {
        List<PortStats> out = new ArrayList<>();
        for (Port p : ports.values()) {
            out.add(new PortStats(p.id, p.socket.netInterface().name(), p.rxFrames.get(), p.rxBytes.get(),
                    p.rxNotForwarded.get(), p.rxOversize.get(), p.txFrames.get(), p.txBytes.get(), p.txErrors.get(),
                    p.kernelDrops(), p.rxStamped.get(), p.lateSumNs.get(), p.lateMaxNs.get()));
        }
        return out;
    }

    /** Stops the receive loops (each within {@link RawSocket#POLL_MS}), then closes the sockets. */
    @Override
    public void close() {
        stopping = true;
        for (Port p : ports.values()) {
            try {
                p.thread.join(5 * RawSocket.POLL_MS + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            p.socket.close();
        }
    }

    private static final class Port {
        final int id;
        final RawSocket socket;
        final AtomicLong rxFrames = new AtomicLong();
        final AtomicLong rxBytes = new AtomicLong();
        final AtomicLong rxNotForwarded = new AtomicLong();
        final AtomicLong rxOversize = new AtomicLong();
        final AtomicLong txFrames = new AtomicLong();
        final AtomicLong txBytes = new AtomicLong();
        final AtomicLong txErrors = new AtomicLong();
        final AtomicLong kernelDrops = new AtomicLong();
        /** Frames run at their kernel stamp, the sum of how late they ran, and the worst. */
        final AtomicLong rxStamped = new AtomicLong();
        final AtomicLong lateSumNs = new AtomicLong();
        final AtomicLong lateMaxNs = new AtomicLong();
        Thread thread;

        /** One batch's lateness (only the receive thread writes, so max needs no compare-and-set). */
        void late(int count, long sumNs, long maxNs) {
            rxStamped.addAndGet(count);
            lateSumNs.addAndGet(sumNs);
            if (maxNs > lateMaxNs.get()) {
                lateMaxNs.set(maxNs);
            }
        }

        /** Adds what the kernel counted since the last read (its counter resets on reading). */
        synchronized long kernelDrops() {
            long d = socket.takeKernelDrops();
            return d < 0 ? kernelDrops.get() : kernelDrops.addAndGet(d);
        }

        Port(int id, RawSocket socket) {
            this.id = id;
            this.socket = socket;
        }
    }
}
