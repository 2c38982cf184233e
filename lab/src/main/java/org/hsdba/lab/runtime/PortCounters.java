package org.hsdba.lab.runtime;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Packets per port of one switch as seen from outside the datapath: received (fed in on the
 * port), sent (left by the port) and dropped (received but left by no port), plus the
 * PACKET_INs the datapath raised. Thread-safe.
 */
public final class PortCounters {

    /** One port's counts at a moment. */
    public static final class Counts {
        private final long in;
        private final long out;
        private final long dropped;

        Counts(long in, long out, long dropped) {
            this.in = in;
            this.out = out;
            this.dropped = dropped;
        }

        public long in() {
            return in;
        }

        public long out() {
            return out;
        }

        public long dropped() {
            return dropped;
        }
    }

    private final Map<Integer, LongAdder[]> ports = new ConcurrentHashMap<>();
    private final LongAdder packetIns = new LongAdder();

    private LongAdder[] port(int port) {
        return ports.computeIfAbsent(port, p -> new LongAdder[] {new LongAdder(), new LongAdder(), new LongAdder()});
    }

    void received(int port) {
        port(port)[0].increment();
    }

    void sent(int port) {
        port(port)[1].increment();
    }

    void dropped(int inPort) {
        port(inPort)[2].increment();
    }

    void packetIn() {
        packetIns.increment();
    }

    /** Counts by port number, for every port that saw a packet. */
    public Map<Integer, Counts> snapshot() {
        Map<Integer, Counts> out = new TreeMap<>();
        ports.forEach((p, c) -> out.put(p, new Counts(c[0].sum(), c[1].sum(), c[2].sum())));
        return out;
    }

    public long packetIns() {
        return packetIns.sum();
    }

    public long totalIn() {
        return ports.values().stream().mapToLong(c -> c[0].sum()).sum();
    }

    public long totalOut() {
        return ports.values().stream().mapToLong(c -> c[1].sum()).sum();
    }

    public long totalDropped() {
        return ports.values().stream().mapToLong(c -> c[2].sum()).sum();
    }
}
