package org.hsdba.impl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.Enforcement;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.JoinCounters;
import org.hsdba.api.ModePreference;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofErrorException;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.SwitchMode;

/**
 * Programs one device: installs the full program when the switch is ready (it was wiped by the
 * HELLO), then keeps it equal to the stored trees and run-time parameters with incremental
 * changes, one change in flight at a time (changes that pile up meanwhile are merged into the next
 * one). A parameter change is such a change too (entries and blocks rewritten in place, the
 * session kept); only a change of the device's enforcement mode reprograms it from scratch.
 *
 * <p>Errors: if the switch rejects a message of an incremental change, the agent does not try to
 * undo it message by message (which of the messages took effect is unknown: the switch goes on
 * after an ERROR); it <b>reprograms the whole switch</b>: it closes the session, the switch
 * reconnects, the HELLO wipes it, and the full program of the current trees is installed. Joined
 * nodes whose entry the switch rejected are removed from the tree first, so they do not fail
 * again. If the full install fails, the device stays "not programmed" with the error shown and is
 * retried (by another wipe) at the next change of its trees or of the parameters, not in a loop.
 * The error is always shown on the device ({@code lastError}), on the node it names, and as an
 * ERROR event. All methods run on the device's lane ({@link Lanes}: one thread at a time), except
 * the status getters.
 */
final class DeviceAgent {

    /** What the agent needs from the manager. */
    interface Context {
        /** The device's stored trees, by port. */
        List<BandwidthTree> desiredTrees(String deviceId);

        HsdbaParameters parameters();

        ProgramCompiler compiler();

        /** How the trees got to their versions, for incremental program updates. */
        EditHistory history();

        boolean isMaster(String deviceId);

        TimeSource time();

        /** Runs {@code task} on the device's lane, after what is queued there. */
        void execute(String deviceId, Runnable task);

        /**
         * From an adapter thread (a send's completion): {@code task} on the device's lane, run on
         * the calling thread if the lane is idle (no hand-off), else queued like {@link #execute}.
         */
        void executeFromAdapter(String deviceId, Runnable task);

        void emit(HsdbaEvent event);

        /** The switch confirmed {@code program}: settle joins, start tracking its nodes. */
        void confirmed(DeviceAgent agent, DeviceProgram program);

        /**
         * Any thread, the moment session {@code sw} confirmed a change holding the entries of
         * {@code joins}: announce them (NODE_JOINED) if {@code sw} is still the agent's session,
         * without waiting for the lane; {@link #confirmed} settles them afterwards on the lane.
         */
        void joinsConfirmed(DeviceAgent agent, PofSwitch sw, List<PendingJoin> joins);

        /** The entry of a node that joined cannot be installed ({@code reason}); remove it from its tree. */
        void joinRejected(DeviceAgent agent, PendingJoin join, String reason);
    }

    private enum Kind { INSTALL, UPDATE, PARAMETERS, STEP }

    final String deviceId;
    final ActivityTracker activity = new ActivityTracker();
    /** Node errors per port: node id to the switch's complaint. */
    final Map<PortRef, Map<String, String>> nodeErrors = new ConcurrentHashMap<>();
    final Map<NodeRef, PendingJoin> pendingJoins = new LinkedHashMap<>();
    final AtomicLong joinsAccepted = new AtomicLong();
    final AtomicLong joinsRefused = new AtomicLong();
    final AtomicLong joinsRateLimited = new AtomicLong();
    final AtomicLong joinsIgnored = new AtomicLong();
    /**
     * Set while a lane task that ends by calling {@link #reconcile} runs (a join drain): a tree
     * change the store reports meanwhile is then only noted in {@link #changesTaken} instead of
     * queueing a lane task of its own (a pool thread woken per join for an update that finds
     * nothing to do). The event comes after its write is durable, the reconcile reads the store
     * after the flag is cleared, so the change is not missed.
     */
    volatile boolean reconcileFollows;
    /** A store change was left to the reconcile that follows (set before the flag is read again). */
    final AtomicBoolean changesTaken = new AtomicBoolean();

