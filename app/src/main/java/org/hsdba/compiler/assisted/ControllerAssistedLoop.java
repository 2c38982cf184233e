package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;

/**
 * The controller's side of controller-assisted mode as a pure step function: (previous state,
 * counter readings at time t) to (new state, FLOW_MOD MODIFYs for the entries whose threshold or
 * salt changed). Per period and node: offered = entry counter bytes (it counts every match),
 * dropped = drop counter packets times the period's mean frame size, passed = offered - dropped.
 * The allocation is the exact hierarchical water-filling (the fixed point of the per-packet HSDBA
 * state machine) with each leaf's demand = its highest offered rate over the last
 * {@value #WINDOW} periods. Each leaf's drop probability integrates the error of its
 * <em>passed</em> rate against its allocation, {@code p += (passed - x) / S}, bounded by
 * {@value #MAX_STEP} per poll, where S estimates how much the passed rate falls per unit of p:
 * the offered rate for a sender that does not react (one step then lands exactly) or the slope
 * measured between the last two polls when the sender does react more (TCP), whichever is larger
 * (the slope at most {@value #MAX_SLOPE_FACTOR} times the offered rate), so a
 * responsive sender gets smaller steps instead of the on/off cycle of a recomputed threshold.
 * The probability is never reset because the offered rate fell. See
 * docs/controller-assisted-mode.md for the control law's stability and worst case.
 */
public final class ControllerAssistedLoop {

    /**
     * Salt changes per polling period ({@link #resalt} between polls): a flow whose frames all hash
     * alike is then dropped in the right fraction of each eighth of a period, not of whole periods.
     */
    public static final int SALTS_PER_POLL = 8;
    /** Periods over which a leaf's demand is its highest offered rate. */
    public static final int WINDOW = 2;
    /** Largest change of a drop probability per poll. */
    public static final double MAX_STEP = 0.5;
    /** Smallest change of p between two periods from which the slope is estimated. */
    static final double MIN_SLOPE_DP = 0.02;
    /** The slope taken is at most this many times the offered rate (a demand change between polls is not a reaction). */
    static final double MAX_SLOPE_FACTOR = 4;

    private final AssistedProgram program;

    public ControllerAssistedLoop(AssistedProgram program) {
        this.program = program;
    }

    /** The state right after installing the program: every threshold 0, no reading yet. */
    public LoopState initial(long firstXid) {
        Map<String, NodeLoop> nodes = new HashMap<>();
        for (String id : program.nodeIds()) {
            nodes.put(id, NodeLoop.FRESH);
        }
        return new LoopState(-1, 0, nodes, firstXid);
    }

