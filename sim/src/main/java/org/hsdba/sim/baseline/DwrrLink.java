package org.hsdba.sim.baseline;

import java.util.ArrayDeque;
import org.hsdba.sim.engine.NodeTree;
import org.hsdba.sim.link.DepartureSink;
import org.hsdba.sim.link.LinkChecks;
import org.hsdba.sim.link.LinkModel;

/**
 * Deficit weighted round robin (Shreedhar and Varghese's DRR with per-queue quanta): one FIFO per
 * flow (leaf), a quantum proportional to the flow's weight, a shared buffer limit (bytes held in
 * all queues plus the packet being sent) and a per-queue limit, both tail drop. The per-queue
 * limit matters: with only a shared buffer, the heaviest flows fill it and lighter flows lose
 * packets at the door, so the weighted shares are never reached. Each visit adds the quantum to
 * the flow's deficit and sends head packets while they fit; an emptied queue leaves the round
 * and loses its deficit. Work-conserving: the line idles only when every queue is empty.
 */
public final class DwrrLink implements LinkModel {

    private final double capacityBps;
    private final long bufferBytes;
    private final long queueBytesLimit;
    private final long[] queueBytes;
    private final long[] quantum;
    private final long[] deficit;
    private final boolean[] credited;
    private final ArrayDeque<Packet>[] queues;
    private final ArrayDeque<Integer> round = new ArrayDeque<>();
    private Packet sending;
    private double sendingDoneNs;
    private long backlogBytes;

