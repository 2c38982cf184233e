package org.hsdba.algorithm;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;

/**
 * Drives the six CBR sources of {@link PaperSetups} through a packet decision function and
 * compares every node's forwarded rate per 10 s phase (averaged over the phase after its first
 * second) with the exact allocator.
 */
final class CbrRun {

    /** Decides one packet of {@code source}'s leaf; true = forwarded. */
    interface Decider {
        boolean forward(int leafIndex, int bytes, long tNs);
    }

    /** Worst relative deviation (|measured - exact| / exact) over nodes and phases, and where. */
    static final class Result {
        double worst;
        String where = "";
        final StringBuilder table = new StringBuilder();
    }

    private CbrRun() {
    }

    static Result run(ResolvedTree resolved, Decider decider) {
        BandwidthTree tree = resolved.tree();
        long period = Math.round(PaperSetups.PACKET_BYTES * 8 / PaperSetups.SOURCE_BPS * 1e9);
        long[] next = new long[7];
        int[] leaf = new int[7];
        for (int k = 1; k <= 6; k++) {
            // Distinct offsets so that the sources do not arrive in lock step.
            next[k] = PaperSetups.startNs(k) + 1 + 37_013L * k;
            leaf[k] = tree.indexOf(PaperSetups.leafOf(tree, k));
        }
        long[][] passed = new long[PaperSetups.PHASES][tree.size()];
        while (true) {
            int k = 0;
            for (int s = 1; s <= 6; s++) {
                if (next[s] < PaperSetups.stopNs(s) && (k == 0 || next[s] < next[k])) {
                    k = s;
                }
            }
            if (k == 0) {
                break;
            }
            long t = next[k];
            next[k] += period;
            if (decider.forward(leaf[k], PaperSetups.PACKET_BYTES, t)) {
                int phase = (int) (t / PaperSetups.PHASE_NS);
                if (t - phase * PaperSetups.PHASE_NS >= 1_000_000_000L) {
                    for (int v = leaf[k]; v >= 0; v = tree.parentIndex(v)) {
                        passed[phase][v] += PaperSetups.PACKET_BYTES;
                    }
                }
            }
        }
        Result result = new Result();
        for (int phase = 0; phase < PaperSetups.PHASES; phase++) {
            long mid = phase * PaperSetups.PHASE_NS + PaperSetups.PHASE_NS / 2;
            Map<String, Double> demand = new HashMap<>();
            for (int k = 1; k <= 6; k++) {
                boolean on = mid >= PaperSetups.startNs(k) && mid < PaperSetups.stopNs(k);
                demand.put(PaperSetups.leafOf(tree, k), on ? PaperSetups.SOURCE_BPS : 0.0);
            }
            Allocation exact = Allocator.allocate(resolved, demand);
            result.table.append(String.format("%3d-%3d s:", phase * 10, phase * 10 + 10));
            for (int v = 0; v < tree.size(); v++) {
                double measured = passed[phase][v] * 8 / 9.0;
                double want = exact.allocation(v);
                double dev = want == 0 ? (measured == 0 ? 0 : Double.POSITIVE_INFINITY) : Math.abs(measured - want) / want;
                result.table.append(String.format(" %s %.2f/%.2f", tree.node(v).id(), measured / 1e6, want / 1e6));
                if (dev > result.worst) {
                    result.worst = dev;
                    result.where = tree.node(v).id() + " in " + phase * 10 + "-" + (phase * 10 + 10) + " s: measured "
                            + String.format("%.3f", measured / 1e6) + " Mb/s, exact " + String.format("%.3f", want / 1e6);
                }
            }
            result.table.append('\n');
        }
        return result;
    }

    /** A decider running the kernel on a fresh state. */
    static Decider kernel(HsdbaKernel kernel, long seed) {
        KernelState state = KernelState.initial(kernel.tree());
        SplittableRandom random = new SplittableRandom(seed);
        return (leaf, bytes, t) -> kernel.onPacket(state, leaf, bytes, t, random::nextDouble).forwarded();
    }
}
