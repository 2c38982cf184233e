package org.hsdba.e2e;

import java.util.HashMap;
import java.util.Map;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;

/**
 * Runs the six CBR sources of {@link PaperScenario} through a switch and compares every node's
 * forwarded rate per phase ({@link PaperScenario#PHASE_NS}), averaged over the phase after its first {@code settleSeconds},
 * with B's exact allocator.
 */
final class PhaseRun {

    /** Forwards (true) or drops one frame at simulated time t. */
    interface Switch {
        boolean process(byte[] frame, long tNs);
    }

    /** Called between packets with the current time, e.g. to poll counters. */
    interface Clock {
        void at(long tNs);
    }

    /** The worst relative deviation |measured - exact| / exact over nodes and phases, with a table. */
    static final class Result {
        double worst;
        String where = "";
        long packets;
        final StringBuilder table = new StringBuilder();

        @Override
        public String toString() {
            return "worst deviation " + String.format("%.4f", worst) + " (" + where + "), " + packets + " packets\n"
                    + table;
        }
    }

    private PhaseRun() {
    }

    static Result run(ResolvedTree resolved, Switch sw, double settleSeconds, Clock clock) {
        return run(resolved, sw, settleSeconds, clock, PaperScenario.PHASES);
    }

    /** Only the first {@code phases} phases. */
    static Result run(ResolvedTree resolved, Switch sw, double settleSeconds, Clock clock, int phases) {
        BandwidthTree tree = resolved.tree();
        long period = Math.round(PaperScenario.FRAME_BYTES * 8 / PaperScenario.SOURCE_BPS * 1e9);
        long settleNs = Math.round(settleSeconds * 1e9);
        long[] next = new long[7];
        int[] leaf = new int[7];
        int[] ids = new int[7];
        for (int k = 1; k <= 6; k++) {
            next[k] = PaperScenario.startNs(k) + 1 + 37_013L * k;
            leaf[k] = tree.indexOf(PaperScenario.leafOf(tree, k));
            ids[k] = 1000 * k;
        }
        long[][] passed = new long[PaperScenario.PHASES][tree.size()];
        Result result = new Result();
        while (true) {
            int k = 0;
            for (int s = 1; s <= 6; s++) {
                long stop = Math.min(PaperScenario.stopNs(s), phases * PaperScenario.PHASE_NS);
                if (next[s] < stop && (k == 0 || next[s] < next[k])) {
                    k = s;
                }
            }
            if (k == 0) {
                break;
            }
            long t = next[k];
            next[k] += period;
            clock.at(t);
            byte[] frame = PaperScenario.frame(PaperScenario.groupOf(tree, k), PaperScenario.hostOf(tree, k), ids[k]);
            ids[k] = (ids[k] + 1) & 0xFFFF;
            result.packets++;
            if (sw.process(frame, t)) {
                int phase = (int) (t / PaperScenario.PHASE_NS);
                if (t - phase * PaperScenario.PHASE_NS >= settleNs) {
                    for (int v = leaf[k]; v >= 0; v = tree.parentIndex(v)) {
                        passed[phase][v] += PaperScenario.FRAME_BYTES;
                    }
                }
            }
        }
        double seconds = (PaperScenario.PHASE_NS - settleNs) / 1e9;
        for (int phase = 0; phase < phases; phase++) {
            long mid = phase * PaperScenario.PHASE_NS + PaperScenario.PHASE_NS / 2;
            Map<String, Double> demand = new HashMap<>();
            for (int k = 1; k <= 6; k++) {
                boolean on = mid >= PaperScenario.startNs(k) && mid < PaperScenario.stopNs(k);
                demand.put(PaperScenario.leafOf(tree, k), on ? PaperScenario.SOURCE_BPS : 0.0);
            }
            Allocation exact = Allocator.allocate(resolved, demand);
            result.table.append(String.format("%3d-%3d s:", phaseStart(phase), phaseStart(phase + 1)));
            for (int v = 0; v < tree.size(); v++) {
                double measured = passed[phase][v] * 8 / seconds;
                double want = exact.allocation(v);
                double dev = want == 0 ? (measured == 0 ? 0 : Double.POSITIVE_INFINITY) : Math.abs(measured - want) / want;
                result.table.append(String.format(" %s %.2f/%.2f", tree.node(v).id(), measured / 1e6, want / 1e6));
                if (dev > result.worst) {
                    result.worst = dev;
                    result.where = tree.node(v).id() + " in " + phaseStart(phase) + "-" + phaseStart(phase + 1) + " s: measured "
                            + String.format("%.3f", measured / 1e6) + " Mb/s, exact " + String.format("%.3f", want / 1e6);
                }
            }
            result.table.append(" (measured/exact Mb/s)\n");
        }
        return result;
    }

    private static long phaseStart(int phase) {
        return phase * PaperScenario.PHASE_NS / 1_000_000_000L;
    }
}
