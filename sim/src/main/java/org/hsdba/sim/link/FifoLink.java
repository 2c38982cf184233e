package org.hsdba.sim.link;

import java.util.ArrayDeque;

/**
 * A single FIFO with tail drop: a packet is dropped when the bytes held (including the packet
 * being sent) plus its own would exceed the buffer. Departure times are exact: a packet starts
 * when the line is free and takes {@code bytes * 8 / C} (times accumulate in double ns so rounding
 * never drifts; reported times are rounded).
 */
public final class FifoLink implements LinkModel {

    private final double capacityBps;
    private final long bufferBytes;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private double lastDepartureNs;
    private long backlogBytes;

    /**
     * @param capacityBps line rate, bits/s (> 0)
     * @param bufferBytes buffer size, bytes (> 0; must hold the largest packet or it is always dropped)
     */
    public FifoLink(double capacityBps, long bufferBytes) {
        LinkChecks.check(capacityBps, bufferBytes);
        this.capacityBps = capacityBps;
        this.bufferBytes = bufferBytes;
    }

    @Override
    public double capacityBps() {
        return capacityBps;
    }

    public long bufferBytes() {
        return bufferBytes;
    }

    @Override
    public boolean offer(long tNs, int bytes, int flow) {
        if (backlogBytes + bytes > bufferBytes) {
            return false;
        }
        double start = Math.max(tNs, lastDepartureNs);
        lastDepartureNs = start + bytes * 8e9 / capacityBps;
        queue.addLast(new Entry(tNs, bytes, flow, lastDepartureNs));
        backlogBytes += bytes;
        return true;
    }

    @Override
    public void advanceTo(long tNs, DepartureSink sink) {
        while (!queue.isEmpty() && Math.round(queue.peekFirst().departureNs) <= tNs) {
            Entry e = queue.pollFirst();
            backlogBytes -= e.bytes;
            sink.departed(e.arrivalNs, Math.round(e.departureNs), e.bytes, e.flow);
        }
    }

    @Override
    public long backlogBytes() {
        return backlogBytes;
    }

    /** A queued packet with its (already known) departure time. */
    private static final class Entry {
        final long arrivalNs;
        final int bytes;
        final int flow;
        final double departureNs;

        Entry(long arrivalNs, int bytes, int flow, double departureNs) {
            this.arrivalNs = arrivalNs;
            this.bytes = bytes;
            this.flow = flow;
            this.departureNs = departureNs;
        }
    }
}