    /**
     * @param bufferBytes     shared buffer, bytes
     * @param queueBytesLimit per-queue limit, bytes (including the queue's packet being sent)
     * @param weights         weight per flow index (> 0)
     * @param quantumBytes    quantum of the lightest flow, bytes; at least the largest packet so
     *                        every visit sends something
     */
    @SuppressWarnings("unchecked")
    public DwrrLink(double capacityBps, long bufferBytes, long queueBytesLimit, double[] weights, int quantumBytes) {
        LinkChecks.check(capacityBps, bufferBytes);
        if (queueBytesLimit <= 0) {
            throw new IllegalArgumentException("DWRR per-queue limit must be > 0 bytes, got " + queueBytesLimit);
        }
        if (weights.length == 0) {
            throw new IllegalArgumentException("DWRR needs at least one flow");
        }
        if (quantumBytes <= 0) {
            throw new IllegalArgumentException("DWRR quantum must be > 0 bytes, got " + quantumBytes);
        }
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < weights.length; i++) {
            if (!(weights[i] > 0) || Double.isInfinite(weights[i])) {
                throw new IllegalArgumentException("DWRR weight of flow " + i + " must be > 0, got "
                        + weights[i]);
            }
            min = Math.min(min, weights[i]);
        }
        this.capacityBps = capacityBps;
        this.bufferBytes = bufferBytes;
        this.queueBytesLimit = queueBytesLimit;
        this.queueBytes = new long[weights.length];
        this.quantum = new long[weights.length];
        for (int i = 0; i < weights.length; i++) {
            quantum[i] = Math.round(quantumBytes * weights[i] / min);
        }
        this.deficit = new long[weights.length];
        this.credited = new boolean[weights.length];
        this.queues = new ArrayDeque[weights.length];
        for (int i = 0; i < weights.length; i++) {
            queues[i] = new ArrayDeque<>();
        }
    }

    /**
     * One queue per leaf of {@code tree} (flows are node indices, as the engine passes them), each
     * with a quantum proportional to the leaf's effective weight: the product over its path of
     * {@code w / sum(w of siblings)}, i.e. its share when every leaf is backlogged. This is a
     * flat DWRR: it does not redistribute within a subtree as a hierarchical scheduler would.
     * The buffer is shared; each queue may hold {@code bufferBytes / leaves}.
     */
    public static DwrrLink forLeaves(NodeTree tree, double capacityBps, long bufferBytes, int quantumBytes) {
        double[] siblingsWeight = new double[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            siblingsWeight[tree.parent(n)] += tree.weight(n);
        }
        double[] effective = new double[tree.size()];
        effective[0] = 1;
        int leaves = 0;
        for (int n = 1; n < tree.size(); n++) {
            effective[n] = effective[tree.parent(n)] * tree.weight(n) / siblingsWeight[tree.parent(n)];
            if (tree.isLeaf(n)) {
                leaves++;
            }
        }
        double minLeaf = Double.POSITIVE_INFINITY;
        for (int n = 0; n < tree.size(); n++) {
            if (tree.isLeaf(n)) {
                minLeaf = Math.min(minLeaf, effective[n]);
            }
        }
        double[] weights = new double[tree.size()];
        for (int n = 0; n < tree.size(); n++) {
            // Internal nodes get no traffic; give them the lightest weight so quanta stay sane.
            weights[n] = tree.isLeaf(n) ? effective[n] : minLeaf;
        }
        return new DwrrLink(capacityBps, bufferBytes, Math.max(1, bufferBytes / Math.max(1, leaves)), weights,
                quantumBytes);
    }

    @Override
    public double capacityBps() {
        return capacityBps;
    }

    /** The quantum of {@code flow}, bytes. */
    public long quantum(int flow) {
        return quantum[flow];
    }

    @Override
    public boolean offer(long tNs, int bytes, int flow) {
        if (flow < 0 || flow >= queues.length) {
            throw new IllegalArgumentException("DWRR has flows 0.." + (queues.length - 1) + ", got " + flow);
        }
        if (backlogBytes + bytes > bufferBytes || queueBytes[flow] + bytes > queueBytesLimit) {
            return false;
        }
        if (queues[flow].isEmpty()) {
            round.addLast(flow);
        }
        queues[flow].addLast(new Packet(tNs, bytes, flow));
        backlogBytes += bytes;
        queueBytes[flow] += bytes;
        if (sending == null) {
            startNext(Math.max(tNs, sendingDoneNs));
        }
        return true;
    }

    @Override
    public void advanceTo(long tNs, DepartureSink sink) {
        while (sending != null && Math.round(sendingDoneNs) <= tNs) {
            Packet done = sending;
            backlogBytes -= done.bytes;
            queueBytes[done.flow] -= done.bytes;
            sink.departed(done.arrivalNs, Math.round(sendingDoneNs), done.bytes, done.flow);
            sending = null;
            startNext(sendingDoneNs);
        }
    }

    @Override
    public long backlogBytes() {
        return backlogBytes;
    }

    private void startNext(double nowNs) {
        Packet next = pick();
        if (next != null) {
            sending = next;
            sendingDoneNs = nowNs + next.bytes * 8e9 / capacityBps;
        }
    }

    /** The next packet in DWRR order, or null if every queue is empty. */
    private Packet pick() {
        while (!round.isEmpty()) {
            int flow = round.peekFirst();
            if (!credited[flow]) {
                deficit[flow] += quantum[flow];
                credited[flow] = true;
            }
            ArrayDeque<Packet> q = queues[flow];
            if (q.peekFirst().bytes <= deficit[flow]) {
                Packet p = q.pollFirst();
                deficit[flow] -= p.bytes;
                if (q.isEmpty()) {
                    deficit[flow] = 0;
                    credited[flow] = false;
                    round.pollFirst();
                }
                return p;
            }
            // Quantum spent for this round: go to the back and wait for the next visit.
            credited[flow] = false;
            round.addLast(round.pollFirst());
        }
        return null;
    }

    /** A queued packet. */
    private static final class Packet {
        final long arrivalNs;
        final int bytes;
        final int flow;

        Packet(long arrivalNs, int bytes, int flow) {
            this.arrivalNs = arrivalNs;
            this.bytes = bytes;
            this.flow = flow;
        }
    }
}
