package org.hsdba.impl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.api.HistorySample;
import org.hsdba.api.NodeState;
import org.hsdba.api.PortState;
import org.hsdba.api.RateState;
import org.hsdba.api.TrafficTotals;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.BandwidthTree;

/**
 * Live state of one port from two consecutive counter readings: rates are byte-counter deltas
 * over the interval; the target allocation is the exact allocator's for the measured arrival
 * rates (passed + dropped) of the leaves. A node is satisfied when the switch says so, or
 * otherwise when {@code min(R, l) <= f} (within 1 %, counters being averages over a period).
 */
final class LiveStateBuilder {

    /** Relative slack of the derived S/U state. */
    static final double STATE_TOLERANCE = 0.01;

    private final Map<NodeRef, HistorySample> samples = new HashMap<>();
    private PortState state;

    private LiveStateBuilder() {
    }

    PortState state() {
        return state;
    }

    /** This reading's sample per node. */
    Map<NodeRef, HistorySample> samples() {
        return samples;
    }

    /** {@code totals}: every node's traffic totals ({@link CounterTotals}); the port's are its top-level nodes' sums. */
    static LiveStateBuilder build(ResolvedTree resolved, CounterReading previous, CounterReading current,
                                  ActivityTracker activity, TimeSource time, Map<String, String> nodeErrors,
                                  Map<NodeRef, TrafficTotals> totals) {
        LiveStateBuilder b = new LiveStateBuilder();
        BandwidthTree tree = resolved.tree();
        int n = tree.size();
        double seconds = (current.nanoTime() - previous.nanoTime()) / 1e9;
        double[] passed = new double[n];
        double[] dropped = new double[n];
        Boolean[] satisfied = new Boolean[n];
        double[] demand = new double[n];
        for (int i = 0; i < n; i++) {
            NodeRef ref = NodeRef.of(tree.port(), tree.node(i).id());
            EntryCounters now = current.get(ref).orElse(null);
            if (now == null || tree.node(i).isTemplate()) {
                continue;
            }
            EntryCounters before = previous.get(ref).orElse(null);
            if (before != null && seconds > 0) {
                passed[i] = rate(before.passedBytes(), now.passedBytes(), seconds);
                dropped[i] = rate(before.droppedBytes(), now.droppedBytes(), seconds);
            }
            satisfied[i] = now.satisfied().orElse(null);
            if (tree.isLeaf(i)) {
                demand[i] = passed[i] + dropped[i];
            }
        }
        Allocation alloc = Allocator.allocate(resolved, demand);
        long wall = time.wallMillis();
        long nowNanos = time.nanoTime();
        List<NodeState> nodes = new ArrayList<>(n);
        double guaranteed = 0;
        double measured = 0;
        TrafficTotals portTotals = TrafficTotals.ZERO;
        for (int i = 0; i < n; i++) {
            if (tree.node(i).isTemplate()) {
                continue;
            }
            String id = tree.node(i).id();
            NodeRef ref = NodeRef.of(tree.port(), id);
            int parent = tree.parentIndex(i);
            double limit = alloc.effectiveLimit(i);
            double share = Math.min(limit, resolved.weight(i) * alloc.fairShare(parent));
            double arrival = passed[i] + dropped[i];
            boolean isSatisfied = satisfied[i] != null ? satisfied[i]
                    : Math.min(arrival, resolved.peak(i)) <= share * (1 + STATE_TOLERANCE);
            TrafficTotals nodeTotals = totals.getOrDefault(ref, TrafficTotals.ZERO);
            OptionalLong last = activity.everActive(ref) ? activity.lastTrafficNanos(ref) : OptionalLong.empty();
            Long lastSeen = last.isPresent() ? wall - (nowNanos - last.getAsLong()) / 1_000_000 : null;
            nodes.add(NodeState.builder(id).measuredBps(passed[i]).dropBps(dropped[i]).targetBps(alloc.allocation(i))
                    .effectiveLimitBps(limit).fairShareBps(share)
                    .state(isSatisfied ? RateState.SATISFIED : RateState.UNSATISFIED)
                    .active(activity.isActive(ref)).lastSeenMillis(lastSeen).lastError(nodeErrors.get(id))
                    .totals(nodeTotals).build());
            b.samples.put(ref, new HistorySample(wall, passed[i], alloc.allocation(i), dropped[i]));
            if (parent < 0) {
                guaranteed += resolved.guarantee(i);
                measured += passed[i];
                portTotals = portTotals.plus(nodeTotals);
            }
        }
        b.state = new PortState(tree.port(), wall, tree.version(), tree.capacity().asDouble(), guaranteed, measured,
                nodes).withTotals(portTotals);
        double rootDropped = 0;
        for (int i = 0; i < n; i++) {
            if (tree.parentIndex(i) < 0) {
                rootDropped += dropped[i];
            }
        }
        String warning = notBottleneck(tree.eta(), tree.capacity().asDouble(), measured, rootDropped);
        if (warning != null) {
            b.state = b.state.withWarning(warning);
        }
        return b;
    }

    /** A port at or above this fraction of its capacity "sits at capacity". */
    static final double AT_CAPACITY = 0.97;
    /** ... and drops less than this fraction of its rate: "without drops". */
    static final double NO_DROPS = 0.005;

    /**
     * The warning for a tree with eta = 1 whose port forwards at capacity without dropping: the
     * senders adapt to a queue behind the switch, which is then the bottleneck, and hsdba never
     * drops, so it allocates nothing (issue 20's shaped-link case); null otherwise.
     */
    static String notBottleneck(double eta, double capacityBps, double measuredBps, double droppedBps) {
        if (eta < 1 || capacityBps <= 0 || measuredBps < AT_CAPACITY * capacityBps
                || droppedBps > NO_DROPS * measuredBps) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "eta = %s and the port forwards %.1f of %.1f Mb/s without drops:"
                + " the switch is not the bottleneck (a queue behind it is), so the allocation is not enforced;"
                + " set eta below 1 (default %s)", eta, measuredBps / 1e6, capacityBps / 1e6,
                org.hsdba.model.BandwidthTree.DEFAULT_ETA);
    }

    /** The all-zero state of a tree that has not been read yet. */
    static PortState empty(ResolvedTree resolved, Map<String, String> nodeErrors) {
        BandwidthTree tree = resolved.tree();
        Allocation alloc = Allocator.allocate(resolved, new double[tree.size()]);
        List<NodeState> nodes = new ArrayList<>();
        double guaranteed = 0;
        for (int i = 0; i < tree.size(); i++) {
            if (tree.node(i).isTemplate()) {
                continue;
            }
            double limit = alloc.effectiveLimit(i);
            nodes.add(NodeState.builder(tree.node(i).id()).effectiveLimitBps(limit).fairShareBps(limit)
                    .lastError(nodeErrors.get(tree.node(i).id())).build());
            if (tree.parentIndex(i) < 0) {
                guaranteed += resolved.guarantee(i);
            }
        }
        return new PortState(tree.port(), 0, tree.version(), tree.capacity().asDouble(), guaranteed, 0, nodes);
    }

    /** Bits/s from two cumulative byte counters; a counter that went back (entry re-installed) counts from zero. */
    private static double rate(long before, long now, double seconds) {
        long delta = now >= before ? now - before : now;
        return delta * 8.0 / seconds;
    }
}
