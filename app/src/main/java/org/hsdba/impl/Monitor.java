package org.hsdba.impl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.DeviceMode;
import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.NodeState;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.PortState;
import org.hsdba.api.TrafficTotals;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.PortRef;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.southbound.PofSwitch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the manager learns from the switches after programming them: counter readings every
 * polling period (live state, history, activity, pruning, the controller-assisted step) and the
 * switches' entry status reports. Runs on the lane of the device concerned (several devices at
 * once): every map is concurrent and each entry belongs to one device, so a device's entries are
 * written by one thread at a time; the state and history maps are read from any thread.
 */
final class Monitor {

    /** History samples per node: 10 minutes at the default 1 s polling period. */
    static final int HISTORY_SAMPLES = 600;
    private static final long ERROR_EVENT_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Logger LOG = LoggerFactory.getLogger(Monitor.class);

    private final Map<PortRef, PortState> liveStates = new ConcurrentHashMap<>();
    private final Map<NodeRef, History> histories = new ConcurrentHashMap<>();
    private final Map<PortRef, ResolvedTree> resolvedCache = new ConcurrentHashMap<>();
    private final Map<String, CounterReading> lastReadings = new ConcurrentHashMap<>();
    /** Per device, every node's traffic totals (each device's entry is written by its lane only). */
    private final Map<String, Map<NodeRef, TrafficTotals>> totals = new ConcurrentHashMap<>();
    private final Map<String, Long> lastErrorEvent = new ConcurrentHashMap<>();
    private final Function<String, List<BandwidthTree>> desiredTrees;
    private final Function<String, HsdbaParameters> parameters;
    private final BiFunction<PortRef, String, Integer> pruneSubtree;
    private final BiConsumer<String, Runnable> lanes;
    private final Consumer<HsdbaEvent> emit;
    private final TimeSource time;

    /**
     * @param desiredTrees a device's stored trees
     * @param parameters the current parameters (argument ignored; a function for symmetry)
     * @param pruneSubtree deletes a subtree, returning how many nodes went
     * @param lanes runs a task on a device's lane
     */
    Monitor(Function<String, List<BandwidthTree>> desiredTrees, Function<String, HsdbaParameters> parameters,
            BiFunction<PortRef, String, Integer> pruneSubtree, BiConsumer<String, Runnable> lanes, Consumer<HsdbaEvent> emit,
            TimeSource time) {
        this.desiredTrees = desiredTrees;
        this.parameters = parameters;
        this.pruneSubtree = pruneSubtree;
        this.lanes = lanes;
        this.emit = emit;
        this.time = time;
    }

    // ---- reads, any thread

    /** Live state of a stored tree: the last reading's, adapted to the current tree version. */
    PortState state(BandwidthTree tree, Map<String, String> nodeErrors) {
        PortState live = liveStates.get(tree.port());
        if (live != null && live.treeVersion() == tree.version()) {
            return live;
        }
        PortState empty = LiveStateBuilder.empty(resolved(tree), nodeErrors);
        if (live == null) {
            return empty;
        }
        // The tree changed since the last reading: its nodes, with the values read for those that existed.
        List<NodeState> nodes = new ArrayList<>();
        for (NodeState n : empty.nodes()) {
            nodes.add(live.node(n.id()).orElse(n));
        }
        return new PortState(tree.port(), live.timeMillis(), tree.version(), empty.capacityBps(),
                empty.guaranteedSumBps(), live.measuredBps(), nodes).withTotals(live.totals());
    }

    /** The state of a tree whose device another cluster instance masters: configured parts only, marked. */
    PortState stateOfOtherMaster(BandwidthTree tree) {
        return LiveStateBuilder.empty(resolved(tree), Map.of()).withMasterElsewhere();
    }

    List<HistorySample> history(BandwidthTree tree, String nodeId) {
        if (!tree.contains(nodeId)) {
            throw new NotFoundException("no node \"" + nodeId + "\" under " + tree.port());
        }
        History h = histories.get(NodeRef.of(tree.port(), nodeId));
        return h == null ? List.of() : h.samples();
    }

    private ResolvedTree resolved(BandwidthTree tree) {
        ResolvedTree r = resolvedCache.get(tree.port());
        if (r != null && r.tree().equals(tree)) {
            return r;
        }
        r = Admission.admit(tree);
        resolvedCache.put(tree.port(), r);
        return r;
    }

    // ---- the device's lane

    /** The tree of a port is gone: forget its state and history. */
    void forget(PortRef port) {
        liveStates.remove(port);
        resolvedCache.remove(port);
        histories.keySet().removeIf(n -> n.port().equals(port));
    }

    /** The device's session ended: counters restart with the next one. */
    void disconnected(String deviceId) {
        lastReadings.remove(deviceId);
    }

    /** Another instance reads the device now: drop its readings, so none is served as live when it is ours again. */
    void mastershipLost(String deviceId) {
        lastReadings.remove(deviceId);
        liveStates.keySet().removeIf(p -> p.deviceId().equals(deviceId));
    }

    /** Starts a counter reading of a device the agent programs (one at a time). */
    void poll(DeviceAgent a) {
        PofSwitch sw = a.session();
        DeviceProgram program = a.confirmed();
        if (sw == null || program == null || a.readingInFlight) {
            return;
        }
        a.readingInFlight = true;
        // Stamped with the time of the request, not of the answer: a switch samples its counters a
        // fixed delay after the request (the stock POFSwitch sleeps 100 ms first), while the answer
        // (tables, entries, then counters: many messages) reaches this thread after a varying
        // delay. Stamped on completion, the real POFSwitch's 500 ms periods were off by up to
        // 50 ms and constant senders' rates by up to 9 % (sd 1.6 %; stamped at the request: 0.6 %,
        // sd 0.23 %), enough to look like a sender's reaction to p (Response) and to misclassify it.
        long requested = time.nanoTime();
        program.readCounters(sw).whenComplete((reading, err) -> {
            CounterReading stamped = reading == null ? null : reading.at(requested);
            lanes.accept(a.deviceId, () -> onReading(a, sw, program, stamped, err));
        });
    }