    private final Context ctx;
    private volatile TokenBucket joinBucket;
    private volatile PofSwitch session;
    private volatile DeviceMode mode = DeviceMode.UNKNOWN;
    /** Tree versions by port of the program the switch confirmed; null while none is. */
    private volatile Map<PortRef, Long> installed;
    private volatile String lastError;
    /** The trees of the program the switch confirmed, by port (what it enforces); empty without one. */
    private volatile Map<PortRef, BandwidthTree> enforced = Map.of();
    /** Why the switch does not run the stored trees (programming failed), until a program is confirmed. */
    private volatile String programmingError;
    /** Volatile: read by the parameters preview and entry-status handling off the lane. */
    private volatile DeviceProgram confirmed;
    /** When the current session became ready, and how long its full install took (-1: none yet). */
    private volatile long readyNanos;
    private volatile long installNanos = -1;
    /**
     * A change is at the switch, its confirmation not handled yet. Written on the lane; volatile
     * because the adapter's threads read it ({@link #sending}): a join arriving then cannot be sent
     * before that confirmation.
     */
    private volatile boolean busy;
    private boolean failed;
    private boolean wiping;
    boolean readingInFlight;

    DeviceAgent(String deviceId, Context ctx) {
        this.deviceId = deviceId;
        this.ctx = ctx;
        resetJoinBucket();
    }

    // ---- status, readable from any thread

    PofSwitch session() {
        return session;
    }

    DeviceMode mode() {
        return session == null ? DeviceMode.UNKNOWN : mode;
    }

    /** True if the switch holds a confirmed program of exactly these trees (by port and version). */
    boolean isProgrammed(List<BandwidthTree> desired) {
        Map<PortRef, Long> have = installed;
        return session != null && have != null && have.equals(versions(desired));
    }

    private static Map<PortRef, Long> versions(List<BandwidthTree> trees) {
        Map<PortRef, Long> m = new java.util.HashMap<>();
        trees.forEach(t -> m.put(t.port(), t.version()));
        return m;
    }

    String lastError() {
        return lastError;
    }

    /** Which version of {@code stored} the switch enforces, and why not the stored one. Any thread. */
    Enforcement enforcement(BandwidthTree stored) {
        long port = stored.port().port();
        if (session == null) {
            return new Enforcement(port, stored.operatorVersion(), null, Enforcement.Status.NOT_CONNECTED, null);
        }
        BandwidthTree runs = enforced.get(stored.port());
        Long version = runs == null ? null : runs.operatorVersion();
        if (runs != null && runs.generation() == stored.generation() && runs.version() == stored.version()) {
            return new Enforcement(port, stored.operatorVersion(), version, Enforcement.Status.ENFORCED, null);
        }
        String error = programmingError;
        return error != null ? new Enforcement(port, stored.operatorVersion(), version, Enforcement.Status.FAILED, error)
                : new Enforcement(port, stored.operatorVersion(), version, Enforcement.Status.PENDING, null);
    }

    /** Any thread: a change was sent and its confirmation has not been handled yet. */
    boolean sending() {
        return busy;
    }

    JoinCounters joins() {
        return new JoinCounters(joinsAccepted.get(), joinsRefused.get(), joinsRateLimited.get(), joinsIgnored.get());
    }

    /** Rate limit of join packet-ins; thread-safe, called on adapter threads. */
    boolean admitPacketIn() {
        if (joinBucket.tryTake(ctx.time().nanoTime())) {
            return true;
        }
        joinsRateLimited.incrementAndGet();
        return false;
    }

    void resetJoinBucket() {
        HsdbaParameters p = ctx.parameters();
        joinBucket = new TokenBucket(p.joinRatePerSecond(), p.joinBurst(), ctx.time().nanoTime());
    }

    /**
     * From the session's start to its full program confirmed (compile and install), nanoseconds,
     * at the last connection; -1 before the first. What a reprogram costs besides the reconnect.
     */
    long installNanos() {
        return installNanos;
    }

    /** The program the switch holds and confirmed, or null. */
    DeviceProgram confirmed() {
        return confirmed;
    }

    // ---- life cycle (the device's lane)

    void onReady(PofSwitch sw) {
        session = sw;
        readyNanos = ctx.time().nanoTime();
        busy = false;
        wiping = false;
        failed = false;
        confirmed = null;
        installed = null;
        enforced = Map.of();
        readingInFlight = false;
        activity.clear();
        ctx.emit(HsdbaEvent.device(ctx.time().wallMillis(), HsdbaEvent.Type.SWITCH_CONNECTED, deviceId,
                "switch connected from " + sw.remoteAddress() + ", " + describe(sw.mode())));
        reconcile();
    }

