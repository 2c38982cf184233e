package org.hsdba.impl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.store.HsdbaStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Join packet-ins (algorithm section 4), in batches: packet-ins queue up per switch (after the
 * per-switch rate limit, at most {@link #MAX_QUEUED} each) and the switch's lane takes all that
 * are waiting at once. Per tree, each is
 * planned against the stored tree ({@link JoinPlanner}, children looked up in a
 * {@link ChildKeyIndex}); repeats of one key within the batch or of a node that already exists
 * are ignored (one outstanding join per key); the new nodes are added in one tree write, admitted
 * incrementally from the admitted current tree ({@link AdmittedTrees}): a join costs its sibling
 * group, not the tree. If the batch as a whole is not admissible, its joins are admitted one by
 * one in arrival order (one write each) and those that break a rule are refused with the violations.
 * Trees are written under the manager's write lock, which is released before the store makes the
 * write durable (so one switch's joins and another switch's edits share fsyncs, not turns).
 */
final class JoinHandler {

    private static final Logger LOG = LoggerFactory.getLogger(JoinHandler.class);

    /** One packet-in waiting for the control thread. */
    private static final class Request {
        /** The device's agent when it arrived (an agent outlives its device's sessions). */
        final DeviceAgent device;
        final PofSwitch sw;
        final PacketIn packetIn;
        final long arrivalNanos;

        Request(DeviceAgent device, PofSwitch sw, PacketIn packetIn, long arrivalNanos) {
            this.device = device;
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

    /** Packet-ins one switch may have waiting for its lane; more are refused at the edge. */
    static final int MAX_QUEUED = 4096;

    /** One switch's waiting packet-ins. */
    private static final class Queue {
        /** The device's agent (one per device id, never replaced). */
        final DeviceAgent owner;
        final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
        final AtomicInteger size = new AtomicInteger();
        final AtomicBoolean drainQueued = new AtomicBoolean();

        Queue(DeviceAgent owner) {
            this.owner = owner;
        }
    }

    private final Map<String, Queue> queues = new ConcurrentHashMap<>();
    private final HsdbaStore store;
    private final Object writeLock;
    private final Function<PofSwitch, DeviceAgent> agentOf;
    /** Runs a device's drain on its lane, on the offering thread if the lane is idle. */
    private final BiConsumer<String, Runnable> lanes;
    /** Queues a device's drain on its lane, always. */
    private final BiConsumer<String, Runnable> queued;
    private final Consumer<HsdbaEvent> emit;
    private final TimeSource time;
    /** Guarded by the write lock, like the next two. */
    private final AdmittedTrees admitted;
    private final TreeWriter writer;
    private final Map<PortRef, ChildKeyIndex> childIndexes = new HashMap<>();
    private final Supplier<HsdbaParameters> parameters;
    private final RefusalBursts bursts;

    JoinHandler(HsdbaStore store, Object writeLock, AdmittedTrees admitted, TreeWriter writer,
                Function<PofSwitch, DeviceAgent> agentOf, BiConsumer<String, Runnable> lanes,
                BiConsumer<String, Runnable> queued, Consumer<HsdbaEvent> emit,
                TimeSource time, Supplier<HsdbaParameters> parameters) {
        this.store = store;
        this.writeLock = writeLock;
        this.admitted = admitted;
        this.writer = writer;
        this.agentOf = agentOf;
        this.lanes = lanes;
        this.queued = queued;
        this.emit = emit;
        this.time = time;
        this.parameters = parameters;
        this.bursts = new RefusalBursts(emit, time);
    }

    /**
     * Any thread: queue a packet-in of {@code agent}'s switch that passed the rate limit; false
     * (nothing queued) if that switch already has {@link #MAX_QUEUED} waiting. The lane's drain
     * is handed to the manager's lane scheduler; with {@code HsdbaManager.inlineJoins} on (off by
     * default) it runs on this thread (the adapter's event loop) when the device's lane is idle, so
     * the join is written and sent before this returns. Never while a change is at the switch: the
     * join could not be sent before its confirmation, which this loop reads, so the lane writes it
     * meanwhile.
     */
    boolean offer(DeviceAgent agent, PofSwitch sw, PacketIn packetIn, long arrivalNanos) {
        Queue q = queues.computeIfAbsent(agent.deviceId, d -> new Queue(agent));
        if (q.size.incrementAndGet() > MAX_QUEUED) {
            q.size.decrementAndGet();
            return false;
        }
        q.requests.add(new Request(agent, sw, packetIn, arrivalNanos));
        if (q.drainQueued.compareAndSet(false, true)) {
            if (agent.sending()) {
                // Nothing can be sent before the change in flight is confirmed: on the lane, the
                // write goes on beside the event loop, which stays free to read that confirmation.
                queued.accept(agent.deviceId, () -> drain(q));
            } else {
                lanes.accept(agent.deviceId, () -> drain(q));
            }
        }
        return true;
    }

    /**
     * The switch's lane: handles every packet-in it has queued, then brings the switch up to date
     * with the joins it wrote. The store tells the manager of the write too, but on its own
     * thread and then through this lane again (the cluster store: the map's event thread), two
     * hand-offs on every join's path. While this runs, tree changes the store reports for the
     * device need no lane task of their own ({@link DeviceAgent#reconcileFollows}): the update at
     * the end reads the store after them.
     */
    private void drain(Queue q) {
        q.drainQueued.set(false);
        q.owner.reconcileFollows = true;
        boolean wrote = false;
        try {
            wrote = joinAll(q);
        } finally {
            q.owner.reconcileFollows = false;
            boolean changesTaken = q.owner.changesTaken.getAndSet(false);
            if (wrote || changesTaken) {
                // Durable now (every commit awaited): the switch may be given the new entries.
                q.owner.reconcile();
            }
        }
    }

    /** Handles every packet-in queued; true if it wrote any join. */
    private boolean joinAll(Queue q) {
        Map<PortRef, List<Request>> byTree = new LinkedHashMap<>();
        Map<Request, JoinSite> sites = new LinkedHashMap<>();
        for (Request r = q.requests.poll(); r != null; r = q.requests.poll()) {
            q.size.decrementAndGet();
            DeviceAgent a = agentOf.apply(r.sw);
            DeviceProgram program = a == null ? null : a.confirmed();
            Optional<JoinSite> site = program == null ? Optional.empty() : program.joinSite(r.packetIn);
            if (site.isPresent()) {
                sites.put(r, site.get());
                byTree.computeIfAbsent(site.get().port(), p -> new ArrayList<>()).add(r);
            } else {
                ignored(r, a == null ? "its session was replaced or is not mastered here"
                        : program == null ? "the switch's program is not confirmed yet" : "it came from no join site");
            }
        }
        boolean wrote = false;
        for (Map.Entry<PortRef, List<Request>> e : byTree.entrySet()) {
            wrote |= joinBatch(e.getKey(), e.getValue(), sites);
        }
        return wrote;
    }

    /** Writes the batch's joins and waits until they are durable; true if it wrote any. */
    private boolean joinBatch(PortRef port, List<Request> requests, Map<Request, JoinSite> sites) {
        List<HsdbaStore.Commit> commits = new ArrayList<>();
        synchronized (writeLock) {
            stageBatch(port, requests, sites, commits);
        }
        for (HsdbaStore.Commit c : commits) {
            c.await(); // outside the lock: other writers stage meanwhile and share the fsync
        }
        return !commits.isEmpty();
    }

    /** Under the write lock: plans and stages the batch's writes, adding them to {@code commits}. */
    private void stageBatch(PortRef port, List<Request> requests, Map<Request, JoinSite> sites,
                            List<HsdbaStore.Commit> commits) {
        for (int attempt = 0; attempt <= MAX_CONFLICTS; attempt++) {
            BandwidthTree current = store.latestTree(port).orElse(null);
            if (current == null) {
                childIndexes.remove(port);
                return;
            }
            ChildKeyIndex children = ChildKeyIndex.forTree(childIndexes.get(port), current);
            childIndexes.put(port, children);
            List<Planned> planned = plan(children, requests, sites);
            if (planned.isEmpty()) {
                return;
            }
            ResolvedTree base = admitted.of(current);
            if (base == null) {
                if (joinInFull(current, children, planned, commits)) {
                    continue; // another member wrote the tree meanwhile: plan again on the new one
                }
                return;
            }
            boolean inOne = incrementalCosts(current, planned) > IN_ONE_FACTOR * current.size();
            EditChain chain = inOne ? null : addAll(base, nodes(planned));
            ResolvedTree batch = inOne ? admitInOne(current, nodes(planned)) : chain == null ? null : chain.to();
            if (batch == null) {
                // Adding nodes only adds to sums and to sibling keys, so a join that breaks a
                // rule after the ones before it breaks it in the whole batch too.
                joinOneByOne(current, base, children, planned, commits);
                return;
            }
            ResolvedTree stored = batch.withVersion(current.version() + 1);
            BandwidthTree next = stored.tree();
            try {
                commits.add(writer.write(current, next, stored, chain == null ? null : chain.endingAt(stored)));
            } catch (VersionConflictException e) {
                continue; // another member wrote the tree meanwhile: plan again on the new one
            }
            children.advance(next, nodes(planned));
            for (Planned p : planned) {
                accepted(port, p);
            }
            return;
        }
    }

    /**
     * Admitting the batch as one tree (a rebuild, a full admission, and a switch program update
     * that compares the whole tree) costs about this many times the tree's size, in the units of
     * {@link #incrementalCosts}; joining one by one costs, per join, a copy of the tree's arrays
     * and its sibling group. Measured with 3000 users under one parent: 2.7 ms in one; 0.3 ms per
     * join until 2026-11-28 (factor 16), 0.17 ms per join since joins reuse their sibling group's
     * sums and the compiler its layout (JoinLatencyBench's probe: apply, admission and the update
     * along the edit), so one by one now wins up to about 16 joins under one parent, where it
     * won up to 9. An in-one batch also makes the next program update compare the whole tree
     * (the probe's whole-tree diff, 2.5-6.8 ms at 3000 users), which stalls the joins behind it.
     */
    private static final int IN_ONE_FACTOR = 32;

    /**
     * What adding the joins one edit at a time costs (in nodes): each copies the tree and
     * re-resolves its sibling group. When that exceeds {@link #IN_ONE_FACTOR} trees (many joins
     * at once under one large parent), the batch is cheaper admitted as one tree.
     */
    private static long incrementalCosts(BandwidthTree tree, List<Planned> planned) {
        if (planned.size() == 1) {
            return 0;
        }
        long cost = 0;
        for (Planned p : planned) {
            cost += tree.size() + (p.node.parentId() == null ? tree.childCount(-1)
                    : tree.childCount(tree.indexOf(p.node.parentId())));
        }
        return cost;
    }

    /** The batch built and admitted as one tree (version + 1); null if it is not valid or not admissible. */
    static ResolvedTree admitInOne(BandwidthTree current, List<NodeSpec> nodes) {
        try {
            return Admission.admit(current.toBuilder().addNodes(nodes).version(current.version() + 1).build());
        } catch (InvalidTreeException e) {
            return null;
        }
    }

    /**
     * Every planned node added to {@code base} in order, admitted edit by edit: the chain of
     * edits (the switch program follows it); null if one breaks a rule.
     */
    static EditChain addAll(ResolvedTree base, List<NodeSpec> nodes) {
        EditChain chain = EditChain.from(base);
        try {
            for (NodeSpec n : nodes) {
                ResolvedTree r = chain.to();
                AppliedEdit applied = TreeEdit.add(n).apply(r.tree());
                chain = chain.then(applied, Admission.admit(r, applied));
            }
        } catch (InvalidTreeException e) {
            return null;
        }
        return chain;
    }

    private static List<NodeSpec> nodes(List<Planned> planned) {
        return planned.stream().map(p -> p.node).collect(Collectors.toList());
    }

    /**
     * Plans every request against the index's tree; refusals are reported here, repeats dropped.
     * A join the tree has no room for ({@link JoinRoom}) is refused before it is planned into a
     * write: counted, reported once per burst.
     */
    private List<Planned> plan(ChildKeyIndex children, List<Request> requests, Map<Request, JoinSite> sites) {
        BandwidthTree current = children.tree();
        List<Planned> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        JoinRoom room = null;
        for (Request r : requests) {
            DeviceAgent a = agentOf.apply(r.sw);
            if (a == null || a.session() != r.sw) {
                continue; // drain checked it on this lane, where sessions change: a guard, not a path
            }
            int depth = sites.get(r).depth();
            JoinPlan plan = JoinPlanner.plan(children, depth, r.packetIn.data());
            if (plan.outcome() == JoinPlan.Outcome.REFUSE) {
                refuse(a, current.port(), null, plan.reason());
            } else if (plan.outcome() == JoinPlan.Outcome.ADD && !ids.contains(plan.node().orElseThrow().id())) {
                if (room == null) {
                    room = JoinRoom.of(current, parameters.get().maxTreeNodes(),
                            JoinRoom.levelEntries(r.sw.resources()));
                }
                String full = room.take(depth);
                if (full != null) {
                    bursts.refused(a, current.port(), full);
                    continue;
                }
                ids.add(plan.node().orElseThrow().id());
                out.add(new Planned(a, plan.node().orElseThrow(), r.arrivalNanos));
            }
        }
        return out;
    }

    /**
     * The stored tree is not admissible as it is (stored before a rule existed): the batch in
     * one write if it is admissible as a whole, else join by join, each checked in full.
     *
     * @return true if another writer got there first and nothing was written: plan again
     */
    private boolean joinInFull(BandwidthTree current, ChildKeyIndex children, List<Planned> planned,
                               List<HsdbaStore.Commit> commits) {
        BandwidthTree next;
        try {
            next = current.toBuilder().addNodes(nodes(planned)).version(current.version() + 1).build();
        } catch (InvalidTreeException e) {
            next = null;
        }
        if (next == null || !Admission.check(next).isEmpty()) {
            joinOneByOne(current, null, children, planned, commits);
            return false;
        }
        try {
            commits.add(writer.write(current, next, null, null));
        } catch (VersionConflictException e) {
            return true;
        }
        for (Planned p : planned) {
            accepted(current.port(), p);
        }
        return false;
    }

    /**
     * Version conflicts (another writer's write between this one's read and write) a batch or a
     * one-by-one run may meet before its remaining joins are left to the switch's next packet-in.
     */
    private static final int MAX_CONFLICTS = 10;

    /**
     * The slow path when a batch breaks admission: each join on its own, in arrival order,
     * admitted incrementally from {@code base} (the admitted {@code start}), or in full if null.
     * A join that meets another writer's write is tried again over that writer's tree; the ones
     * before it are written and the refused ones told, so none is planned twice.
     */
    private void joinOneByOne(BandwidthTree start, ResolvedTree base, ChildKeyIndex children, List<Planned> planned,
                              List<HsdbaStore.Commit> commits) {
        BandwidthTree current = start;
        ResolvedTree resolved = base;
        int conflicts = 0;
        for (Planned p : planned) {
            while (!current.contains(p.node.id())) { // contained: another writer added it meanwhile
                BandwidthTree next;
                ResolvedTree nextResolved = null;
                EditChain chain = null;
                try {
                    if (resolved != null) {
                        AppliedEdit applied = TreeEdit.add(p.node).apply(resolved.tree());
                        nextResolved = Admission.admit(resolved, applied).withVersion(current.version() + 1);
                        next = nextResolved.tree();
                        chain = EditChain.of(resolved, applied, nextResolved);
                    } else {
                        next = Admission.apply(current, TreeEdit.add(p.node));
                    }
                } catch (InvalidTreeException e) {
                    refuse(p.agent, current.port(), p.node.id(), e.violations().stream().map(Violation::message)
                            .collect(Collectors.joining("; ")));
                    break;
                }
                try {
                    commits.add(writer.write(current, next, nextResolved, chain));
                } catch (VersionConflictException e) {
                    BandwidthTree latest = store.latestTree(current.port()).orElse(null);
                    if (latest == null || ++conflicts > MAX_CONFLICTS) {
                        return; // left to the switch, which sends the key again (join_hold_ms)
                    }
                    current = latest;
                    resolved = base == null ? null : admitted.of(latest);
                    children = ChildKeyIndex.forTree(null, latest);
                    childIndexes.put(latest.port(), children);
                    continue;
                }
                children.advance(next, List.of(p.node));
                current = next;
                resolved = nextResolved;
                accepted(current.port(), p);
            }
        }
    }

    /**
     * A packet-in not taken as a join: counted on its device, logged at debug. Not an event: it
     * comes in bursts while a switch connects or is reprogrammed.
     */
    private static void ignored(Request r, String why) {
        r.device.joinsIgnored.incrementAndGet();
        LOG.debug("join packet-in of {} ignored: {}", r.device.deviceId, why);
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