    /** One poll. The first reading only records the counters. */
    public Step step(LoopState prev, CounterReadings now) {
        BandwidthTree tree = program.tree();
        List<String> ids = program.nodeIds();
        Map<String, long[]> read = new HashMap<>();
        for (String id : ids) {
            NodeLoop n = prev.node(id);
            Long b = now.bytes(program.counterId(id));
            Long k = now.packets(program.counterId(id));
            Long d = now.packets(program.dropCounterId(id));
            read.put(id, new long[] {b == null ? n.bytes : b, k == null ? n.packets : k, d == null ? -1 : d});
        }
        if (prev.timeNs() < 0 || now.timeNs() <= prev.timeNs()) {
            Map<String, NodeLoop> nodes = new HashMap<>();
            for (String id : ids) {
                NodeLoop n = prev.node(id);
                long[] r = read.get(id);
                nodes.put(id, new NodeLoop(r[0], r[1], r[2], n.threshold, n.salt, n.p, n.slope, n.previousP,
                        n.offeredBps, n.passedBps, n.droppedBps, n.droppedBytes, n.window, n.allocatedBps));
            }
            return new Step(new LoopState(now.timeNs(), prev.polls() + 1, nodes, prev.nextXid()), List.of(), null);
        }
        double seconds = (now.timeNs() - prev.timeNs()) / 1e9;
        Map<String, double[]> rates = measure(prev, read, seconds);
        double[] demand = new double[tree.size()];
        Map<String, double[]> windows = new HashMap<>();
        for (String id : ids) {
            double[] w = append(prev.node(id).window, rates.get(id)[0]);
            windows.put(id, w);
            int i = tree.indexOf(id);
            if (tree.isLeaf(i)) {
                double d = 0;
                for (double v : w) {
                    d = Math.max(d, v);
                }
                demand[i] = d;
            }
        }
        Allocation allocation = Allocator.allocate(program.resolved(), demand);
        long poll = prev.polls() + 1;
        Map<String, NodeLoop> nodes = new HashMap<>();
        List<FlowMod> modifies = new ArrayList<>();
        long xid = prev.nextXid();
        int scale = program.thresholdScale();
        for (String id : ids) {
            NodeLoop n = prev.node(id);
            double[] r = rates.get(id);
            double x = allocation.allocation(tree.indexOf(id));
            double slope = n.slope;
            double p;
            if (program.looksUp(id)) {
                // The threshold of its children's unknown keys (catch-all): its allocation over its counted rate.
                p = r[0] > 0 && x < r[0] ? 1 - x / r[0] : 0;
            } else {
                slope = slope(n, r[1]);
                p = control(n.p, r[0], r[1], x, slope);
            }
            int threshold = (int) Math.min(scale, Math.round(p * scale));
            int salt = threshold > 0 && threshold < scale ? salt(id, poll * SALTS_PER_POLL) : n.salt;
            long[] c = read.get(id);
            nodes.put(id, new NodeLoop(c[0], c[1], c[2], threshold, salt, p, slope, n.p, r[0], r[1], r[2],
                    n.droppedBytes + r[2] * seconds / 8, windows.get(id), x));
            if (threshold != n.threshold || salt != n.salt) {
                modifies.add(program.entry(id, threshold, salt, xid, FlowModCommand.MODIFY));
                xid = (xid + 1) & 0xFFFF_FFFFL;
            }
        }
        return new Step(new LoopState(now.timeNs(), poll, nodes, xid), modifies, allocation);
    }

    /**
     * A salt change between polls: every entry whose threshold is strictly between 0 and the
     * scale gets the next salt of its sequence (one MODIFY each); thresholds and counters stay.
     */
    public Step resalt(LoopState prev) {
        int k = prev.resalts() + 1;
        long index = prev.polls() * SALTS_PER_POLL + k % SALTS_PER_POLL;
        Map<String, NodeLoop> nodes = new HashMap<>(prev.nodes());
        List<FlowMod> modifies = new ArrayList<>();
        long xid = prev.nextXid();
        int scale = program.thresholdScale();
        for (String id : program.nodeIds()) {
            NodeLoop n = prev.node(id);
            if (n.threshold > 0 && n.threshold < scale) {
                int salt = salt(id, index);
                if (salt != n.salt) {
                    nodes.put(id, n.installed(n.threshold, salt));
                    modifies.add(program.entry(id, n.threshold, salt, xid, FlowModCommand.MODIFY));
                    xid = (xid + 1) & 0xFFFF_FFFFL;
                }
            }
        }
        return new Step(new LoopState(prev.timeNs(), prev.polls(), k, nodes, xid), modifies, null);
    }

    /**
     * The next drop probability of a leaf: {@code p + (passed - x) / S}, S = max(offered,
     * measured slope), the change bounded by {@link #MAX_STEP}, p in [0, 1]; held when nothing
     * was offered (a sender silenced by drops must not reset its leaf).
     */
    static double control(double p, double offered, double passed, double x, double slope) {
        if (!(offered > 0)) {
            return p;
        }
        double s = Double.isNaN(slope) ? offered : Math.max(offered, Math.min(MAX_SLOPE_FACTOR * offered, slope));
        double step = Math.max(-MAX_STEP, Math.min(MAX_STEP, (passed - x) / s));
        return Math.max(0, Math.min(1, p + step));
    }

