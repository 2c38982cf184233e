package org.hsdba.impl;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.api.BusyException;
import org.hsdba.api.DeviceStatus;
import org.hsdba.api.EditResult;
import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaListener;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.ParametersPreview;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.OperatorHistory;
import org.hsdba.api.Precondition;
import org.hsdba.api.PortInfo;
import org.hsdba.api.PortState;
import org.hsdba.api.PreviewResult;
import org.hsdba.api.VersionConflictException;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.Membership;
import org.hsdba.model.PortRef;
import org.hsdba.model.PortSelector;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.Violation;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.FileHsdbaStore;
import org.hsdba.store.HsdbaStore;
import org.hsdba.store.HsdbaStoreListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link HsdbaService}: configuration writes with admission and optimistic concurrency on
 * the store; programming, joins, pruning and live state through one {@link DeviceAgent} per
 * device, each on its own serial lane ({@link Lanes}): a device's agent, its joins and its
 * readings are only ever handled by one thread at a time, and devices do not wait for each other.
 * Plain Java, wired by constructor; call {@link #start()} and {@link #stop()}.
 *
 * <p>What is shared between lanes and how it stays race-free: tree writes (operator, joins,
 * prunes) go through {@link #write} and the join handler under {@link #writeLock}, held only to
 * admit and stage a write in the store, not while it is made durable (the store groups
 * concurrent writes into one fsync, see {@code SnapshotStore}); the edit journal and the event
 * log are synchronized; the monitor's maps are concurrent and each entry belongs to one device.
 *
 * <p>Every change, local or from another cluster member, reaches the switches the same way: the
 * store tells the manager, the device's agent brings its switch up to date.
 */
public final class HsdbaManager implements HsdbaService {

    /** Events kept for {@link #events(int)}. */
    public static final int EVENT_LOG_SIZE = 10_000;
    /** History samples per node: 10 minutes at the default 1 s polling period. */
    public static final int HISTORY_SAMPLES = Monitor.HISTORY_SAMPLES;
    private static final int WRITE_RETRIES = 10;

    private static final Logger LOG = LoggerFactory.getLogger(HsdbaManager.class);

    private final HsdbaStore store;
    private final PofSwitchService switches;
    private final ProgramCompiler compiler;
    private final ScheduledExecutorService scheduler;
    /** Serial lanes: one per device, {@link Lanes#MANAGER} for parameters and the polling timer. */
    private final Lanes lanes;
    private final TimeSource time;
    private final Mastership mastership;
    private final EventLog eventLog = new EventLog(EVENT_LOG_SIZE);
    private final List<HsdbaListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, DeviceAgent> agents = new ConcurrentHashMap<>();
    private final Object writeLock = new Object();
    private final Semaphore operatorWrites = new Semaphore(MAX_OPERATOR_WRITES);
    /** Guarded by {@link #writeLock}. */
    private final AdmittedTrees admitted = new AdmittedTrees();
    /** Written under {@link #writeLock}, read on the device lanes (synchronized). */
    private final EditJournal journal = new EditJournal();
    /** Guarded by {@link #writeLock}. */
    private final OperatorLog operatorLog = new OperatorLog();
    private final TreeWriter writer;
    /** Operator edits waiting for the writer thread, which writes them in batches. */
    private final EditQueue edits = new EditQueue(this::writeBatch, "hsdba-edit-writer");
    private final StoreListener storeListener = new StoreListener();
    private final SwitchListener switchListener = new SwitchListener();
    private final AgentContext agentContext = new AgentContext();
    private final JoinHandler joins;
    private final Monitor monitor;
    private final SwitchAdmission switchAdmission;
    /** Run a device's join and confirmation tasks on the adapter's thread when its lane is idle ({@link #inlineJoins}). */
    private volatile boolean inlineJoins;
    /** The store's commit waits for a disk: {@link #inlineJoins} stays off. */
    private final boolean fileStore;
    private ScheduledFuture<?> pollTask;
    /** Manager lane only, like {@link #pollPeriod} and {@link #appliedParameters}. */
    private long ticks;
    private Duration pollPeriod;
    private HsdbaParameters appliedParameters;

    /** Tasks a lane may hold before droppable work (join packet-ins, polling ticks) is refused for it. */
    static final int LANE_BOUND = 1024;
    /**
     * Operator writes (REST, CLI) queued or in progress at once; one more is refused at once with
     * {@link BusyException}. Edits are written in batches ({@link #editAsync}), so a queued edit
     * costs its own admission only and a burst of 1,000 concurrent clients fits (issue 17); the
     * bound keeps a flood from growing the queue without end. Joins and prunes do not count (they
     * are bounded per switch).
     */
    public static final int MAX_OPERATOR_WRITES = 4096;
    /** What a busy answer tells the client to wait. */
    static final int BUSY_RETRY_SECONDS = 1;
    /**
     * Threads of {@link #newWorkerPool}: how many devices can be stuck at once (in a store write,
     * a compile of a huge tree) before a lane waits for a thread; a lane's work is mostly CPU, so
     * more threads than this buys little on the small controllers this runs on.
     */
    public static final int WORKER_THREADS = 4;

    /** The pool the lanes should run on in production: {@link #WORKER_THREADS} daemon threads, a FIFO queue. */
    public static ExecutorService newWorkerPool(String namePrefix) {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        return Executors.newFixedThreadPool(WORKER_THREADS, r -> {
            Thread t = new Thread(r, namePrefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The lanes run on {@code scheduler} too: with one thread, devices take turns fairly but a
     * task that blocks delays them all; give {@link #HsdbaManager(HsdbaStore, PofSwitchService,
     * ProgramCompiler, ScheduledExecutorService, Executor, TimeSource, Mastership) a pool} for isolation.
     */
    public HsdbaManager(HsdbaStore store, PofSwitchService switches, ProgramCompiler compiler,
                        ScheduledExecutorService scheduler, TimeSource time, Mastership mastership) {
        this(store, switches, compiler, scheduler, scheduler, time, mastership);
    }

    /**
     * @param store the configuration
     * @param switches connected POF switches
     * @param compiler compiles trees into programs
     * @param scheduler the polling timer (one thread is enough)
     * @param workers runs the device lanes; a FIFO pool whose thread count bounds how many devices
     *                can be stuck at once without delaying the others
     * @param time wall clock and monotonic clock
     * @param mastership whether this instance programs a device
     */
    public HsdbaManager(HsdbaStore store, PofSwitchService switches, ProgramCompiler compiler,
                        ScheduledExecutorService scheduler, Executor workers, TimeSource time, Mastership mastership) {
        this.store = Objects.requireNonNull(store, "store");
        this.switches = Objects.requireNonNull(switches, "switches");
        this.compiler = Objects.requireNonNull(compiler, "compiler");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.lanes = new Lanes(Objects.requireNonNull(workers, "workers"), LANE_BOUND);
        // The file store's commit is an fsync: never on an event loop that other switches share.
        this.fileStore = store instanceof FileHsdbaStore;
        this.time = Objects.requireNonNull(time, "time");
        this.mastership = Objects.requireNonNull(mastership, "mastership");
        this.writer = new TreeWriter(store, admitted, journal);
        this.joins = new JoinHandler(store, writeLock, admitted, writer, this::programmingAgent, this::fromAdapter, lanes::execute,
                this::emit, time, store::parameters);
        this.monitor = new Monitor(this::desiredTrees, d -> store.parameters(), this::prune, lanes::execute,
                this::emit, time);
        this.switchAdmission = new SwitchAdmission(compiler, this::connected, store::parameters);
    }

    /**
     * Whether a join PACKET_IN, and a switch's confirmation of a change, are handled on the
     * adapter's thread that read them (its event loop) when the device's lane is idle and within
     * its inline budget ({@link Lanes#runInline}), instead of on the lane's pool thread. Off by
     * default: it saves two thread wake-ups per join (event loop -> lane, lane -> event loop for
     * the send) and was faster at 100 and 1000 joins/s and on the ONOS store, but not at 1 join/s
     * (docs/hsdba-service.md, "Inline on the adapter's thread"), and the join's store write then
     * runs on an event loop other switches share (in a cluster, for the map calls' round trips). Ignored on a {@link FileHsdbaStore} (its commit is an fsync); the budget
     * bounds what a device takes of the loop either way. Takes effect for the next packet-in or
     * confirmation.
     */
    public HsdbaManager inlineJoins(boolean on) {
        inlineJoins = on && !fileStore;
        return this;
    }

    /** From an adapter thread: {@code task} on {@code deviceId}'s lane, run here if the lane is idle and within budget. */
    private void fromAdapter(String deviceId, Runnable task) {
        if (!inlineJoins || !lanes.runInline(deviceId, task)) {
            lanes.execute(deviceId, task);
        }
    }

    /** The agent programming this switch session here, or null (another session, or not master). */
    private DeviceAgent programmingAgent(PofSwitch sw) {
        DeviceAgent a = agents.get(DeviceIds.of(sw.deviceId()));
        return a != null && a.session() == sw && mastership.isMaster(a.deviceId) ? a : null;
    }

    /** Starts listening to the store and the switches, programs the switches already connected, starts polling. */
    public void start() {
        appliedParameters = store.parameters();
        store.addListener(storeListener);
        switches.addListener(switchListener);
        for (PofSwitch sw : switches.switches()) {
            if (sw.isConnected()) {
                String id = DeviceIds.of(sw.deviceId());
                lanes.execute(id, () -> agent(id).onReady(sw));
            }
        }
        schedulePolling(appliedParameters.pollingPeriod());
        LOG.info("hsdba manager started with {} tree(s)", store.trees().size());
    }

    /** Stops listening and polling; the switches keep their programs. */
    public void stop() {
        switches.removeListener(switchListener);
        store.removeListener(storeListener);
        synchronized (this) {
            if (pollTask != null) {
                pollTask.cancel(false);
                pollTask = null;
            }
        }
        LOG.info("hsdba manager stopped");
    }

    /** Mastership of a device changed (ONOS): program it if it is ours now. */
    public void mastershipChanged(String deviceId) {
        lanes.execute(deviceId, () -> {
            if (!mastership.isMaster(deviceId)) {
                monitor.mastershipLost(deviceId);
            }
            DeviceAgent a = agents.get(deviceId);
            if (a != null) {
                a.reconcile();
            }
        });
    }

    /** Runs one polling round now (each device on its lane); for tests and benchmarks. */
    public void pollNow() {
        lanes.execute(Lanes.MANAGER, this::pollAll);
    }

    // ------------------------------------------------------------------ devices

    @Override
    public List<DeviceStatus> devices() {
        Set<String> ids = new TreeSet<>();
        for (PofSwitch sw : switches.switches()) {
            ids.add(DeviceIds.of(sw.deviceId()));
        }
        for (BandwidthTree t : store.trees()) {
            ids.add(t.port().deviceId());
        }
        List<BandwidthTree> trees = store.trees();
        return ids.stream().map(id -> status(id, trees)).collect(Collectors.toList());
    }

    @Override
    public Optional<DeviceStatus> device(String deviceId) {
        List<BandwidthTree> trees = store.trees();
        boolean known = trees.stream().anyMatch(t -> t.port().deviceId().equals(deviceId)) || connected(deviceId) != null;
        return known ? Optional.of(status(deviceId, trees)) : Optional.empty();
    }

    private PofSwitch connected(String deviceId) {
        if (!DeviceIds.isPof(deviceId)) {
            return null;
        }
        return switches.getSwitch(DeviceIds.parse(deviceId)).filter(PofSwitch::isConnected).orElse(null);
    }

    private static List<BandwidthTree> desired(String deviceId, List<BandwidthTree> trees) {
        return trees.stream().filter(t -> t.port().deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    private DeviceStatus status(String deviceId, List<BandwidthTree> trees) {
        PofSwitch sw = connected(deviceId);
        Set<Long> managed = trees.stream().filter(t -> t.port().deviceId().equals(deviceId))
                .map(t -> t.port().port()).collect(Collectors.toCollection(TreeSet::new));
        Map<Long, PortInfo> ports = new TreeMap<>();
        if (sw != null) {
            for (PortDesc p : sw.ports()) {
                long number = p.portId() & 0xFFFF_FFFFL;
                boolean up = (p.state() & PortDesc.STATE_LINK_DOWN) == 0;
                // POF's curr_speed is in kbit/s
                ports.put(number, new PortInfo(number, p.name().text(), up, managed.contains(number),
                        p.currentSpeed() * 1000));
            }
        }
        for (long number : managed) {
            ports.putIfAbsent(number, new PortInfo(number, "", false, true));
        }
        DeviceAgent a = agents.get(deviceId);
        List<org.hsdba.api.Enforcement> enforcement = enforcement(a, desired(deviceId, trees));
        if (a == null) {
            return new DeviceStatus(deviceId, sw != null, org.hsdba.api.DeviceMode.UNKNOWN, new ArrayList<>(ports.values()),
                    false, null, org.hsdba.api.JoinCounters.ZERO, enforcement);
        }
        return new DeviceStatus(deviceId, sw != null, a.mode(), new ArrayList<>(ports.values()),
                a.isProgrammed(desired(deviceId, trees)), a.lastError(), a.joins(), enforcement);
    }

    /** Per stored tree of the device, by port: which version its switch enforces (none without an agent: never connected). */
    private static List<org.hsdba.api.Enforcement> enforcement(DeviceAgent a, List<BandwidthTree> trees) {
        List<org.hsdba.api.Enforcement> out = new ArrayList<>();
        trees.stream().sorted(java.util.Comparator.comparingLong(t -> t.port().port())).forEach(t -> out.add(a != null
                ? a.enforcement(t) : new org.hsdba.api.Enforcement(t.port().port(), t.operatorVersion(), null,
                org.hsdba.api.Enforcement.Status.NOT_CONNECTED, null)));
        return out;
    }

    // ------------------------------------------------------------------ trees

    @Override
    public List<BandwidthTree> trees() {
        return store.trees();
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return store.tree(port);
    }

    @Override
    public BandwidthTree putTree(BandwidthTree tree, Precondition expected) {
        Objects.requireNonNull(tree, "tree");
        // Membership at write time, not at the writer's read: a node that joined after the read stays.
        return write(tree.port(), expected, true, Writer.OPERATOR, "replace tree",
                current -> admitInFull(current == null ? tree : Membership.rebase(tree, current))).tree;
    }

    @Override
    public void removeTree(PortRef port, Precondition expected) {
        Objects.requireNonNull(expected, "expected");
        enterOperatorWrite();
        try {
            removeTreeGated(port, expected);
        } finally {
            operatorWrites.release();
        }
    }

    private void removeTreeGated(PortRef port, Precondition expected) {
        synchronized (writeLock) {
            for (int attempt = 0; ; attempt++) {
                BandwidthTree current = store.latestTree(port).orElse(null);
                expected.check(port, current);
                if (current == null) {
                    throw noTree(port);
                }
                try {
                    store.removeTree(port, current.version());
                    break;
                } catch (VersionConflictException e) {
                    if (attempt >= WRITE_RETRIES) {
                        throw e;
                    }
                }
            }
            admitted.forget(port);
            journal.forget(port);
            operatorLog.forget(port);
        }
    }

    /** {@link #editAsync}, waited for: queued edits are written in batches either way. */
    @Override
    public EditResult edit(PortRef port, TreeEdit edit, Precondition expected) {
        if (edits.isWriterThread()) {
            // Called back while writing a batch (a listener): queued, it would wait for itself.
            return edit(port, edit, expected, Writer.OPERATOR, current -> { });
        }
        CompletableFuture<EditResult> answer = editAsync(port, edit, expected);
        try {
            return answer.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw e;
        }
    }

    /**
     * Queues the edit for the writer, which takes every edit queued meanwhile as one batch:
     * per port, each edit is checked (its precondition against the tree the edits before it in
     * the batch made), admitted and answered on its own, all or nothing, with its own version;
     * the accepted ones are staged as one write and made durable together before any is answered.
     * {@link BusyException} at once (nothing queued) beyond {@link #MAX_OPERATOR_WRITES} edits and
     * writes in progress.
     */
    @Override
    public CompletableFuture<EditResult> editAsync(PortRef port, TreeEdit edit, Precondition expected) {
        EditQueue.Queued q = new EditQueue.Queued(port, edit, expected);
        enterOperatorWrite();
        edits.submit(q);
        return q.answer;
    }

    /** An edit with a check of the current tree, made inside the write (it may throw to refuse). */
    private EditResult edit(PortRef port, TreeEdit edit, Precondition expected, Writer who,
                            Consumer<BandwidthTree> check) {
        Objects.requireNonNull(edit, "edit");
        List<String> removed = new ArrayList<>();
        Written result = write(port, expected, false, who, label(edit), editChange(port, edit, check, removed));
        return new EditResult(result.tree, removed, result.resolved);
    }

    /** What an edit makes of the current tree; the ids it drops go to {@code removed}. */
    private Function<BandwidthTree, Candidate> editChange(PortRef port, TreeEdit edit, Consumer<BandwidthTree> check,
                                                          List<String> removed) {
        return current -> {
            check.accept(current);
            if (edit.kind() != TreeEdit.Kind.ADD && !current.contains(edit.nodeId())) {
                throw new NotFoundException("no node \"" + edit.nodeId() + "\" under " + port);
            }
            // A partial update is made of the node as the edits written before it left it.
            Candidate next = admitEdit(current, edit.on(current));
            removed.clear();
            if (edit.kind() == TreeEdit.Kind.DELETE_SUBTREE || edit.kind() == TreeEdit.Kind.REPLACE_SUBTREE) {
                // Only these drop nodes, and only from the edited node's subtree.
                for (String id : current.subtree(edit.nodeId())) {
                    if (!next.tree.contains(id)) {
                        removed.add(id);
                    }
                }
            }
            return next;
        };
    }

    /**
     * The writer's batch ({@link EditQueue}): under the write lock, each port's edits in order,
     * each on the tree the accepted ones before it made; the last tree staged once per port; the
     * lock released, made durable; then every edit answered. A refused edit is answered at once
     * and changes nothing; a failed store write fails the accepted edits of its port.
     */
    private void writeBatch(List<EditQueue.Queued> batch) {
        Map<PortRef, List<EditQueue.Queued>> byPort = new java.util.LinkedHashMap<>();
        for (EditQueue.Queued q : batch) {
            byPort.computeIfAbsent(q.port, p -> new ArrayList<>()).add(q);
        }
        try {
            List<PortBatch> staged = new ArrayList<>();
            synchronized (writeLock) {
                for (Map.Entry<PortRef, List<EditQueue.Queued>> e : byPort.entrySet()) {
                    try {
                        PortBatch b = stageBatch(e.getKey(), e.getValue());
                        if (b != null) {
                            staged.add(b);
                        }
                    } catch (RuntimeException failure) {
                        // This port's write failed (a store that writes through, e.g. ONOS's, fails
                        // here): its edits get that answer; the other ports' staged writes stand.
                        for (EditQueue.Queued q : e.getValue()) {
                            settle(q, null, failure);
                        }
                    }
                }
            }
            for (PortBatch b : staged) {
                RuntimeException failure = null;
                try {
                    b.commit.await(); // durable; the first await makes every staged port durable at once
                } catch (RuntimeException e) {
                    failure = e;
                }
                for (int i = 0; i < b.accepted.size(); i++) {
                    settle(b.accepted.get(i), failure == null ? b.results.get(i) : null, failure);
                }
            }
        } catch (RuntimeException | Error e) {
            for (EditQueue.Queued q : batch) {
                settle(q, null, e); // no-op for those already answered
            }
            throw e;
        }
    }

    /** Answers a queued edit once, giving its place among the writes in progress back first. */
    private void settle(EditQueue.Queued q, EditResult result, Throwable failure) {
        if (!q.settle()) {
            return;
        }
        operatorWrites.release();
        if (failure == null) {
            q.answer.complete(result);
        } else {
            q.answer.completeExceptionally(failure);
        }
    }

    /** One port's accepted edits of a batch, their answers, and the staged write of the last tree. */
    private static final class PortBatch {
        final List<EditQueue.Queued> accepted = new ArrayList<>();
        final List<EditResult> results = new ArrayList<>();
        HsdbaStore.Commit commit;
    }

    /**
     * Under the write lock: one port's edits of a batch, in order; refused ones answered here.
     * Returns the staged write of the accepted ones, or null if none was accepted.
     */
    private PortBatch stageBatch(PortRef port, List<EditQueue.Queued> queued) {
        for (int attempt = 0; ; attempt++) {
            PortBatch b = new PortBatch();
            Map<EditQueue.Queued, RuntimeException> refused = new java.util.IdentityHashMap<>();
            List<BandwidthTree> before = new ArrayList<>();
            BandwidthTree current = store.latestTree(port).orElse(null);
            BandwidthTree running = current;
            ResolvedTree runningResolved = current == null ? null : admitted.of(current);
            // Each accepted edit's chain, joined once for the batch (joined pairwise, the lists were
            // copied once per edit: quadratic in the batch).
            List<EditChain> chains = new ArrayList<>();
            boolean chainKnown = true;
            for (EditQueue.Queued q : queued) {
                List<String> removed = new ArrayList<>();
                Step step;
                try {
                    step = nextTree(port, running, q.expected, false, Writer.OPERATOR,
                            editChange(port, q.edit, t -> { }, removed));
                } catch (RuntimeException e) {
                    refused.put(q, e);
                    continue;
                }
                before.add(running);
                b.accepted.add(q);
                b.results.add(new EditResult(step.next, removed, step.resolved));
                if (step.chain == null || !chainKnown) {
                    chainKnown = false;
                    chains.clear();
                } else {
                    chains.add(step.chain);
                }
                running = step.next;
                runningResolved = step.resolved;
                admitted.stored(running, runningResolved); // the next edit is admitted from this one
            }
            if (!b.accepted.isEmpty()) {
                try {
                    b.commit = writer.write(current, running, runningResolved, chainKnown ? EditChain.join(chains) : null);
                } catch (VersionConflictException e) {
                    // Another cluster member wrote the tree meanwhile: the batch again on its tree.
                    if (attempt < WRITE_RETRIES) {
                        continue;
                    }
                    refused.clear();
                    for (EditQueue.Queued q : queued) {
                        refused.put(q, e);
                    }
                    b.accepted.clear();
                }
            }
            for (int i = 0; i < b.accepted.size(); i++) {
                operatorLog.wrote(port, before.get(i), label(b.accepted.get(i).edit));
            }
            for (Map.Entry<EditQueue.Queued, RuntimeException> r : refused.entrySet()) {
                settle(r.getKey(), null, r.getValue());
            }
            return b.accepted.isEmpty() ? null : b;
        }
    }

    /**
     * Deletes a joined subtree whose time is up, unless the tree changed since the poll looked at
     * it so that it is no longer prunable (adopted, pinned, a declared node added below): then
     * {@link NotFoundException}. Returns how many nodes went. Package-private for tests.
     */
    int prune(PortRef port, String nodeId) {
        EditResult r = edit(port, TreeEdit.deleteSubtree(nodeId), Precondition.NONE, Writer.MEMBERSHIP, current -> {
            int i = current.indexOf(nodeId);
            if (i >= 0 && ActivityTracker.exemptFromPruning(current)[i]) {
                throw new NotFoundException(current.path(i) + " is no longer prunable (declared, pinned or above one)");
            }
        });
        return r.removedNodes().size();
    }

    @Override
    public BandwidthTree setLevels(PortRef port, List<LevelSpec> levels, Precondition expected) {
        Objects.requireNonNull(levels, "levels");
        return write(port, expected, false, Writer.OPERATOR, "set levels",
                current -> admitInFull(current.toBuilder().levels(levels).build())).tree;
    }

    @Override
    public BandwidthTree undo(PortRef port, Precondition expected) {
        synchronized (writeLock) {
            return write(port, expected, false, Writer.UNDO, null, current -> {
                OperatorLog.Step step = operatorLog.peekUndo(port);
                if (step == null) {
                    throw new NotFoundException("nothing to undo on " + port + " (this instance keeps the last "
                            + OperatorLog.DEPTH + " operator writes since it started)");
                }
                return admitInFull(Membership.merge(step.tree, current));
            }).tree;
        }
    }

    @Override
    public BandwidthTree redo(PortRef port, Precondition expected) {
        synchronized (writeLock) {
            return write(port, expected, false, Writer.REDO, null, current -> {
                OperatorLog.Step step = operatorLog.peekRedo(port);
                if (step == null) {
                    throw new NotFoundException("nothing to redo on " + port);
                }
                return admitInFull(Membership.merge(step.tree, current));
            }).tree;
        }
    }

    @Override
    public OperatorHistory operatorHistory(PortRef port) {
        synchronized (writeLock) {
            store.tree(port).orElseThrow(() -> noTree(port));
            return operatorLog.history(port);
        }
    }

    /** Who writes: the operator (a new operator version, an undo step), or membership (joins, prunes: neither). */
    private enum Writer { OPERATOR, UNDO, REDO, MEMBERSHIP }

    private static String label(TreeEdit edit) {
        switch (edit.kind()) {
            case ADD:
                return "add " + edit.nodeId();
            case UPDATE:
                return "update " + edit.nodeId();
            case MOVE:
                return "move " + edit.nodeId();
            case DELETE_SUBTREE:
                return "delete " + edit.nodeId();
            default:
                return "replace " + edit.nodeId();
        }
    }

    /** A generation for a tree created now: random, 48 bits (exact in a JavaScript number), never 0. */
    private static long newGeneration() {
        return ThreadLocalRandom.current().nextLong(1, 1L << 48);
    }

    /**
     * The one write path of a tree: under the write lock, read the current tree, check the
     * expected version, build the next tree and admit it, check the switch's selectors,
     * compare-and-set it into the store with version + 1. A conflict with another cluster
     * member's write is retried unless the caller named a version. {@code change} gets the current
     * tree, or null if there is none and {@code mayCreate} (otherwise a missing tree is a
     * {@link NotFoundException}); it throws {@link InvalidTreeException} for a structurally
     * invalid result.
     *
     * <p>The write lock is held to admit and stage the write (in memory, ordered), not while the
     * store makes it durable: that wait comes after, so concurrent writers share one fsync
     * ({@link HsdbaStore#stageTree}). Writes build on the latest staged trees, readers and the
     * switches see durable ones.
     */
    private Written write(PortRef port, Precondition expected, boolean mayCreate, Writer who, String label,
                          Function<BandwidthTree, Candidate> change) {
        Objects.requireNonNull(expected, "expected");
        if (who == Writer.MEMBERSHIP) {
            return writeGated(port, expected, mayCreate, who, label, change);
        }
        enterOperatorWrite();
        try {
            return writeGated(port, expected, mayCreate, who, label, change);
        } finally {
            operatorWrites.release();
        }
    }

    /** Takes a place among the operator writes in progress, or refuses the write as busy. */
    private void enterOperatorWrite() {
        if (!operatorWrites.tryAcquire()) {
            throw new BusyException(MAX_OPERATOR_WRITES + " configuration writes are in progress; nothing was done,"
                    + " send it again in " + BUSY_RETRY_SECONDS + " s", BUSY_RETRY_SECONDS);
        }
    }

    /** Operator writes in progress (for tests and the metrics). */
    public int operatorWritesInProgress() {
        return MAX_OPERATOR_WRITES - operatorWrites.availablePermits();
    }

    /**
     * Under the write lock: the tree {@code change} makes of {@code current} (null: none), with
     * the next version, checked (precondition, admission, selectors, the switch's room); throws
     * the refusal. Writes nothing.
     */
    private Step nextTree(PortRef port, BandwidthTree current, Precondition expected, boolean mayCreate, Writer who,
                          Function<BandwidthTree, Candidate> change) {
        long currentVersion = current == null ? 0 : current.version();
        expected.check(port, current);
        if (current == null && !mayCreate) {
            throw noTree(port);
        }
        Candidate candidate = change.apply(current);
        long operatorVersion = current == null ? 0 : current.operatorVersion();
        long generation = current == null ? newGeneration() : current.generation();
        if (who != Writer.MEMBERSHIP) {
            operatorVersion++;
        }
        // The resolved tree, the stored one and the end of the edit chain are one object.
        ResolvedTree resolved = candidate.resolved == null ? null
                : candidate.resolved.withVersions(currentVersion + 1, operatorVersion, generation);
        BandwidthTree next = resolved != null ? resolved.tree()
                : candidate.tree.withVersions(currentVersion + 1, operatorVersion, generation);
        List<Violation> violations = new ArrayList<>(candidate.violations);
        violations.addAll(selectorViolations(withTree(store.latestTrees(), next)));
        if (current == null && who == Writer.OPERATOR) {
            violations.addAll(portViolations(next));
        }
        if (violations.isEmpty() && who != Writer.MEMBERSHIP) {
            violations.addAll(switchAdmission.fit(port, withTree(store.latestTrees(), next)));
        }
        if (!violations.isEmpty()) {
            throw new InvalidTreeException(violations);
        }
        return new Step(next, resolved, candidate.chain == null ? null : candidate.chain.endingAt(resolved));
    }

    /** A checked next tree: its admitted form (null if not kept) and the edits that made it (null if unknown). */
    private static final class Step {
        final BandwidthTree next;
        final ResolvedTree resolved;
        final EditChain chain;

        Step(BandwidthTree next, ResolvedTree resolved, EditChain chain) {
            this.next = next;
            this.resolved = resolved;
            this.chain = chain;
        }
    }

    private Written writeGated(PortRef port, Precondition expected, boolean mayCreate, Writer who, String label,
                               Function<BandwidthTree, Candidate> change) {
        Written written;
        HsdbaStore.Commit commit;
        synchronized (writeLock) {
            for (int attempt = 0; ; attempt++) {
                BandwidthTree current = store.latestTree(port).orElse(null);
                Step step = nextTree(port, current, expected, mayCreate, who, change);
                BandwidthTree next = step.next;
                ResolvedTree resolved = step.resolved;
                try {
                    commit = writer.write(current, next, resolved, step.chain);
                } catch (VersionConflictException e) {
                    // Another writer (a join elsewhere in the cluster) got there first: the
                    // precondition is checked again on the new tree.
                    if (attempt >= WRITE_RETRIES) {
                        throw e;
                    }
                    continue;
                }
                if (who == Writer.OPERATOR && current != null) {
                    operatorLog.wrote(port, current, label);
                } else if (who == Writer.UNDO) {
                    operatorLog.undone(port, current);
                } else if (who == Writer.REDO) {
                    operatorLog.redone(port, current);
                }
                written = new Written(next, resolved);
                break;
            }
        }
        commit.await(); // durable (with whatever else was staged meanwhile), or throws
        return written;
    }

    /** A durable write: the tree, and its admitted form if the write kept it (else null). */
    private static final class Written {
        final BandwidthTree tree;
        final ResolvedTree resolved;

        Written(BandwidthTree tree, ResolvedTree resolved) {
            this.tree = tree;
            this.resolved = resolved;
        }
    }

    /** A tree to write: admitted, or with its admission violations; the edit that made it, if known. */
    private static final class Candidate {
        final BandwidthTree tree;
        final ResolvedTree resolved;
        final List<Violation> violations;
        final EditChain chain;

        Candidate(BandwidthTree tree, ResolvedTree resolved, List<Violation> violations, EditChain chain) {
            this.tree = tree;
            this.resolved = resolved;
            this.violations = violations;
            this.chain = chain;
        }
    }

    private static Candidate admitInFull(BandwidthTree next) {
        try {
            return new Candidate(next, Admission.admit(next), List.of(), null);
        } catch (InvalidTreeException e) {
            return new Candidate(next, null, e.violations(), null);
        }
    }

    /**
     * The edited tree, admitted from the admitted current tree re-resolving only what the edit
     * touches (same violations as a full check). A structurally invalid result throws, as
     * {@link TreeEdit#applyTo} does. Under the write lock.
     */
    private Candidate admitEdit(BandwidthTree current, TreeEdit edit) {
        ResolvedTree base = admitted.of(current);
        if (base == null) {
            return admitInFull(edit.applyTo(current));
        }
        AppliedEdit applied = edit.apply(base.tree()); // structural violations throw from here
        try {
            ResolvedTree next = Admission.admit(base, applied);
            return new Candidate(next.tree(), next, List.of(), EditChain.of(base, applied, next));
        } catch (InvalidTreeException e) {
            return new Candidate(applied.after(), null, e.violations(), null); // valid but not admissible
        }
    }

    /** The trees with {@code tree} in place of the one of its port (or added). */
    private static List<BandwidthTree> withTree(List<BandwidthTree> trees, BandwidthTree tree) {
        List<BandwidthTree> out = new ArrayList<>();
        for (BandwidthTree t : trees) {
            if (!t.port().equals(tree.port())) {
                out.add(t);
            }
        }
        out.add(tree);
        return out;
    }

    /** A switch must tell its trees apart by their port selectors ({@link PortSelector#check}), device by device. */
    private static List<Violation> selectorViolations(List<BandwidthTree> trees) {
        Map<String, List<BandwidthTree>> byDevice = new TreeMap<>();
        trees.forEach(t -> byDevice.computeIfAbsent(t.port().deviceId(), d -> new ArrayList<>()).add(t));
        List<Violation> out = new ArrayList<>();
        byDevice.values().forEach(ts -> out.addAll(PortSelector.check(ts)));
        return out;
    }

    /**
     * A new tree for a port the connected switch does not have would be installed and enforce
     * nothing: refused, naming the switch's ports. A switch not connected yet is not checked (its
     * device status then shows the port as managed but absent).
     */
    private List<Violation> portViolations(BandwidthTree tree) {
        PofSwitch sw = connected(tree.port().deviceId());
        if (sw == null) {
            return List.of();
        }
        List<Long> ports = new ArrayList<>();
        for (PortDesc p : sw.ports()) {
            ports.add(p.portId() & 0xFFFF_FFFFL);
        }
        if (ports.contains(tree.port().port())) {
            return List.of();
        }
        return List.of(new Violation(org.hsdba.model.ViolationCode.BAD_PARAMETER, null, "port", "switch "
                + tree.port().deviceId() + " has no port " + tree.port().port() + " (its ports: "
                + ports.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")"));
    }

    @Override
    public List<org.hsdba.api.Warning> warnings(PortRef port) {
        return switchAdmission.warnings(Objects.requireNonNull(port, "port"));
    }

    private static NotFoundException noTree(PortRef port) {
        return new NotFoundException("no tree for port " + port.port() + " of " + port.deviceId());
    }

    // ------------------------------------------------------------------ parameters and configuration

    @Override
    public HsdbaParameters parameters() {
        return store.parameters();
    }

    @Override
    public HsdbaParameters setParameters(HsdbaParameters parameters) {
        Objects.requireNonNull(parameters, "parameters");
        enterOperatorWrite();
        try {
            synchronized (writeLock) {
                store.setParameters(parameters);
            }
        } finally {
            operatorWrites.release();
        }
        return parameters;
    }

    @Override
    public ParametersPreview previewParameters(HsdbaParameters parameters) {
        Objects.requireNonNull(parameters, "parameters");
        List<ParametersPreview.Device> out = new ArrayList<>();
        for (DeviceAgent a : agents.values()) {
            PofSwitch sw = a.session();
            if (sw != null) {
                out.add(ParameterImpact.of(a, sw, parameters));
            }
        }
        out.sort(java.util.Comparator.comparing(ParametersPreview.Device::id));
        return new ParametersPreview(parameters, out);
    }

    @Override
    public HsdbaConfig exportConfig() {
        return HsdbaConfig.of(store.parameters().toRuntime(), store.trees());
    }

    @Override
    public void importConfig(HsdbaConfig config) {
        Objects.requireNonNull(config, "config");
        enterOperatorWrite();
        try {
            importGated(config);
        } finally {
            operatorWrites.release();
        }
    }

    private void importGated(HsdbaConfig config) {
        synchronized (writeLock) {
            HsdbaParameters params = store.parameters().withRuntime(config.runtime());
            List<Violation> violations = new ArrayList<>();
            List<BandwidthTree> trees = new ArrayList<>();
            for (BandwidthTree t : config.trees()) {
                BandwidthTree current = store.latestTree(t.port()).orElse(null);
                BandwidthTree next = current == null ? t.withVersions(1, 1, newGeneration())
                        : t.withVersions(current.version() + 1, current.operatorVersion() + 1, current.generation());
                violations.addAll(Admission.check(next));
                trees.add(next);
            }
            violations.addAll(selectorViolations(trees));
            if (violations.isEmpty()) {
                trees.stream().map(BandwidthTree::port).collect(Collectors.toMap(PortRef::deviceId, p -> p, (a, b) -> a))
                        .values().forEach(p -> violations.addAll(switchAdmission.fit(p, trees)));
            }
            if (!violations.isEmpty()) {
                throw new InvalidTreeException(violations);
            }
            journal.clear(); // imported trees are not edits of the stored ones
            operatorLog.clear();
            store.replaceAll(trees, params);
        }
    }

    // ------------------------------------------------------------------ preview

    @Override
    public PreviewResult preview(PortRef port, TreeEdit edit, Map<String, Double> demandsBps) {
        BandwidthTree current = store.tree(port).orElseThrow(() -> noTree(port));
        BandwidthTree candidate;
        try {
            candidate = edit.applyTo(current);
        } catch (InvalidTreeException e) {
            return new PreviewResult(null, e.violations(), null);
        }
        return preview(candidate, demandsBps);
    }

    @Override
    public PreviewResult preview(BandwidthTree tree, Map<String, Double> demandsBps) {
        // What a write would refuse: admission, then the switch's selectors with this tree in place of its port's.
        List<Violation> violations = new ArrayList<>(Admission.check(tree));
        violations.addAll(PortSelector.check(withTree(desiredTrees(tree.port().deviceId()), tree)));
        if (violations.isEmpty()) {
            violations.addAll(switchAdmission.fit(tree.port(), withTree(desiredTrees(tree.port().deviceId()), tree)));
        }
        if (!violations.isEmpty()) {
            return new PreviewResult(tree, violations, null);
        }
        Allocation after = Allocator.allocate(Admission.admit(tree), demands(tree, demandsBps, true));
        PreviewResult result = new PreviewResult(tree, List.of(), after);
        BandwidthTree current = store.tree(tree.port()).orElse(null);
        if (current == null) {
            return result;
        }
        ResolvedTree before;
        try {
            before = Admission.admit(current);
        } catch (InvalidTreeException e) {
            return result; // nothing admissible to compare with
        }
        // The same demands on the tree as it is: given ones where the node is a leaf there, line rate for the other leaves.
        Allocation now = Allocator.allocate(before, demands(current, demandsBps, false));
        return result.withChanges(EffectiveChanges.between(now, after));
    }

    /**
     * Demand per node of {@code tree}: given ones for leaves, the line rate for leaves without
     * one (their share under full load), 0 for the rest. {@code strict}: a demand for an unknown
     * node or a non-leaf is an {@link IllegalArgumentException}; otherwise it is left out.
     */
    private static double[] demands(BandwidthTree tree, Map<String, Double> demandsBps, boolean strict) {
        double[] demand = new double[tree.size()];
        for (int i = 0; i < tree.size(); i++) {
            demand[i] = tree.isLeaf(i) ? tree.capacity().asDouble() : 0;
        }
        for (Map.Entry<String, Double> e : demandsBps.entrySet()) {
            int i = tree.indexOf(e.getKey());
            if (i < 0 || !tree.isLeaf(i)) {
                if (!strict) {
                    continue;
                }
                if (i < 0) {
                    throw new org.hsdba.api.NoSuchLeafException(e.getKey(), "demand for unknown node \""
                            + e.getKey() + "\" under " + tree.rootPath());
                }
                throw new org.hsdba.api.NoSuchLeafException(e.getKey(), "demand for " + tree.path(i)
                        + ", which is not a leaf: demands are given for leaves, the rest is summed");
            }
            Double d = e.getValue();
            if (d == null || !(d >= 0) || d.isInfinite()) {
                throw new IllegalArgumentException("demand " + d + " b/s for " + tree.path(i) + " must be a finite rate >= 0");
            }
            demand[i] = d;
        }
        return demand;
    }

    // ------------------------------------------------------------------ live state

    @Override
    public PortState state(PortRef port) {
        BandwidthTree tree = store.tree(port).orElseThrow(() -> noTree(port));
        if (!mastership.isMaster(port.deviceId())) {
            // Only the master reads the counters; what this instance holds is old or nothing.
            return monitor.stateOfOtherMaster(tree);
        }
        return monitor.state(tree, nodeErrors(port));
    }

    @Override
    public List<HistorySample> history(PortRef port, String nodeId) {
        return monitor.history(store.tree(port).orElseThrow(() -> noTree(port)), nodeId);
    }

    private Map<String, String> nodeErrors(PortRef port) {
        DeviceAgent a = agents.get(port.deviceId());
        Map<String, String> m = a == null ? null : a.nodeErrors.get(port);
        return m == null ? Map.of() : m;
    }

    // ------------------------------------------------------------------ events

    @Override
    public List<HsdbaEvent> events(int limit) {
        return eventLog.newest(limit);
    }

    @Override
    public void addListener(HsdbaListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeListener(HsdbaListener listener) {
        listeners.remove(listener);
    }

    private void emit(HsdbaEvent e) {
        eventLog.add(e);
        LOG.debug("{}", e);
        for (HsdbaListener l : listeners) {
            try {
                if (l.isRelevant(e)) {
                    l.event(e);
                }
            } catch (RuntimeException ex) {
                LOG.warn("hsdba listener {} failed on {}", l, e, ex);
            }
        }
    }

    // ------------------------------------------------------------------ lanes

    private DeviceAgent agent(String deviceId) {
        return agents.computeIfAbsent(deviceId, id -> new DeviceAgent(id, agentContext));
    }

    private List<BandwidthTree> desiredTrees(String deviceId) {
        return store.trees().stream().filter(t -> t.port().deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    private void onTreeChanged(PortRef port) {
        if (store.tree(port).isEmpty()) {
            monitor.forget(port);
        }
        agent(port.deviceId()).reconcile();
    }

    private void onParametersChanged(HsdbaParameters p) {
        HsdbaParameters before = appliedParameters;
        appliedParameters = p;
        if (!p.pollingPeriod().equals(pollPeriod)) {
            schedulePolling(p.pollingPeriod());
        }
        // Each agent compares its program's parameters with these: what the program carries is
        // rewritten in place; only a device whose enforcement mode changes is reprogrammed.
        for (DeviceAgent a : agents.values()) {
            a.resetJoinBucket();
            lanes.execute(a.deviceId, a::reconcile);
        }
    }

    private synchronized void schedulePolling(Duration period) {
        if (pollTask != null) {
            pollTask.cancel(false);
        }
        pollPeriod = period;
        long nanos = period.toNanos();
        // Ticks of 1/SALTS_PER_POLL period: every last one polls, the others change the salts.
        long tick = nanos / DeviceProgram.SALTS_PER_POLL;
        pollTask = scheduler.scheduleWithFixedDelay(() -> lanes.offer(Lanes.MANAGER, this::tick), tick, tick,
                TimeUnit.NANOSECONDS);
    }

    /**
     * Manager lane: hands each device its poll or salt change on its own lane. Offered, not
     * queued: a device whose lane is full (a flood) skips this round instead of piling up rounds.
     */
    private void tick() {
        if (++ticks % DeviceProgram.SALTS_PER_POLL == 0) {
            pollAll();
            return;
        }
        for (DeviceAgent a : agents.values()) {
            if (mastership.isMaster(a.deviceId)) {
                lanes.offer(a.deviceId, () -> monitor.resalt(a));
            }
        }
    }

    private void pollAll() {
        for (DeviceAgent a : agents.values()) {
            if (mastership.isMaster(a.deviceId)) {
                lanes.offer(a.deviceId, () -> monitor.poll(a));
            }
        }
    }

    private void onEntryStatus(PofSwitch sw, HxEntryStatus status) {
        DeviceAgent a = agents.get(DeviceIds.of(sw.deviceId()));
        DeviceProgram program = a == null ? null : a.confirmed();
        if (a != null && a.session() == sw && program != null) {
            monitor.entryStatus(a, program, status);
        }
    }

    /** The agent's view of the manager. */
    private final class AgentContext implements DeviceAgent.Context {
        @Override
        public List<BandwidthTree> desiredTrees(String deviceId) {
            return HsdbaManager.this.desiredTrees(deviceId);
        }

        @Override
        public HsdbaParameters parameters() {
            return store.parameters();
        }

        @Override
        public ProgramCompiler compiler() {
            return compiler;
        }

        @Override
        public EditHistory history() {
            return journal;
        }

        @Override
        public boolean isMaster(String deviceId) {
            return mastership.isMaster(deviceId);
        }

        @Override
        public TimeSource time() {
            return time;
        }

        @Override
        public void execute(String deviceId, Runnable task) {
            lanes.execute(deviceId, task);
        }

        @Override
        public void executeFromAdapter(String deviceId, Runnable task) {
            fromAdapter(deviceId, task);
        }

        @Override
        public void emit(HsdbaEvent event) {
            HsdbaManager.this.emit(event);
        }

        @Override
        public void confirmed(DeviceAgent agent, DeviceProgram program) {
            if (agent.pendingJoins.isEmpty()) {
                return;
            }
            Map<PortRef, BandwidthTree> installed = PendingJoin.treesByPort(program);
            Iterator<PendingJoin> it = agent.pendingJoins.values().iterator();
            while (it.hasNext()) {
                PendingJoin j = it.next();
                if (j.installedIn(installed)) {
                    it.remove();
                    joined(j); // unless the confirmation announced it already
                } else if (store.tree(j.node.port()).map(stored -> !stored.contains(j.node.nodeId())).orElse(true)) {
                    it.remove(); // removed before it was installed
                }
            }
        }

        @Override
        public void joinsConfirmed(DeviceAgent agent, PofSwitch sw, List<PendingJoin> confirmed) {
            if (agent.session() == sw) {
                confirmed.forEach(this::joined);
            }
        }

        private void joined(PendingJoin j) {
            if (j.announce()) {
                emit(HsdbaEvent.node(time.wallMillis(), HsdbaEvent.Type.NODE_JOINED, j.node.port(), j.node.nodeId(),
                        PendingJoin.joinedMessage(time.nanoTime() - j.arrivalNanos)));
            }
        }

        @Override
        public void joinRejected(DeviceAgent agent, PendingJoin join, String reason) {
            agent.joinsAccepted.decrementAndGet();
            joins.refuse(agent, join.node.port(), join.node.nodeId(), reason);
            try {
                edit(join.node.port(), TreeEdit.deleteSubtree(join.node.nodeId()), Precondition.NONE, Writer.MEMBERSHIP,
                        current -> { });
            } catch (NotFoundException | InvalidTreeException e) {
                LOG.debug("rejected join {} already gone: {}", join.node, e.getMessage());
            }
        }
    }

    /** Store changes, from this instance or another, go to the device's lane (parameters: the manager's). */
    private final class StoreListener implements HsdbaStoreListener {
        @Override
        public void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
            DeviceAgent a = tree.isPresent() ? agents.get(port.deviceId()) : null;
            if (a != null && a.reconcileFollows) {
                // A join drain runs on the lane and reconciles at its end: the change is left to it.
                // Noted first, the flag read again after: the drain clears the flag before it
                // takes the note, so either it sees the note or this sees the flag down.
                a.changesTaken.set(true);
                if (a.reconcileFollows) {
                    return;
                }
            }
            lanes.execute(port.deviceId(), () -> onTreeChanged(port));
        }

        @Override
        public void parametersChanged(HsdbaParameters parameters) {
            lanes.execute(Lanes.MANAGER, () -> onParametersChanged(parameters));
        }
    }

    /** Switch events go to the switch's lane; join packet-ins pass the rate limit and the lane's bound first. */
    private final class SwitchListener implements PofSwitchListener {
        @Override
        public void switchReady(PofSwitch sw) {
            String id = DeviceIds.of(sw.deviceId());
            lanes.execute(id, () -> agent(id).onReady(sw));
        }

        @Override
        public void switchDisconnected(PofSwitch sw, String reason) {
            String id = DeviceIds.of(sw.deviceId());
            lanes.execute(id, () -> {
                DeviceAgent a = agents.get(id);
                if (a != null) {
                    a.onDisconnected(sw, reason);
                    monitor.disconnected(a.deviceId);
                }
            });
        }

        @Override
        public void switchRefused(InetSocketAddress remote, long deviceId, String reason) {
            // The adapter closed it during its handshake: no agent, no program; the event says why.
            emit(HsdbaEvent.device(time.wallMillis(), HsdbaEvent.Type.ERROR,
                    deviceId < 0 ? "pof:unknown" : DeviceIds.of(deviceId),
                    "switch at " + remote + " turned away: " + reason));
        }

        @Override
        public void packetIn(PofSwitch sw, PacketIn packetIn) {
            long arrival = time.nanoTime();
            DeviceAgent a = agents.get(DeviceIds.of(sw.deviceId()));
            if (a == null || !a.admitPacketIn()) {
                return;
            }
            if (!joins.offer(a, sw, packetIn, arrival)) {
                a.joinsRateLimited.incrementAndGet(); // its lane is full: refused at the edge, like the rate limit
            }
        }

        @Override
        public void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
            if (cause != null) {
                return; // a request's error: reported through the request's future
            }
            String id = DeviceIds.of(sw.deviceId());
            lanes.offer(id, () -> {
                DeviceAgent a = agents.get(id);
                if (a != null && a.session() == sw) {
                    monitor.throttledError(a, "switch " + a.deviceId + " reported ERROR type " + error.errorType() + " code "
                            + error.code() + " " + error.errorString());
                }
            });
        }

        @Override
        public void message(PofSwitch sw, PofMessage message) {
            if (message instanceof HxEntryStatus) {
                // Droppable: a status lost to a full lane is corrected by the next counter reading.
                lanes.offer(DeviceIds.of(sw.deviceId()), () -> onEntryStatus(sw, (HxEntryStatus) message));
            }
        }
    }
}
