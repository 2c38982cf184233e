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
 * <em>passed</em> rate against its allocation, with the sender's reaction learnt over the last
 * periods ({@link Response}): unresponsive senders land in one step, responsive ones (TCP) move in
 * log p, by a step scaled by their elasticity and at most a factor {@value #MAX_FACTOR}. A step
 * relative to p is what a TCP sender needs: its rate goes as p^-1/2, so the p that holds it near
 * its share is small (0.1-1 % at a 20 ms RTT) and an additive step swings it between full rate and
 * timeouts (the on/off gate of issue 20).
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
    /** Loop gain for responsive senders (1 would cancel the error in one poll if the elasticity were exact). */
    static final double GAIN = 0.5;
    /** Largest factor by which p rises (responsive senders) or falls (all) per poll. */
    static final double MAX_FACTOR = 4;
    /**
     * Largest first drop probability from 0: about what holds a 20 ms-RTT TCP flow near 10 Mb/s
     * (Mathis: rate = 1.22 MSS / (RTT sqrt(p))); a constant-rate sender lands one poll later.
     */
    static final double P_START = 1.0 / 256;
    /** A responsive leaf being dropped counts as demanding this much more than it offered (see step). */
    static final double DEMAND_HEADROOM = 1.5;
    /** A responsive sender passing less than this fraction of its allocation has p divided by MAX_FACTOR. */
    static final double SILENT = 0.25;
    /** Largest multiplier of a responsive sender's step ({@link #boost}). */
    static final double MAX_BOOST = 16;
    /** An error of the passed rate within this fraction of the allocation is not "stuck" ({@link #boost}). */
    static final double STUCK_BAND = 0.01;
    /** An error that shrank by less than this factor in a poll is stuck ({@link #boost}). */
    static final double STUCK_SHRINK = 0.75;
    /** An offered rate that moved by at most this fraction of itself in a poll did not react ({@link #boost}). */
    static final double STEADY = 0.05;
    /** Drop probabilities below this are 0 (about 2 of the 2^15 threshold steps). */
    static final double P_MIN = 1.0 / 16384;

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
                nodes.put(id, new NodeLoop(r[0], r[1], r[2], n.threshold, n.salt, n.p, n.response,
                        n.offeredBps, n.passedBps, n.droppedBps, n.droppedBytes, n.window, n.allocatedBps, n.boost));
            }
            return new Step(new LoopState(now.timeNs(), prev.polls() + 1, nodes, prev.nextXid()), List.of(), null);
        }
        double seconds = (now.timeNs() - prev.timeNs()) / 1e9;
        Map<String, double[]> rates = measure(prev, read, seconds);
        double[] demand = new double[tree.size()];
        Map<String, double[]> windows = new HashMap<>();
        Map<String, Response> responses = new HashMap<>();
        for (String id : ids) {
            NodeLoop n = prev.node(id);
            double[] w = append(n.window, rates.get(id)[0]);
            windows.put(id, w);
            Response response = n.response.next(n.p, rates.get(id)[0]);
            responses.put(id, response);
            int i = tree.indexOf(id);
            if (tree.isLeaf(i)) {
                double d = 0;
                for (double v : w) {
                    d = Math.max(d, v);
                }
                // A responsive sender held back by drops would offer more without them: its offered
                // rate is not its demand (else a leaf held under its share stays there).
                demand[i] = n.p > 0 && response.responsive() ? d * DEMAND_HEADROOM : d;
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
            Response response = n.response;
            double p;
            double boost = n.boost;
            if (program.looksUp(id)) {
                // The threshold of its children's unknown keys (catch-all): its allocation over its counted rate.
                p = r[0] > 0 && x < r[0] ? 1 - x / r[0] : 0;
            } else {
                response = responses.get(id);
                boost = r[0] > 0 ? boost(n.boost, n.passedBps - n.allocatedBps, r[1] - x, x, n.offeredBps, r[0]) : n.boost;
                p = control(n.p, r[0], r[1], x, response.responsive(), response.elasticity(), response.previousP(), boost,
                        response.predictedP(x));
            }
            int threshold = (int) Math.min(scale, Math.round(p * scale));
            int salt = threshold > 0 && threshold < scale ? salt(id, poll * SALTS_PER_POLL) : n.salt;
            long[] c = read.get(id);
            nodes.put(id, new NodeLoop(c[0], c[1], c[2], threshold, salt, p, response, r[0], r[1], r[2],
                    n.droppedBytes + r[2] * seconds / 8, windows.get(id), x, boost));
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
     * The next drop probability of a leaf that was at {@code p} and, in the period just read,
     * offered {@code offered} and passed {@code passed} against its allocation {@code x}. Both laws
     * integrate the passed rate's error P - x (not its logarithm, which would hold the geometric
     * mean of a fluctuating P at x and let its mean run above):
     * <ul>
     * <li>an unresponsive sender: {@code p + (P - x) / offered} (one exact step for a constant
     * rate, whose passed rate falls by the offered rate per unit of p);</li>
     * <li>a responsive one (TCP), relative to p: {@code ln p += GAIN (P - x) / (x E)}, E = e + p/(1-p)
     * the elasticity of its passed rate (e its offered rate's, learnt), at most x{@value #MAX_FACTOR}
     * per poll: its rate goes as p^-1/2, so the p that holds it near its share is small (0.1-1 % at a
     * 20 ms RTT) and an additive step swings it between full rate and timeouts.</li>
     * </ul>
     * A responsive sender passing under {@value #SILENT} of x (silenced, in timeouts) gets p /{@value #MAX_FACTOR}.
     * Otherwise every sender's p falls by at most /{@value #MAX_FACTOR} per poll, so a sender that
     * backed off because of drops gets them lowered gradually, not removed. Held when nothing was offered; from 0
     * the first step is at most {@link #P_START}; below {@link #P_MIN} it is 0. p stays in [0, 1] and
     * is the whole integral state (no windup).
     */
    static double control(double p, double offered, double passed, double x, boolean responsive, double elasticity) {
        return control(p, offered, passed, x, responsive, elasticity, Double.NaN);
    }

    /**
     * {@link #control(double, double, double, double, boolean, double)} knowing the p of the period
     * before ({@code before}): a responsive sender whose p rose more than x{@value #MAX_FACTOR} (an
     * exact step, taken while it looked unresponsive) goes back to {@code before} at once.
     */
    static double control(double p, double offered, double passed, double x, boolean responsive, double elasticity,
                          double before) {
        return control(p, offered, passed, x, responsive, elasticity, before, 1);
    }

    /**
     * The multiplier of a responsive sender's next step, from the last one, the passed rate's error
     * before ({@code errBefore}) and now ({@code err}) against the allocation {@code x}, and the
     * offered rate before ({@code offeredBefore}) and now ({@code offered}): doubled (up to
     * {@value #MAX_BOOST}) while the error keeps its sign, lies outside {@value #STUCK_BAND} of x,
     * shrank by less than {@value #STUCK_SHRINK} in the poll, and the offered rate moved by at most
     * {@value #STEADY} of itself; else 1. A sender whose offered rate does not react as its learnt
     * elasticity says (a constant-rate sender taken for responsive after a pause, a sender that
     * ignores light loss) otherwise creeps by the same small relative step poll after poll. A TCP
     * sender's error often keeps its sign for a poll or two while its window regrows (CUBIC takes
     * seconds), but its offered rate moves by 25-35 % a second (median, real hosts, 1 s polls;
     * a constant-rate sender's by under 1 %): boosting it swung p into timeouts and out, and the
     * flows it left behind were over their share on average (2026-11-28 hosts lab, stock mode).
     */
    static double boost(double last, double errBefore, double err, double x, double offeredBefore, double offered) {
        boolean steady = offeredBefore > 0 && Math.abs(offered - offeredBefore) <= STEADY * offeredBefore;
        boolean stuck = x > 0 && Math.abs(err) > STUCK_BAND * x && Math.signum(err) == Math.signum(errBefore)
                && Math.abs(err) > STUCK_SHRINK * Math.abs(errBefore);
        return stuck && steady ? Math.min(MAX_BOOST, 2 * last) : 1;
    }

    /**
     * {@link #control(double, double, double, double, boolean, double, double)} with a responsive
     * sender's step multiplied by {@code boost} ({@link #boost}); still at most x{@value #MAX_FACTOR}.
     */
    static double control(double p, double offered, double passed, double x, boolean responsive, double elasticity,
                          double before, double boost) {
        return control(p, offered, passed, x, responsive, elasticity, before, boost, Double.NaN);
    }

    /**
     * {@link #control(double, double, double, double, boolean, double, double, double)} with the p that
     * the sender's history predicts would hold it at x ({@code predicted}, {@link Response#predictedP}; NaN:
     * none): a responsive sender's first p from 0 is at most that, not {@link #P_START} alone. A large TCP
     * flow needs far less than {@link #P_START} (Mathis: 30 Mb/s at 20 ms RTT, about 1/1700); restarted at
     * {@link #P_START} each time its p decayed to 0, it was halved and climbed back, and lost 10 % of its
     * share on the real POFSwitch (issue 20, flow b22).
     */
    static double control(double p, double offered, double passed, double x, boolean responsive, double elasticity,
                          double before, double boost, double predicted) {
        if (!(offered > 0)) {
            return p;
        }
        if (p <= 0) {
            if (passed <= x) {
                return 0;
            }
            double start = Math.min(P_START, 1 - x / passed);
            return responsive && predicted > 0 ? Math.max(P_MIN, Math.min(start, predicted)) : start;
        }
        double next;
        if (!(x > 0)) {
            next = responsive ? p * MAX_FACTOR : 1;
        } else if (responsive && before > 0 && before * MAX_FACTOR < p) {
            // p rose more than a responsive step can (an exact step for a sender taken as unresponsive,
            // e.g. TCP still ramping up) and the sender reacted: that step was wrong, undo it.
            return before < P_MIN ? 0 : before;
        } else if (responsive && passed < x * SILENT) {
            // Nearly silent (timeouts): far more elastic than any model near the share; back off fast.
            next = p / MAX_FACTOR;
        } else if (responsive) {
            double e = elasticity + p / (1 - p);
            next = p * Math.exp(Math.min(Math.log(MAX_FACTOR), boost * GAIN * (passed - x) / (x * e)));
        } else {
            next = p + (passed - x) / offered;
        }
        next = Math.max(next, p / MAX_FACTOR);
        return next < P_MIN ? 0 : Math.min(1, next);
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