    /**
     * How much the passed rate falls per unit of drop probability, from the last two periods (p
     * applied and passed rate of each); NaN (no estimate: the offered rate is used) when p hardly
     * moved or the passed rate did not fall as p rose.
     */
    static double slope(NodeLoop n, double passedNow) {
        double dp = n.p - n.previousP;
        if (Double.isNaN(n.previousP) || Math.abs(dp) < MIN_SLOPE_DP || n.offeredBps <= 0) {
            return Double.NaN;
        }
        double s = -(passedNow - n.passedBps) / dp;
        return s > 0 ? s : Double.NaN;
    }

    /**
     * Offered, passed and dropped bits/s per node over the period. A leaf's drops are its drop
     * counter's packets at the period's mean frame size of its entry counter (the stock COUNTER
     * action counts no bytes); without a drop reading they are estimated from the installed
     * threshold. A node with a lookup drops its children's drops plus its unknown keys' traffic at
     * its own threshold (the catch-all has no counter of its own).
     */
    private Map<String, double[]> measure(LoopState prev, Map<String, long[]> read, double seconds) {
        BandwidthTree tree = program.tree();
        List<String> ids = program.nodeIds();
        Map<String, double[]> out = new HashMap<>();
        double scale = program.thresholdScale();
        for (int k = ids.size() - 1; k >= 0; k--) {
            String id = ids.get(k);
            NodeLoop n = prev.node(id);
            long[] c = read.get(id);
            long dBytes = n.bytes < 0 ? 0 : Math.max(0, c[0] - n.bytes);
            long dPackets = n.packets < 0 ? 0 : Math.max(0, c[1] - n.packets);
            double offered = dBytes * 8 / seconds;
            double dropped;
            if (!program.looksUp(id)) {
                if (c[2] >= 0 && n.dropped >= 0 && dPackets > 0) {
                    long dDropped = Math.min(dPackets, Math.max(0, c[2] - n.dropped));
                    dropped = offered * dDropped / dPackets;
                } else {
                    dropped = offered * n.threshold / scale;
                }
            } else {
                int i = tree.indexOf(id);
                double childOffered = 0;
                dropped = 0;
                for (int j = 0; j < tree.childCount(i); j++) {
                    double[] child = out.get(tree.node(tree.child(i, j)).id());
                    if (child != null) {
                        childOffered += child[0];
                        dropped += child[2];
                    }
                }
                dropped += Math.max(0, offered - childOffered) * n.threshold / scale;
            }
            dropped = Math.min(offered, dropped);
            out.put(id, new double[] {offered, offered - dropped, dropped});
        }
        return out;
    }

    /**
     * The salt of a node at salt index n (poll x {@link #SALTS_PER_POLL} + changes since): the
     * 16-bit bit reversal of n (a van der Corput sequence: any 2^j consecutive indices spread over
     * the whole range, so a flow whose frames all hash alike is dropped in the right fraction of
     * salt periods, not in one run) XOR a per-node constant.
     */
    static int salt(String id, long index) {
        return (Integer.reverse((int) index) >>> 16 ^ id.hashCode() * 0x9E37) & 0xFFFF;
    }

    private static double[] append(double[] window, double v) {
        int keep = Math.min(window.length, WINDOW - 1);
        double[] out = new double[keep + 1];
        System.arraycopy(window, window.length - keep, out, 0, keep);
        out[keep] = v;
        return out;
    }

    /** The result of one poll. */
    public static final class Step {
        private final LoopState state;
        private final List<FlowMod> modifies;
        private final Allocation allocation;

        Step(LoopState state, List<FlowMod> modifies, Allocation allocation) {
            this.state = state;
            this.modifies = List.copyOf(modifies);
            this.allocation = allocation;
        }

        public LoopState state() {
            return state;
        }

        /** FLOW_MOD MODIFYs to send, in node pre-order. */
        public List<FlowMod> modifies() {
            return modifies;
        }

        /** The allocation the thresholds implement; null on the first reading. */
        public Allocation allocation() {
            return allocation;
        }
    }
}
