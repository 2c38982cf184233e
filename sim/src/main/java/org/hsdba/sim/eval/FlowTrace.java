package org.hsdba.sim.eval;

import java.util.List;
import java.util.function.Function;

import org.hsdba.algorithm.KernelState;
import org.hsdba.algorithm.KernelTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.sim.engine.PacketObserver;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.reference.KernelProcessor;

/**
 * Per-source figures of a reference-kernel run after settling, for the diagnosis of responsive
 * senders (docs/evaluation/issue-14): offered and delivered bytes, and, sampled every 10 ms of
 * simulated time, whether the source's leaf is satisfied and its fair rate {@code f}. One source
 * per leaf; the processor must be a {@link KernelProcessor}. Single-threaded, one run.
 */
final class FlowTrace {

    static final long SAMPLE_NS = 10_000_000L;

    private final long settleNs;
    private final int[] leaf;
    private final long[] offered;
    private final long[] delivered;
    private final long[] satisfied;
    private final double[] sumFair;
    /** Packets since the source's last drop, and over its drops the sum and sum of squares of that count. */
    private final long[] sinceDrop;
    private final long[] drops;
    private final double[] sumGap;
    private final double[] sumGap2;
    private long samples;
    private long nextSample;
    private KernelProcessor kernel;

    /** @param leaves the leaf of each source, in source order */
    FlowTrace(BandwidthTree tree, List<String> leaves, long settleNs) {
        this.settleNs = settleNs;
        int n = leaves.size();
        leaf = new int[n];
        for (int i = 0; i < n; i++) {
            leaf[i] = tree.indexOf(leaves.get(i));
            if (leaf[i] < 0) {
                throw new IllegalArgumentException("flow trace: no node " + leaves.get(i) + " in " + tree);
            }
        }
        offered = new long[n];
        delivered = new long[n];
        satisfied = new long[n];
        sumFair = new double[n];
        sinceDrop = new long[n];
        drops = new long[n];
        sumGap = new double[n];
        sumGap2 = new double[n];
        nextSample = settleNs;
    }

    /** The observer to pass to the run (once). */
    Function<PacketProcessor, PacketObserver> observer() {
        return p -> {
            if (!(p instanceof KernelProcessor)) {
                throw new IllegalArgumentException("flow trace needs the reference kernel, not " + p.getClass().getName());
            }
            kernel = (KernelProcessor) p;
            return this::packet;
        };
    }

    private void packet(long tNs, int source, int node, int bytes, boolean ok) {
        if (tNs < settleNs) {
            return;
        }
        offered[source] += bytes;
        sinceDrop[source]++;
        if (ok) {
            delivered[source] += bytes;
        } else {
            double g = sinceDrop[source];
            drops[source]++;
            sumGap[source] += g;
            sumGap2[source] += g * g;
            sinceDrop[source] = 0;
        }
        KernelState s = kernel.kernelState();
        while (tNs >= nextSample) {
            samples++;
            for (int i = 0; i < leaf.length; i++) {
                satisfied[i] += s.satisfied(leaf[i]) ? 1 : 0;
                // The kernel keeps each node's fair rate f as its slot's B (pass-down SHARE, the default).
                sumFair[i] += s.bandwidth(KernelTree.slotOf(leaf[i])) * 8;
            }
            nextSample += SAMPLE_NS;
        }
    }

    double offeredBps(int source, double seconds) {
        return offered[source] * 8 / seconds;
    }

    double lossFraction(int source) {
        return offered[source] == 0 ? 0 : 1 - (double) delivered[source] / offered[source];
    }

    /** Mean number of packets from one drop of the source to its next (this drop included). */
    double meanDropGap(int source) {
        return drops[source] == 0 ? Double.NaN : sumGap[source] / drops[source];
    }

    /**
     * Coefficient of variation of the packets between drops: about 1 for independent draws at a
     * steady p (geometric gaps), lower for regular ones.
     */
    double dropGapCv(int source) {
        if (drops[source] == 0) {
            return Double.NaN;
        }
        double mean = sumGap[source] / drops[source];
        return Math.sqrt(Math.max(0, sumGap2[source] / drops[source] - mean * mean)) / mean;
    }

    /** Share of the samples at which the source's leaf was satisfied. */
    double satisfiedFraction(int source) {
        return samples == 0 ? 0 : (double) satisfied[source] / samples;
    }

    /** Mean fair rate of the source's leaf over the samples, bits/s. */
    double meanFairBps(int source) {
        return samples == 0 ? 0 : sumFair[source] / samples;
    }
}
