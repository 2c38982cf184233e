package org.hsdba.lab.hosts;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.hsdba.pofswitch.ports.RawSocket;

/**
 * The way back of a host network whose flows have an added round-trip time: frames that arrive
 * on one interface leave by another after the delay of their flow, chosen by the IPv4 TCP/UDP
 * source port (the flow's server port; others pass without delay). Used instead of netem, which
 * kernels without {@code sch_netem} lack. One receive thread stamps each frame with its due time,
 * one send thread sends it then; frames of one flow keep their order. {@link #close()} stops both.
 */
final class DelayLine implements AutoCloseable {
    private static final int MAX_FRAME = 1514;

    private final RawSocket in;
    private final RawSocket out;
    private final Map<Integer, Long> delayNanosByPort;
    private final DelayQueue<Held> queue = new DelayQueue<>();
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong delayed = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final Thread receiver;
    private final Thread sender;
    private volatile boolean stopping;

    private DelayLine(RawSocket in, RawSocket out, Map<Integer, Long> delayNanosByPort, Consumer<String> log) {
        this.in = in;
        this.out = out;
        this.delayNanosByPort = Map.copyOf(delayNanosByPort);
        this.receiver = new Thread(() -> receiveLoop(log), "hosts-delay-in-" + in.netInterface().name());
        this.sender = new Thread(this::sendLoop, "hosts-delay-out-" + out.netInterface().name());
        receiver.setDaemon(true);
        sender.setDaemon(true);
    }

    /** Opens both interfaces and starts forwarding {@code inName} to {@code outName}; nothing left open on failure. */
    static DelayLine start(String inName, String outName, Map<Integer, Long> delayNanosByPort, Consumer<String> log)
            throws IOException {
        RawSocket in = RawSocket.open(inName);
        RawSocket out;
        try {
            out = RawSocket.open(outName);
        } catch (IOException e) {
            in.close();
            throw e;
        }
        DelayLine d = new DelayLine(in, out, delayNanosByPort, log);
        d.receiver.start();
        d.sender.start();
        return d;
    }

    /** The delay of a frame: its flow's if it is IPv4 TCP or UDP from one of the flows' ports, else 0. */
    static long delayOf(byte[] f, int n, Map<Integer, Long> delayNanosByPort) {
        if (n < 14 + 20 || (f[12] & 0xff) != 0x08 || f[13] != 0x00) {
            return 0;
        }
        int ihl = (f[14] & 0x0f) * 4;
        int proto = f[14 + 9] & 0xff;
        if ((proto != 6 && proto != 17) || n < 14 + ihl + 2) {
            return 0;
        }
        int sport = ((f[14 + ihl] & 0xff) << 8) | (f[14 + ihl + 1] & 0xff);
        return delayNanosByPort.getOrDefault(sport, 0L);
    }

    private void receiveLoop(Consumer<String> log) {
        byte[] buf = new byte[MAX_FRAME + 1];
        while (!stopping) {
            int n;
            try {
                n = in.receive(buf);
            } catch (IOException e) {
                if (!stopping) {
                    log.accept("the delayed way back stopped: " + e.getMessage());
                }
                return;
            }
            if (n <= 0 || n > MAX_FRAME) {
                continue;
            }
            long due = System.nanoTime() + delayOf(buf, n, delayNanosByPort);
            queue.put(new Held(due, sequence.getAndIncrement(), Arrays.copyOf(buf, n)));
        }
    }

    private void sendLoop() {
        while (!stopping) {
            Held h;
            try {
                h = queue.poll(RawSocket.POLL_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (h == null) {
                continue;
            }
            if (out.send(h.frame, h.frame.length)) {
                delayed.incrementAndGet();
            } else {
                refused.incrementAndGet();
            }
        }
    }

    /** Frames sent on, and frames the kernel refused to send. */
    String stats() {
        return "way back: " + delayed.get() + " frames sent on" + (refused.get() > 0 ? ", " + refused.get() + " refused" : "");
    }

    @Override
    public void close() {
        stopping = true;
        sender.interrupt();
        try {
            receiver.join(5 * RawSocket.POLL_MS + 1000);
            sender.join(5 * RawSocket.POLL_MS + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        in.close();
        out.close();
    }

    /** A frame held until its due time; ties in due time keep arrival order. */
    private static final class Held implements Delayed {
        final long due;
        final long seq;
        final byte[] frame;

        Held(long due, long seq, byte[] frame) {
            this.due = due;
            this.seq = seq;
            this.frame = frame;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(due - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            Held h = (Held) o;
            int c = Long.compare(due, h.due);
            return c != 0 ? c : Long.compare(seq, h.seq);
        }
    }
}