    /** A salt change of a controller-assisted device between readings (none while a reading is in flight). */
    void resalt(DeviceAgent a) {
        DeviceProgram program = a.confirmed();
        if (a.session() == null || program == null || a.readingInFlight || a.mode() != DeviceMode.CONTROLLER_ASSISTED) {
            return;
        }
        try {
            a.step(program, program.resalt());
        } catch (ProgramException e) {
            throttledError(a, "controller-assisted salt change for " + a.deviceId + " failed: " + e.getMessage());
        }
    }

    private void onReading(DeviceAgent a, PofSwitch sw, DeviceProgram program, CounterReading reading, Throwable err) {
        if (a.session() != sw) {
            return;
        }
        a.readingInFlight = false;
        if (err != null) {
            throttledError(a, "reading counters of " + a.deviceId + " failed: " + err);
            return;
        }
        HsdbaParameters p = parameters.apply(a.deviceId);
        Set<NodeRef> leaves = new HashSet<>();
        Map<NodeRef, Duration> idle = new HashMap<>();
        for (BandwidthTree t : program.trees()) {
            for (int i = 0; i < t.size(); i++) {
                NodeRef ref = NodeRef.of(t.port(), t.node(i).id());
                idle.put(ref, ActivityTracker.idleTimeout(t.level(i), p));
                if (t.isLeaf(i)) {
                    leaves.add(ref);
                }
            }
        }
        for (ActivityTracker.Transition tr : a.activity.onReading(reading, leaves,
                n -> idle.getOrDefault(n, p.idleTimeout()))) {
            emitActivity(tr);
        }
        CounterReading previous = lastReadings.put(a.deviceId, reading);
        Map<NodeRef, TrafficTotals> deviceTotals = CounterTotals.advance(totals.getOrDefault(a.deviceId, Map.of()),
                previous, reading);
        totals.put(a.deviceId, deviceTotals);
        if (previous != null) {
            for (BandwidthTree t : program.trees()) {
                Map<String, String> errors = a.nodeErrors.getOrDefault(t.port(), Map.of());
                LiveStateBuilder live = LiveStateBuilder.build(resolved(t), previous, reading, a.activity, time, errors,
                        deviceTotals);
                liveStates.put(t.port(), live.state());
                for (Map.Entry<NodeRef, HistorySample> s : live.samples().entrySet()) {
                    histories.computeIfAbsent(s.getKey(), k -> new History(HISTORY_SAMPLES)).add(s.getValue());
                }
            }
        }
        prune(a, p, reading.nanoTime());
        if (a.mode() == DeviceMode.CONTROLLER_ASSISTED) {
            try {
                ProgramChange change = program.step(reading);
                a.step(program, change);
            } catch (ProgramException e) {
                throttledError(a, "controller-assisted step for " + a.deviceId + " failed: " + e.getMessage());
            }
        }
    }

    /** An HX_ENTRY_STATUS of the program the agent holds. */
    void entryStatus(DeviceAgent a, DeviceProgram program, HxEntryStatus status) {
        program.nodeAt(status.tableId(), status.index()).ifPresent(node -> {
            boolean active = status.reason() == HxEntryStatus.REASON_REACTIVATED;
            ActivityTracker.Transition tr = a.activity.onStatus(node, active, time.nanoTime());
            if (tr != null) {
                emitActivity(tr);
            }
        });
    }

    private void emitActivity(ActivityTracker.Transition tr) {
        emit.accept(HsdbaEvent.node(time.wallMillis(), tr.active ? HsdbaEvent.Type.NODE_REACTIVATED
                : HsdbaEvent.Type.NODE_INACTIVE, tr.node.port(), tr.node.nodeId(), tr.active
                ? "traffic again: back in its parent's sums"
                : "no traffic for the idle timeout: weight left its parent's sums"));
    }

    /** Deletes the joined subtrees whose time is up (only nodes the switch holds; declared and pinned ones never). */
    private void prune(DeviceAgent a, HsdbaParameters p, long nowNanos) {
        for (BandwidthTree t : desiredTrees.apply(a.deviceId)) {
            for (String id : a.activity.expired(t, p, nowNanos)) {
                try {
                    int removed = pruneSubtree.apply(t.port(), id);
                    emit.accept(HsdbaEvent.node(time.wallMillis(), HsdbaEvent.Type.NODE_PRUNED, t.port(), id,
                            "no traffic for its idle time and lifetime; removed " + removed + " node(s)"));
                } catch (NotFoundException | InvalidTreeException e) {
                    LOG.debug("prune of {} on {} skipped: {}", id, t.port(), e.getMessage());
                }
            }
        }
    }

    /** An error of the device's session, shown at most once a second (a datapath error can come per packet). */
    void throttledError(DeviceAgent a, String message) {
        long now = time.nanoTime();
        Long last = lastErrorEvent.get(a.deviceId);
        if (last == null || now - last >= ERROR_EVENT_INTERVAL_NANOS) {
            lastErrorEvent.put(a.deviceId, now);
            a.asyncError(message);
        }
    }
}
