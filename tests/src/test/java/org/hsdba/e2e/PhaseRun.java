package org.hsdba.e2e;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
        long port = resolved.tree().port().port();
        return runTrees(List.of(resolved), (frame, t) -> sw.process(frame, t) ? port : -1, settleSeconds, clock, phases)
                .get(0);
    }

    /** Sends a frame through a switch with several egress ports at simulated time t. */
    interface Egress {
        /** The port the frame left by, or -1 if it was dropped. */
        long process(byte[] frame, long tNs);
    }

    /**
     * The scenario's six sources for each tree at once, through one switch: tree j's frames go to
     * destination MAC 02:00:00:00:00:{its port} (what a port selector on the destination MAC picks)
     * and count as passed only if they leave by the tree's port. Tree j's sources start
     * {@code 7919 j} ns after tree 0's, so the trees' packets interleave.
     */
    static List<Result> runTrees(List<ResolvedTree> trees, Egress sw, double settleSeconds, Clock clock, int phases) {
        int n = trees.size();
        long period = Math.round(PaperScenario.FRAME_BYTES * 8 / PaperScenario.SOURCE_BPS * 1e9);
        long settleNs = Math.round(settleSeconds * 1e9);
        long[][] next = new long[n][7];
        int[][] leaf = new int[n][7];
        int[][] ids = new int[n][7];
        long[][][] passed = new long[n][PaperScenario.PHASES][];
        List<Result> results = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            BandwidthTree tree = trees.get(j).tree();
            for (int k = 1; k <= 6; k++) {
                next[j][k] = PaperScenario.startNs(k) + 1 + 37_013L * k + 7_919L * j;
                leaf[j][k] = tree.indexOf(PaperScenario.leafOf(tree, k));
                ids[j][k] = 1000 * k;
            }
            for (int phase = 0; phase < PaperScenario.PHASES; phase++) {
                passed[j][phase] = new long[tree.size()];
            }
            results.add(new Result());
        }
        while (true) {
            int tj = -1;
            int k = 0;
            for (int j = 0; j < n; j++) {
                for (int s = 1; s <= 6; s++) {
                    long stop = Math.min(PaperScenario.stopNs(s), phases * PaperScenario.PHASE_NS);
                    if (next[j][s] < stop && (k == 0 || next[j][s] < next[tj][k])) {
                        tj = j;
                        k = s;
                    }
                }
            }
            if (k == 0) {
                break;
            }
            BandwidthTree tree = trees.get(tj).tree();
            long t = next[tj][k];
            next[tj][k] += period;
            clock.at(t);
            byte[] frame = PaperScenario.frame(PaperScenario.groupOf(tree, k), PaperScenario.hostOf(tree, k),
                    ids[tj][k], (int) tree.port().port());
            ids[tj][k] = (ids[tj][k] + 1) & 0xFFFF;
            results.get(tj).packets++;
            if (sw.process(frame, t) == tree.port().port()) {
                int phase = (int) (t / PaperScenario.PHASE_NS);
                if (t - phase * PaperScenario.PHASE_NS >= settleNs) {
                    for (int v = leaf[tj][k]; v >= 0; v = tree.parentIndex(v)) {
                        passed[tj][phase][v] += PaperScenario.FRAME_BYTES;
                    }
                }
            }
        }
        for (int j = 0; j < n; j++) {
            compare(trees.get(j), passed[j], settleNs, phases, results.get(j));
        }
        return results;
    }

    /** Every node's forwarded rate per phase against the exact allocation, into {@code result}. */
    private static void compare(ResolvedTree resolved, long[][] passed, long settleNs, int phases, Result result) {
        BandwidthTree tree = resolved.tree();
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
    }

    private static long phaseStart(int phase) {
        return phase * PaperScenario.PHASE_NS / 1_000_000_000L;
    }
}