    void onDisconnected(PofSwitch sw, String reason) {
        if (sw != session) {
            return;
        }
        session = null;
        confirmed = null;
        enforced = Map.of();
        busy = false;
        installed = null;
        readingInFlight = false;
        boolean planned = wiping;
        wiping = false;
        ctx.emit(HsdbaEvent.device(ctx.time().wallMillis(), HsdbaEvent.Type.SWITCH_DISCONNECTED, deviceId,
                (planned ? "reprogramming: " : "") + reason));
    }

    /** The trees or the parameters changed, or a change just completed: bring the switch up to date. */
    void reconcile() {
        PofSwitch sw = session;
        if (sw == null || busy || wiping || !ctx.isMaster(deviceId)) {
            return;
        }
        List<BandwidthTree> desired = ctx.desiredTrees(deviceId);
        if (failed) {
            wipe("retrying the full program after: " + lastError);
            return;
        }
        if (confirmed == null) {
            install(sw, desired);
            return;
        }
        HsdbaParameters params = ctx.parameters();
        boolean newParameters = !confirmed.parameters().equals(params);
        if (!newParameters && confirmed.trees().equals(desired)) {
            return;
        }
        if (newParameters) {
            String reprogram = reprogramReason(sw, confirmed.mode(), params);
            if (reprogram != null) {
                wipe(reprogram);
                return;
            }
            // The parameters first, on the confirmed trees: the tree changes follow as an ordinary update.
            desired = confirmed.trees();
        }
        ProgramChange change;
        try {
            change = newParameters ? confirmed.update(desired, ctx.history(), params)
                    : confirmed.update(desired, ctx.history());
        } catch (ProgramException e) {
            if (newParameters) {
                fail("cannot apply the parameters to " + deviceId + ": " + e.getMessage(), null);
                return;
            }
            if (fitsInFull(sw, desired)) {
                // Numbers a change frees are reused only after it (SwitchPlacement): the same trees
                // may fit a wiped switch though not beside what is installed. Admission judged the full program.
                wipe("reprogramming in full: the change does not fit beside the installed program ("
                        + e.getMessage() + "), the full program does");
            } else if (!refuseUnconfirmedJoins("the switch cannot hold it: " + e.getMessage())) {
                fail("cannot program " + deviceId + ": " + e.getMessage(), null);
            }
            return;
        }
        if (change.isWipe()) {
            wipe(change.wipeReason());
            return;
        }
        if (change.isEmpty()) {
            accept(change.next());
            if (newParameters) {
                parametersApplied(change.next(), 0);
            }
            reconcile();
            return;
        }
        send(sw, newParameters ? Kind.PARAMETERS : Kind.UPDATE, change.next(), change.messages());
    }

    private void parametersApplied(DeviceProgram next, int sent) {
        ctx.emit(HsdbaEvent.device(ctx.time().wallMillis(), HsdbaEvent.Type.SWITCH_PROGRAMMED, deviceId,
                "parameters applied in place, session kept: " + sent + " messages to the switch ("
                        + next.parameters() + ")"));
    }

    /**
     * Why new parameters need a wiped switch, or null if they are applied in place: only when the
     * device's enforcement mode changes (in-switch and controller-assisted programs share nothing),
     * or the new mode preference cannot be met (the full program then shows the error).
     */
    static String reprogramReason(PofSwitch sw, DeviceMode running, HsdbaParameters params) {
        DeviceMode next;
        try {
            next = resolveMode(sw.mode(), params.mode());
        } catch (ProgramException e) {
            return "parameters changed: " + e.getMessage();
        }
        return next == running ? null : "parameters changed: enforcement mode " + running.jsonName() + " -> "
                + next.jsonName() + " needs the switch reprogrammed";
    }

    /** Whether the full program of {@code desired} fits this switch in the current mode. */
    private boolean fitsInFull(PofSwitch sw, List<BandwidthTree> desired) {
        try {
            return ctx.compiler().misfit(desired, sw, mode, ctx.parameters()).isEmpty();
        } catch (ProgramException e) {
            return false;
        }
    }

    /** Reprograms from scratch (parameters changed, or after an error): close the session so the HELLO wipes the switch. */
    void wipe(String reason) {
        PofSwitch sw = session;
        if (sw == null || wiping) {
            return;
        }
        wiping = true;
        installed = null;
        sw.disconnect("hsdba: " + reason);
    }

