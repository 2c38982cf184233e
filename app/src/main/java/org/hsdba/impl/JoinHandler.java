package org.hsdba.impl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.hsdba.admission.Admission;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.VersionConflictException;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.store.HsdbaStore;

/**
 * Join packet-ins (algorithm section 4), in batches: packet-ins queue up (after the per-switch
 * rate limit) and the control thread takes all that are waiting at once. Per tree, each is
 * planned against the stored tree ({@link JoinPlanner}); repeats of one key within the batch or
 * of a node that already exists are ignored (one outstanding join per key); the new nodes are
 * added in one tree write with one admission check, so a burst costs one tree rebuild instead of
 * one per join. If the batch as a whole is not admissible, its joins are admitted one by one in
 * arrival order and those that break a rule are refused with the violations.
 */
final class JoinHandler {

    /** One packet-in waiting for the control thread. */
    private static final class Request {
        final PofSwitch sw;
        final PacketIn packetIn;
        final long arrivalNanos;

        Request(PofSwitch sw, PacketIn packetIn, long arrivalNanos) {
            this.sw = sw;
            this.packetIn = packetIn;
            this.arrivalNanos = arrivalNanos;
        }
    }

    /** A join planned for a tree. */
    private static final class Planned {
        final DeviceAgent agent;
        final NodeSpec node;
        final long arrivalNanos;

        Planned(DeviceAgent agent, NodeSpec node, long arrivalNanos) {
            this.agent = agent;
            this.node = node;
            this.arrivalNanos = arrivalNanos;
        }
    }

    private final ConcurrentLinkedQueue<Request> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainQueued = new AtomicBoolean();
    private final HsdbaStore store;
    private final Object writeLock;
    private final Function<PofSwitch, DeviceAgent> agentOf;
    private final Consumer<Runnable> control;
    private final Consumer<HsdbaEvent> emit;
    private final TimeSource time;

    JoinHandler(HsdbaStore store, Object writeLock, Function<PofSwitch, DeviceAgent> agentOf, Consumer<Runnable> control,
                Consumer<HsdbaEvent> emit, TimeSource time) {
        this.store = store;
        this.writeLock = writeLock;
        this.agentOf = agentOf;
        this.control = control;
        this.emit = emit;
        this.time = time;
    }

    /** Any thread: queue a packet-in that passed the rate limit. */
    void offer(PofSwitch sw, PacketIn packetIn, long arrivalNanos) {
        queue.add(new Request(sw, packetIn, arrivalNanos));
        if (drainQueued.compareAndSet(false, true)) {
            control.accept(this::drain);
        }
    }

    /** Control thread: handles every queued packet-in. */
    private void drain() {
        drainQueued.set(false);
        Map<PortRef, List<Request>> byTree = new LinkedHashMap<>();
        Map<Request, JoinSite> sites = new LinkedHashMap<>();
        for (Request r = queue.poll(); r != null; r = queue.poll()) {
            DeviceAgent a = agentOf.apply(r.sw);
            DeviceProgram program = a == null ? null : a.confirmed();
            if (program == null) {
                continue;
            }
            Optional<JoinSite> site = program.joinSite(r.packetIn);
            if (site.isPresent()) {
                sites.put(r, site.get());
                byTree.computeIfAbsent(site.get().port(), p -> new ArrayList<>()).add(r);
            }
        }
        for (Map.Entry<PortRef, List<Request>> e : byTree.entrySet()) {
            joinBatch(e.getKey(), e.getValue(), sites);
        }
    }

    private void joinBatch(PortRef port, List<Request> requests, Map<Request, JoinSite> sites) {
        synchronized (writeLock) {
            for (int attempt = 0; attempt < 10; attempt++) {
                BandwidthTree current = store.tree(port).orElse(null);
                if (current == null) {
                    return;
                }
                List<Planned> planned = plan(current, requests, sites);
                if (planned.isEmpty()) {
                    return;
                }
                BandwidthTree next;
                try {
                    next = current.toBuilder().addNodes(planned.stream().map(p -> p.node).collect(Collectors.toList()))
                            .version(current.version() + 1).build();
                } catch (InvalidTreeException e) {
                    next = null;
                }
                List<Violation> violations = next == null ? List.of() : Admission.check(next);
                if (next == null || !violations.isEmpty()) {
                    joinOneByOne(current, planned);
                    return;
                }
                try {
                    store.putTree(next, current.version());
                } catch (VersionConflictException e) {
                    continue; // another member wrote the tree meanwhile: plan again on the new one
                }
                for (Planned p : planned) {
                    accepted(port, p);
                }
                return;
            }
        }
    }

    /** Plans every request against {@code current}; refusals are reported here, repeats dropped. */
    private List<Planned> plan(BandwidthTree current, List<Request> requests, Map<Request, JoinSite> sites) {
        List<Planned> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Request r : requests) {
            DeviceAgent a = agentOf.apply(r.sw);
            if (a == null || a.session() != r.sw) {
                continue;
            }
            JoinPlan plan = JoinPlanner.plan(current, sites.get(r).depth(), r.packetIn.data());
            if (plan.outcome() == JoinPlan.Outcome.REFUSE) {
                refuse(a, current.port(), null, plan.reason());
            } else if (plan.outcome() == JoinPlan.Outcome.ADD && ids.add(plan.node().orElseThrow().id())) {
                out.add(new Planned(a, plan.node().orElseThrow(), r.arrivalNanos));
            }
        }
        return out;
    }

    /** The slow path when a batch breaks admission: each join on its own, in arrival order. */
    private void joinOneByOne(BandwidthTree start, List<Planned> planned) {
        BandwidthTree current = start;
        for (Planned p : planned) {
            BandwidthTree next;
            try {
                next = Admission.apply(current, TreeEdit.add(p.node));
            } catch (InvalidTreeException e) {
                refuse(p.agent, current.port(), p.node.id(), e.violations().stream().map(Violation::message)
                        .collect(Collectors.joining("; ")));
                continue;
            }
            try {
                store.putTree(next, current.version());
            } catch (VersionConflictException e) {
                return; // the next packet-in of the others (the switch repeats them) plans again
            }
            current = next;
            accepted(current.port(), p);
        }
    }

    private void accepted(PortRef port, Planned p) {
        NodeRef ref = NodeRef.of(port, p.node.id());
        p.agent.joinsAccepted.incrementAndGet();
        p.agent.pendingJoins.put(ref, new PendingJoin(ref, p.arrivalNanos));
    }

    void refuse(DeviceAgent a, PortRef port, String nodeId, String reason) {
        a.joinsRefused.incrementAndGet();
        emit.accept(HsdbaEvent.node(time.wallMillis(), HsdbaEvent.Type.ADMISSION_REFUSED, port, nodeId,
                "join refused: " + reason));
    }
}
