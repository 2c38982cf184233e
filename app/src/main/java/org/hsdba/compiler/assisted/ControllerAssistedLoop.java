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
 * The controller's side of controller-assisted mode as a pure step function:
 * (previous state, counter readings at time t) to (new state, FLOW_MOD MODIFYs for the entries
 * whose threshold changed). Per period: every node's offered rate is its counter's byte delta
 * over the elapsed time (entry counters count every match, dropped or not); the leaves' rates are
 * the demands of the exact hierarchical water-filling (the fixed point the per-packet HSDBA state
 * machine converges to, solved directly since the controller sees whole periods, not packets);
 * each node's drop probability is {@code p = max(0, 1 - x/R)}, installed as the threshold
 * {@code round(p * 2^k)}. A MODIFY keeps the entry's index and counter id, so the counter
 * continues. Convergence is bounded by the polling period: a change is fully reflected after at
 * most two polls.
 */
public final class ControllerAssistedLoop {

    private final AssistedProgram program;

    public ControllerAssistedLoop(AssistedProgram program) {
        this.program = program;
    }

    /** The state right after installing the program: every threshold 0, no reading yet. */
    public LoopState initial(long firstXid) {
        Map<String, Integer> thresholds = new HashMap<>();
        for (String id : program.nodeIds()) {
            thresholds.put(id, 0);
        }
        return new LoopState(-1, Map.of(), thresholds, Map.of(), firstXid);
    }

    /** One poll. The first reading only records the counters. */
    public Step step(LoopState prev, CounterReadings now) {
        Map<String, Long> bytes = new HashMap<>();
        for (String id : program.nodeIds()) {
            Long b = now.bytes(program.counterId(id));
            bytes.put(id, b == null ? prev.bytes().getOrDefault(id, 0L) : b);
        }
        if (prev.timeNs() < 0 || now.timeNs() <= prev.timeNs()) {
            return new Step(new LoopState(now.timeNs(), bytes, prev.thresholds(), prev.rates(), prev.nextXid()),
                    List.of(), null);
        }
        double seconds = (now.timeNs() - prev.timeNs()) / 1e9;
        BandwidthTree tree = program.tree();
        Map<String, Double> rates = new HashMap<>();
        double[] demand = new double[tree.size()];
        for (String id : program.nodeIds()) {
            long delta = Math.max(0, bytes.get(id) - prev.bytes().getOrDefault(id, 0L));
            double rate = delta * 8 / seconds;
            rates.put(id, rate);
            int i = tree.indexOf(id);
            if (tree.isLeaf(i)) {
                demand[i] = rate;
            }
        }
        Allocation allocation = Allocator.allocate(program.resolved(), demand);
        Map<String, Integer> thresholds = new HashMap<>(prev.thresholds());
        List<FlowMod> modifies = new ArrayList<>();
        long xid = prev.nextXid();
        for (String id : program.nodeIds()) {
            int threshold = threshold(allocation.allocation(tree.indexOf(id)), rates.get(id));
            if (threshold != thresholds.getOrDefault(id, 0)) {
                thresholds.put(id, threshold);
                modifies.add(program.entry(id, threshold, xid, FlowModCommand.MODIFY));
                xid = (xid + 1) & 0xFFFF_FFFFL;
            }
        }
        return new Step(new LoopState(now.timeNs(), bytes, thresholds, rates, xid), modifies, allocation);
    }

    /** round(max(0, 1 - x/R) * 2^k), 0 when nothing was offered. */
    int threshold(double allocated, double offered) {
        if (!(offered > 0) || allocated >= offered) {
            return 0;
        }
        double p = 1 - allocated / offered;
        return (int) Math.min(program.thresholdScale(), Math.round(p * program.thresholdScale()));
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