    /** Controller-assisted: send the step's new thresholds unless a change is in flight (the next reading retries). */
    void step(DeviceProgram readFrom, ProgramChange change) {
        PofSwitch sw = session;
        if (sw == null || busy || wiping || readFrom != confirmed || change.isWipe()) {
            return;
        }
        if (change.isEmpty()) {
            confirmed = change.next();
            return;
        }
        send(sw, Kind.STEP, change.next(), change.messages());
    }

    private void install(PofSwitch sw, List<BandwidthTree> desired) {
        DeviceProgram program;
        try {
            mode = resolveMode(sw.mode(), ctx.parameters().mode());
            program = ctx.compiler().compile(desired, sw, mode, ctx.parameters());
        } catch (ProgramException e) {
            failed = true;
            fail("cannot program " + deviceId + ": " + e.getMessage(), null);
            return;
        }
        send(sw, Kind.INSTALL, program, program.installMessages());
    }

    private void send(PofSwitch sw, Kind kind, DeviceProgram next, List<PofMessage> messages) {
        busy = true;
        if (messages.isEmpty()) {
            ctx.execute(deviceId, () -> done(sw, kind, next, 0, null));
            return;
        }
        int sent = messages.size();
        List<PendingJoin> joins = joinsIn(next);
        sw.send(messages).whenComplete((ok, err) -> {
            // NODE_JOINED on the confirmation's thread (the adapter's event loop): the lane hop
            // after it cost a join 0.06-0.25 ms median and up to 10 ms at p99 behind a busy lane.
            if (err == null && !joins.isEmpty()) {
                ctx.joinsConfirmed(this, sw, joins);
            }
            // Usually the event loop that read the confirmation: done (and the next change's
            // send) runs right there if the lane is idle, instead of waking a lane thread.
            ctx.executeFromAdapter(deviceId, () -> done(sw, kind, next, sent, err));
        });
    }

    /** The pending joins whose nodes {@code program} installs (the lane: pendingJoins is the lane's). */
    private List<PendingJoin> joinsIn(DeviceProgram program) {
        if (pendingJoins.isEmpty()) {
            return List.of();
        }
        Map<PortRef, BandwidthTree> trees = PendingJoin.treesByPort(program);
        List<PendingJoin> out = new ArrayList<>();
        for (PendingJoin j : pendingJoins.values()) {
            if (j.installedIn(trees)) {
                out.add(j);
            }
        }
        return out;
    }

    private void done(PofSwitch sw, Kind kind, DeviceProgram next, int sent, Throwable err) {
        if (sw != session) {
            return; // the session this was sent on is gone; the next one starts from scratch
        }
        busy = false;
        if (err != null) {
            rejected(kind, next, err);
            return;
        }
        if (kind == Kind.INSTALL) {
            lastError = null;
            nodeErrors.clear();
            installNanos = ctx.time().nanoTime() - readyNanos;
        }
        accept(next);
        if (kind == Kind.INSTALL) {
            ctx.emit(HsdbaEvent.device(ctx.time().wallMillis(), HsdbaEvent.Type.SWITCH_PROGRAMMED, deviceId,
                    "installed " + summary(next)));
        } else if (kind == Kind.PARAMETERS) {
            parametersApplied(next, sent);
        }
        reconcile();
    }

    private void accept(DeviceProgram next) {
        confirmed = next;
        installed = versions(next.trees());
        Map<PortRef, BandwidthTree> runs = new java.util.HashMap<>();
        next.trees().forEach(t -> runs.put(t.port(), t));
        enforced = Map.copyOf(runs);
        programmingError = null;
        activity.track(next.trees(), ctx.time().nanoTime(), ctx.history());
        ctx.confirmed(this, next);
    }

    private void rejected(Kind kind, DeviceProgram attempted, Throwable err) {
        Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
        Optional<NodeRef> node = Optional.empty();
        String what;
        if (cause instanceof PofErrorException) {
            PofErrorException pe = (PofErrorException) cause;
            node = pe.request() == null ? Optional.empty() : attempted.nodeOf(pe.request());
            what = "switch rejected " + (pe.request() == null ? "a message" : messageName(pe.request()))
                    + node.map(n -> " for node \"" + n.nodeId() + "\" of port " + n.port().port()).orElse("")
                    + ": " + errorText(pe);
        } else {
            what = "sending to the switch failed: " + cause;
        }
        String message = (kind == Kind.INSTALL ? "full program of "
                : kind == Kind.PARAMETERS ? "parameter update of " : "update of ") + deviceId + " failed; " + what;
        fail(message, node.orElse(null));
        if (node.isPresent()) {
            PendingJoin join = pendingJoins.remove(node.get());
            if (join != null) {
                ctx.joinRejected(this, join, "the switch rejected its entry: " + what);
            }
        }
        if (kind == Kind.INSTALL) {
            failed = true; // retried at the next change, not in a loop
        } else {
            wipe("reprogramming after an error: " + what);
        }
    }

    /**
     * A change that cannot be compiled (e.g. a level table is full) and contains joins: refuse
     * those joins (removing them changes the trees, and this agent reconciles again) rather than
     * leave the switch without the operator's changes. False if there were none.
     */
    private boolean refuseUnconfirmedJoins(String reason) {
        Set<NodeRef> installedNodes = new HashSet<>();
        for (BandwidthTree t : confirmed.trees()) {
            t.nodes().forEach(n -> installedNodes.add(NodeRef.of(t.port(), n.id())));
        }
        List<PendingJoin> refused = new ArrayList<>();
        for (PendingJoin j : pendingJoins.values()) {
            if (!installedNodes.contains(j.node)) {
                refused.add(j);
            }
        }
        for (PendingJoin j : refused) {
            pendingJoins.remove(j.node);
            ctx.joinRejected(this, j, reason);
        }
        return !refused.isEmpty();
    }

    private void fail(String message, NodeRef node) {
        if (node == null && message.equals(lastError)) {
            installed = null;
            programmingError = message;
            return; // already shown; a device error repeats at every change until it is fixed
        }
        lastError = message;
        programmingError = message;
        installed = null;
        if (node != null) {
            nodeErrors.computeIfAbsent(node.port(), p -> new ConcurrentHashMap<>()).put(node.nodeId(), message);
        }
        HsdbaEvent e = node == null
                ? HsdbaEvent.device(ctx.time().wallMillis(), HsdbaEvent.Type.ERROR, deviceId, message)
                : HsdbaEvent.node(ctx.time().wallMillis(), HsdbaEvent.Type.ERROR, node.port(), node.nodeId(), message);
        ctx.emit(e);
    }

    /** Shows an error the switch reported outside any request (datapath errors). */
    void asyncError(String message) {
        lastError = message;
        ctx.emit(HsdbaEvent.device(ctx.time().wallMillis(), HsdbaEvent.Type.ERROR, deviceId, message));
    }

    static DeviceMode resolveMode(SwitchMode switchMode, ModePreference preference) {
        switch (preference) {
            case CONTROLLER_ASSISTED:
                return DeviceMode.CONTROLLER_ASSISTED;
            case IN_SWITCH:
                if (switchMode != SwitchMode.IN_SWITCH) {
                    throw new ProgramException("mode in-switch is configured but the switch has no HSDBA extension ("
                            + describe(switchMode) + "); set mode auto or controller-assisted");
                }
                return DeviceMode.IN_SWITCH;
            default:
                return switchMode == SwitchMode.IN_SWITCH ? DeviceMode.IN_SWITCH : DeviceMode.CONTROLLER_ASSISTED;
        }
    }

    private static String describe(SwitchMode m) {
        switch (m) {
            case IN_SWITCH:
                return "HSDBA extension present";
            case CONTROLLER_ASSISTED:
                return "stock POF";
            default:
                return "capability unknown";
        }
    }

    private static String summary(DeviceProgram p) {
        List<String> parts = new ArrayList<>();
        for (BandwidthTree t : p.trees()) {
            parts.add("port " + t.port().port() + " v" + t.version() + " (" + t.size() + " nodes)");
        }
        return p.mode().jsonName() + " program" + (parts.isEmpty() ? " with no trees" : ": " + String.join(", ", parts));
    }

    private static String messageName(PofMessage m) {
        return m.getClass().getSimpleName() + " (xid " + m.xid() + ")";
    }

    private static String errorText(PofErrorException e) {
        if (e.error() == null) {
            return e.getMessage();
        }
        return "ERROR type " + e.error().errorType() + " code " + e.error().code()
                + (e.error().errorString().isEmpty() ? "" : " " + e.error().errorString());
    }
}
