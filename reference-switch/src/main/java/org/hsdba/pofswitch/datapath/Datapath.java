package org.hsdba.pofswitch.datapath;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.ext.HxErrorCode;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxReadReply;
import org.hsdba.pof.ext.HxReadRequest;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.InstructionType;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.GroupMod;
import org.hsdba.pof.message.MeterMod;
import org.hsdba.pof.message.PacketOut;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.pofswitch.tables.CounterStore;
import org.hsdba.pofswitch.tables.EntryRuntime;
import org.hsdba.pofswitch.tables.FlowEntry;
import org.hsdba.pofswitch.tables.FlowTable;
import org.hsdba.pofswitch.tables.TableStore;

/**
 * The switch's forwarding state and datapath: flow tables, counters, groups, meters, port enable
 * bits and the HSDBA extension's state, and {@link #process(byte[], int, long)}.
 *
 * <p>Thread-safety: control operations (FLOW_MOD, TABLE_MOD, block and register writes, HELLO...),
 * idle expiries and in-process reads hold the exclusive side of a packet-biased gate
 * ({@link Gate}: a packet marks its lane busy, an operation waits for every lane to be idle);
 * packets hold the shared side, so a packet sees a control operation wholly before or wholly after it. Packets
 * of different trees run at the same time, each thread with its own packet buffer and fast-path
 * state ({@link Lane}); packets that can reach the same state (the same tree) run one at a time
 * under their domain's lock ({@link Domains}), in the order they take it. A caller feeding packets
 * from one thread gets exactly the old one-at-a-time results: the random stream, the idle bound
 * and the registers see the same operations in the same order.
 */
public final class Datapath {
    private final DatapathConfig config;
    private final TableStore tables;
    private final CounterStore counters;
    private final Map<Long, GroupMod> groups = new TreeMap<>();
    private final Map<Long, MeterMod> meters = new TreeMap<>();
    private final Map<Integer, Boolean> portEnabled = new HashMap<>();
    /**
     * {@link #portEnabled} by port id for packets (the map boxed the id and hashed it for every
     * packet); null if a port id is outside [0, {@link #PORT_ARRAY}), then packets ask the map.
     * Rebuilt with every change of the map, under the exclusive side.
     */
    private boolean[] enabledById;
    private static final int PORT_ARRAY = 1 << 16;
    /**
     * Packets a {@link #processBatch} runs under one entry of the gate, at most: a control
     * operation waits for the packet running when it closes the gate (checked between packets),
     * a packet of another port for the same tree for at most this many (its domain is kept).
     */
    public static final int MAX_BATCH = 64;
    private final HxState hx;
    private final AtomicLong upwardXid = new AtomicLong();
    private final long startNanos = System.nanoTime();
    /** Packets share it, everything else takes it exclusively (see the class comment and {@link Gate}). */
    private final Gate gate = new Gate();
    /**
     * The calling thread's lane, found without a map lookup; weakly, so that a thread that outlives
     * this datapath does not keep it (and its tables) alive through its thread-local map.
     */
    private final ThreadLocal<java.lang.ref.WeakReference<Lane>> myLane = new ThreadLocal<>();
    /** The lane of the first thread that fed packets, while that thread lives (see {@link #lane()}). */
    private Lane firstLane;
    /** The buffer PACKET_OUT and hooks use (under the exclusive lock). */
    private final Packet controlPacket = new Packet();
    /** Latest time seen by a control-side call (packets keep theirs in their lane). Exclusive lock. */
    private long lastTimeNs;
    /**
     * The program compiled from the tables and blocks as they are; null after a change of the
     * program's shape (tables, blocks, HELLO) until the next packet; a FLOW_MOD updates it in place.
     */
    private FastProgram fastProgram;
    /** Which packets may run at the same time; null after a change of shape (as {@link #fastProgram}). */
    private Domains domains;
    /** Generated classes of installed blocks, by the block's instruction list (FastProgram keeps them current). */
    private final Map<List<Instruction>, FastGen.Block> generatedBlocks = new java.util.IdentityHashMap<>();

    public Datapath(DatapathConfig config) {
        this.config = config;
        this.tables = new TableStore(config.tableIds(), config.tableSize(), config.keyLengthBits());
        this.counters = new CounterStore(config.counterCount());
        this.hx = new HxState(config.registerWords(), config.rngSeed());
        for (PortConfig p : config.ports()) {
            portEnabled.put(p.id(), false);
        }
        portsChanged();
    }

    public DatapathConfig config() {
        return config;
    }

    // ------------------------------------------------------------------ packets

    /**
     * Processes one frame received on POF port {@code inPort} at switch time {@code timeNanos}
     * (the extension's TIME; must not go backwards). Runs any idle expiries due first.
     */
    public ProcessResult process(byte[] frame, int inPort, long timeNanos) {
        Lane lane = lane();
        if (lane.fastRun != null) {
            run(lane, frame, frame.length, inPort, timeNanos, lane.scratch);
            return lane.scratch.toResult();
        }
        gate.enter(lane);
        try {
            List<PofMessage> upward = prepare(lane, timeNanos);
            lane.lastTimeNs = Math.max(lane.lastTimeNs, timeNanos);
            if (upward == null) {
                upward = new ArrayList<>();
            }
            if (!enabled(inPort)) {
                return early(EndReason.PORT_DISABLED, upward);
            }
            if (frame.length > 1514) {
                return early(EndReason.OVERSIZE, upward);
            }
            if (tables.byGlobalId(0) == null) {
                return early(EndReason.NO_FIRST_TABLE, upward);
            }
            lane.packet.load(frame, frame.length, inPort);
            return new Execution(this, lane.packet, timeNanos, false, upward).runPacket();
        } finally {
            lane.leave();
            gate.exit(lane);
        }
    }

    /**
     * {@link #process(byte[], int, long)} into a caller-owned, reused {@code out}: on the fast
     * path (the default, {@link DatapathConfig#fastPath()}) a packet that needs no message to the
     * controller allocates nothing. The program is compiled on the first packet after a change.
     */
    public void processInto(byte[] frame, int inPort, long timeNanos, PacketOutcome out) {
        run(lane(), frame, frame.length, inPort, timeNanos, out);
    }

    /**
     * {@link #processInto(byte[], int, long, PacketOutcome)} of the frame in {@code frame[0, length)}
     * (a receive buffer reused for every frame: nothing is copied but into the packet buffer).
     */
    public void processInto(byte[] frame, int length, int inPort, long timeNanos, PacketOutcome out) {
        if (length < 0 || length > frame.length) {
            throw new IllegalArgumentException("frame length " + length + " outside its buffer of " + frame.length
                    + " bytes");
        }
        run(lane(), frame, length, inPort, timeNanos, out);
    }

    /**
     * {@link #processInto(byte[], int, int, long, PacketOutcome)} of {@code count} frames in order, as
     * a port's receive batch delivers them: frame {@code i} is {@code frames[i][0, lengths[i])},
     * received on {@code inPort} at {@code times[i]} (null: each at the live clock as it starts,
     * {@link #nowNanos()}), into {@code outs[i]}. The results are those of
     * {@code count} calls one after the other; the packets enter the gate once, and a tree's domain
     * taken by one packet stays taken for the next packets of the batch in it (what a packet pays
     * to enter both is most of the exclusion's cost). Between two packets the batch checks whether a
     * control operation is waiting and then lets it in first, so an operation still waits for one
     * packet at most. {@code count} is at most {@link #MAX_BATCH}.
     */
    public void processBatch(byte[][] frames, int[] lengths, int count, int inPort, long[] times, PacketOutcome[] outs) {
        if (count < 0 || count > MAX_BATCH || count > frames.length || count > lengths.length
                || (times != null && count > times.length) || count > outs.length) {
            throw new IllegalArgumentException("batch of " + count + " packets: needs 0 <= count <= " + MAX_BATCH
                    + " and as many frames (" + frames.length + "), lengths (" + lengths.length + "), times ("
                    + (times == null ? "live clock" : times.length) + ") and outcomes (" + outs.length + ")");
        }
        for (int i = 0; i < count; i++) {
            if (lengths[i] < 0 || lengths[i] > frames[i].length) {
                throw new IllegalArgumentException("batch packet " + i + ": frame length " + lengths[i]
                        + " outside its buffer of " + frames[i].length + " bytes");
            }
        }
        if (count == 0) {
            return;
        }
        Lane lane = lane();
        gate.enter(lane);
        try {
            for (int i = 0; i < count; i++) {
                if (i > 0) {
                    lane.packetEnded();
                    if (gate.closing()) { // a control operation waits: let it in between two packets
                        lane.leave();
                        gate.exit(lane);
                        gate.enter(lane);
                    }
                }
                runEntered(lane, frames[i], lengths[i], inPort, times == null ? nowNanos() : times[i], outs[i]);
            }
        } finally {
            lane.leave();
            gate.exit(lane);
        }
    }

    private void run(Lane lane, byte[] frame, int length, int inPort, long timeNanos, PacketOutcome out) {
        gate.enter(lane);
        try {
            runEntered(lane, frame, length, inPort, timeNanos, out);
        } finally {
            lane.leave();
            gate.exit(lane);
        }
    }

    /** One packet with the gate entered on {@code lane}; the packet's domain stays held on return. */
    private void runEntered(Lane lane, byte[] frame, int length, int inPort, long timeNanos, PacketOutcome out) {
        List<PofMessage> upward = prepare(lane, timeNanos);
        lane.lastTimeNs = Math.max(lane.lastTimeNs, timeNanos);
        EndReason early = !enabled(inPort) ? EndReason.PORT_DISABLED
                : length > 1514 ? EndReason.OVERSIZE
                : !hasFirstTable(lane) ? EndReason.NO_FIRST_TABLE : null;
        if (early != null) {
            out.reset();
            out.end = early;
            if (upward != null && !upward.isEmpty()) {
                out.upward = List.copyOf(upward);
            }
            return;
        }
        if (lane.fastRun == null) {
            lane.packet.load(frame, length, inPort);
            out.fill(new Execution(this, lane.packet, timeNanos, false, upward == null ? new ArrayList<>() : upward)
                    .runPacket());
            return;
        }
        lane.packet.loadFast(frame, length, inPort);
        lane.fastRun.run(fastProgram, timeNanos, out, upward);
    }

    /** Whether global table 0 exists; the fast path asks its compiled program (an array, not the store's tree map). */
    private boolean hasFirstTable(Lane lane) {
        return lane.fastRun != null ? fastProgram.table(0) != null : tables.byGlobalId(0) != null;
    }

    private boolean enabled(int port) {
        boolean[] byId = enabledById;
        if (byId != null) {
            return port >= 0 && port < byId.length && byId[port];
        }
        return portEnabled.getOrDefault(port, false);
    }

    /** After a change of {@link #portEnabled} (exclusive side, or the constructor). */
    private void portsChanged() {
        int max = -1;
        for (int id : portEnabled.keySet()) {
            if (id < 0 || id >= PORT_ARRAY) {
                enabledById = null;
                return;
            }
            max = Math.max(max, id);
        }
        boolean[] byId = new boolean[max + 1];
        portEnabled.forEach((id, on) -> byId[id] = on);
        enabledById = byId;
    }

    /**
     * With the shared lock held: runs the idle expiries due at {@code timeNanos} and compiles the
     * program if a change left it stale, both under the exclusive lock (the shared one is given up
     * meanwhile and held again on return). Returns the expiries' messages, or null if none were due.
     */
    private List<PofMessage> prepare(Lane lane, long timeNanos) {
        if (timeNanos < hx.idleBound() && domains != null && (fastProgram != null || !config.fastPath())) {
            return null;
        }
        lane.leave(); // a domain kept from the batch's last packet: never held while waiting
        gate.exit(lane);
        gate.lockExclusive();
        try {
            List<PofMessage> upward = null;
            if (timeNanos >= hx.idleBound()) { // another thread may have run them meanwhile
                upward = new ArrayList<>();
                expireIdle(timeNanos, upward);
            }
            compile();
            return upward;
        } finally {
            gate.downgrade(lane); // no change can come in between
            gate.unlockExclusive();
        }
    }

    /** Builds what a change left stale (exclusive lock held). */
    private void compile() {
        if (domains == null) {
            domains = Domains.build(tables, hx.blocks);
        }
        if (config.fastPath() && fastProgram == null) {
            fastProgram = FastProgram.compile(this);
        }
    }

    /**
     * {@code entry} was just added to {@code table} (exclusive lock held): the compiled program
     * and the domains take it in place, O(1) amortised (O(entries) for the ordered scan of an
     * MM or LPM table: an array copy), instead of being built again from every entry.
     */
    private void entryAdded(FlowTable table, FlowEntry entry) {
        table.add(entry);
        if (fastProgram != null) {
            fastProgram.added(entry);
        }
        if (domains != null) {
            domains.added(entry);
        }
    }

    /** {@code entry} was just removed from {@code table} (exclusive lock held); see {@link #entryAdded}. */
    private void entryRemoved(FlowTable table, FlowEntry entry) {
        table.remove(entry);
        if (fastProgram != null) {
            fastProgram.removed(entry);
        }
        if (domains != null && domains.removed(entry)) {
            domains = null; // built again on the next packet: removals made its groups coarse
        }
    }

    /** After a change to the program's shape: tables or blocks (exclusive lock held). */
    private void invalidate() {
        fastProgram = null;
        domains = null;
    }

    /**
     * This thread's lane (made on its first packet; lanes of threads that ended are dropped then).
     * The first thread to feed packets (while it lives) finds its lane in a plain field, without
     * the thread-local lookup: the single-thread case. Racy by design and safe: a lane's thread
     * is final, so a thread sees either its own lane or another thread's and then looks it up.
     */
    private Lane lane() {
        Lane first = firstLane;
        Thread t = Thread.currentThread();
        if (first != null && first.thread == t) {
            return first;
        }
        java.lang.ref.WeakReference<Lane> ref = myLane.get();
        Lane lane = ref == null ? null : ref.get();
        if (lane == null) {
            gate.lockExclusive(); // a control operation's list of lanes must be complete
            try {
                gate.removeDead();
                if (firstLane != null && !firstLane.thread.isAlive()) {
                    firstLane = null;
                }
                lane = new Lane(this, t, config.fastPath());
                gate.add(lane);
                myLane.set(new java.lang.ref.WeakReference<>(lane));
                if (firstLane == null) {
                    firstLane = lane;
                }
            } finally {
                gate.unlockExclusive();
            }
        }
        return lane;
    }

    /**
     * A packet enters table 0's {@code entry}: takes the entry's domain (see {@link Domains}) and
     * returns the packet's time, raised to the latest time a packet of that domain ran at (threads
     * read the clock before they queue for the domain, so a tree's time could otherwise go back).
     */
    long enterDomain(Lane lane, FlowEntry entry, long timeNs) {
        Domains.Domain d = domains.of(entry);
        lane.enter(d);
        if (timeNs < d.lastTimeNs) {
            return d.lastTimeNs;
        }
        d.lastTimeNs = timeNs;
        return timeNs;
    }

    /** {@link #enterDomain(Lane, FlowEntry, long)} for the interpreter, which does not carry the lane. */
    long enterDomain(FlowEntry entry, long timeNs) {
        return enterDomain(lane(), entry, timeNs);
    }

    /** Number of domains of the program as it is (packets of different domains run concurrently). */
    public int concurrencyDomains() {
        gate.lockExclusive();
        try {
            if (domains != null && domains.coarse()) {
                domains = null; // the exact count, as a build makes it
            }
            compile();
            return domains.count();
        } finally {
            gate.unlockExclusive();
        }
    }

    /**
     * Of the compiled program's operations: {fast, left to the interpreter} (compiles it if
     * needed; {0, 0} without the fast path). For tests and the benchmark.
     */
    public int[] fastPathCoverage() {
        gate.lockExclusive();
        try {
            if (!config.fastPath()) {
                return new int[] {0, 0};
            }
            compile();
            return fastProgram.coverage();
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Packets the fast path handed over to the interpreter part-way (0 without the fast path). */
    public long fastPathHandOvers() {
        gate.lockExclusive();
        try {
            long n = 0;
            for (Lane lane : gate.lanes()) {
                n += lane.fastRun == null ? 0 : lane.fastRun.handOvers;
            }
            return n;
        } finally {
            gate.unlockExclusive();
        }
    }

    /** {@link #process(byte[], int, long)} at the live clock (ns since this datapath was created). */
    public ProcessResult process(byte[] frame, int inPort) {
        return process(frame, inPort, nowNanos());
    }

    /** Nanoseconds since this datapath was created (the live clock). */
    public long nowNanos() {
        return System.nanoTime() - startNanos;
    }

    /** Lets switch time pass without packets: runs idle expiries due by {@code timeNanos}. */
    public List<PofMessage> advanceTime(long timeNanos) {
        gate.lockExclusive();
        try {
            lastTimeNs = Math.max(lastTimeNs, timeNanos);
            List<PofMessage> upward = new ArrayList<>();
            expireIdle(timeNanos, upward);
            return upward;
        } finally {
            gate.unlockExclusive();
        }
    }

    /** The latest switch time a packet or a control call used (exclusive lock held). */
    private long lastTime() {
        long t = lastTimeNs;
        for (Lane lane : gate.lanes()) {
            t = Math.max(t, lane.lastTimeNs);
        }
        return t;
    }

    /** Runs {@code body} with the exclusive lock: nothing changes and no packet runs meanwhile. */
    <T> T exclusive(java.util.function.Supplier<T> body) {
        gate.lockExclusive();
        try {
            return body.get();
        } finally {
            gate.unlockExclusive();
        }
    }

    private static ProcessResult early(EndReason reason, List<PofMessage> upward) {
        return new ProcessResult(List.of(), upward, reason, 0, null, 0, List.of());
    }

    /** PACKET_OUT: runs its actions on its frame, as POFSwitch does (no table, no port check). */
    public ProcessResult packetOut(PacketOut out) {
        gate.lockExclusive();
        try {
            byte[] data = out.data();
            if (data.length > Packet.RAW_MAX - Packet.PREBUF) {
                return early(EndReason.OVERSIZE, new ArrayList<>());
            }
            controlPacket.load(data, data.length, (int) out.inPort());
            return new Execution(this, controlPacket, lastTime(), false, new ArrayList<>()).runActions(out.actions());
        } finally {
            gate.unlockExclusive();
        }
    }

    // ------------------------------------------------------------------ idle leaves

    private void expireIdle(long now, List<PofMessage> upward) {
        if (now < hx.idleBound()) {
            return;
        }
        List<FlowEntry> due = new ArrayList<>();
        long next = Long.MAX_VALUE;
        for (FlowTable t : tables.all()) {
            for (FlowEntry e : t.entries()) {
                long exp = expiry(e);
                if (exp == Long.MAX_VALUE) {
                    continue;
                }
                if (exp <= now) {
                    due.add(e);
                } else {
                    next = Math.min(next, exp);
                }
            }
        }
        due.sort(Comparator.comparingLong(Datapath::expiry).thenComparingInt(FlowEntry::tableGlobalId)
                .thenComparingLong(FlowEntry::index));
        for (FlowEntry e : due) {
            long at = expiry(e);
            EntryRuntime rt = e.runtime();
            if (at < idleExpiry(e)) {
                // Aging (section 8.1): out of the sums, idle clock still running, nothing sent.
                deactivate(e, at, upward);
                rt.setAged(true);
                long idle = idleExpiry(e);
                if (idle > now) {
                    next = Math.min(next, idle);
                    continue;
                }
                at = idle;
            }
            deactivate(e, at, upward);
            upward.add(new HxEntryStatus(nextUpwardXid(), HxEntryStatus.REASON_IDLE, e.tableGlobalId(), e.index(), at,
                    rt.passedBytes(), rt.droppedBytes()));
        }
        hx.setIdleBound(next);
    }

    /**
     * When an entry next changes activity: an active entry ages out at {@code last_hit + AGE_NS}
     * or goes idle at {@code last_hit + idle_timeout}, whichever is first; an aged one goes idle
     * (MAX_VALUE: never).
     */
    private static long expiry(FlowEntry e) {
        long idle = idleExpiry(e);
        EntryRuntime rt = e.runtime();
        if (!rt.active() || rt.ageNs() == 0) {
            return idle;
        }
        return Math.min(idle, ageExpiry(rt));
    }

    private static long ageExpiry(EntryRuntime rt) {
        long at = rt.lastHitNs() + rt.ageNs();
        return at < rt.lastHitNs() ? Long.MAX_VALUE : at;
    }

    /** When an active or aged entry with an idle timeout goes idle, or MAX_VALUE. */
    private static long idleExpiry(FlowEntry e) {
        EntryRuntime rt = e.runtime();
        if (!(rt.active() || rt.aged()) || e.call() == null || e.call().idleTimeoutMs() == 0) {
            return Long.MAX_VALUE;
        }
        return rt.lastHitNs() + e.call().idleTimeoutMs() * 1_000_000L;
    }

    /** The program set an entry's aging gap: its aging deadline may be the next expiry. */
    void noteAging(EntryRuntime rt) {
        if (rt.active() && rt.ageNs() != 0) {
            hx.lowerIdleBound(ageExpiry(rt));
        }
    }

    /**
     * Makes an active or aged entry inactive, running its block's deactivation hook first if it
     * was active (an aged entry already left its parent's sums).
     */
    private void deactivate(FlowEntry e, long time, List<PofMessage> upward) {
        e.runtime().setAged(false);
        if (!e.runtime().active()) {
            return;
        }
        HxState.Block block = e.call() == null ? null : hx.blocks.get(e.call().blockId());
        if (block != null && block.idlePc != HxTypes.NONE_16) {
            Packet empty = new Packet();
            empty.loadEmpty();
            new Execution(this, empty, time, true, upward).runHook(e, block);
        }
        e.runtime().setActive(false);
    }

    // ------------------------------------------------------------------ control operations

    /** A controller HELLO: everything is cleared and every port disabled. */
    public void wipe() {
        gate.lockExclusive();
        try {
            invalidate();
            tables.clear();
            counters.clearAll();
            groups.clear();
            meters.clear();
            hx.wipe();
            portEnabled.replaceAll((k, v) -> false);
            portsChanged();
        } finally {
            gate.unlockExclusive();
        }
    }

    /** PORT_MOD: sets a port's of_enable bit. */
    public void portMod(int slotId, int portId, boolean enable) throws SwitchError {
        gate.lockExclusive();
        try {
            if (slotId != 0) {
                throw SwitchError.invalidSlot("slot " + slotId);
            }
            if (!portEnabled.containsKey(portId)) {
                throw SwitchError.of(ErrorType.PORT_MOD_FAILED, 1, "POFPMFC_BAD_PORT_ID", "port " + portId);
            }
            portEnabled.put(portId, enable);
            portsChanged();
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Enables every port (what a controller does with one PORT_MOD per port). */
    public void enableAllPorts() {
        gate.lockExclusive();
        try {
            portEnabled.replaceAll((k, v) -> true);
            portsChanged();
        } finally {
            gate.unlockExclusive();
        }
    }

    public boolean portEnabled(int portId) {
        gate.lockExclusive();
        try {
            return portEnabled.getOrDefault(portId, false);
        } finally {
            gate.unlockExclusive();
        }
    }

    boolean portExists(int portId) {
        return portEnabled.containsKey(portId);
    }

    /** TABLE_MOD ADD (command 0) or DELETE (2); other commands are answered by the caller. */
    public void tableMod(TableMod mod) throws SwitchError {
        gate.lockExclusive();
        try {
            invalidate();
            if (mod.command() == 0) {
                tables.create(mod);
            } else {
                FlowTable removed = tables.delete(mod.tableType(), mod.tableId());
                hx.pendingJoins.keySet().removeIf(k -> k.table == removed.spec().globalId());
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    /**
     * FLOW_MOD ADD (0), MODIFY (1) or DELETE (3). Throws if nothing was changed; returns errors
     * POFSwitch reports although the change was made (a bad counter id on ADD).
     */
    public List<SwitchError> flowMod(FlowMod mod) throws SwitchError {
        gate.lockExclusive();
        try {
            FlowTable table = tables.tableFor(mod);
            switch (mod.command()) {
                case 0: {
                    List<Instruction> program = HxPrograms.entryProgram(mod.instructions(), config.extensionEnabled(),
                            hx.blocks);
                    FlowEntry entry = TableStore.buildEntry(table, mod, program, new EntryRuntime(config.stateWords()));
                    entryAdded(table, entry);
                    clearJoins(table, entry);
                    try {
                        counters.init(mod.counterId());
                    } catch (SwitchError e) {
                        return List.of(e);
                    }
                    return List.of();
                }
                case 1: {
                    FlowEntry old = tables.entryFor(table, mod);
                    List<Instruction> program = HxPrograms.entryProgram(mod.instructions(), config.extensionEnabled(),
                            hx.blocks);
                    if (old.counterId() != mod.counterId()) {
                        counters.init(mod.counterId());
                    }
                    List<PofMessage> ignored = new ArrayList<>();
                    deactivate(old, lastTime(), ignored);
                    entryRemoved(table, old);
                    FlowEntry entry = TableStore.buildEntry(table, mod, program, old.runtime());
                    entryAdded(table, entry);
                    clearJoins(table, entry);
                    return List.of();
                }
                case 3: {
                    FlowEntry old = tables.entryFor(table, mod);
                    counters.delete(old.counterId());
                    deactivate(old, lastTime(), new ArrayList<>());
                    entryRemoved(table, old);
                    return List.of();
                }
                default:
                    throw SwitchError.of(ErrorType.FLOW_MOD_FAILED, 6, "POFFMFC_BAD_COMMAND", "command " + mod.command());
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    /**
     * Settles the outstanding joins whose key now finds {@code entry}. An entry that can match one
     * key only (a user's exact key, the common case) is looked up by that key; a wildcard entry
     * checks the outstanding keys it matches. Either way the full table lookup runs only for keys
     * the entry matches, not for every outstanding join: with thousands outstanding, a lookup
     * each per ADD stalled the control channel.
     */
    private void clearJoins(FlowTable table, FlowEntry entry) {
        if (hx.pendingJoins.isEmpty()) {
            return;
        }
        int id = table.spec().globalId();
        byte[] only = table.onlyKey(entry);
        if (only != null) {
            HxState.JoinKey k = new HxState.JoinKey(id, only);
            if (hx.pendingJoins.containsKey(k) && entry == table.lookup(pad(only))) {
                hx.pendingJoins.remove(k);
            }
            return;
        }
        hx.pendingJoins.keySet().removeIf(k -> k.table == id && table.matches(entry, k.key)
                && entry == table.lookup(pad(k.key)));
    }

    private static byte[] pad(byte[] key) {
        return java.util.Arrays.copyOf(key, key.length + 16);
    }

    /** COUNTER_MOD: 0 ADD, 1 DELETE, 2 CLEAR. */
    public void counterMod(int command, long counterId) throws SwitchError {
        gate.lockExclusive();
        try {
            switch (command) {
                case 0: counters.init(counterId); break;
                case 1: counters.delete(counterId); break;
                case 2: counters.clear(counterId); break;
                default:
                    throw SwitchError.of(ErrorType.COUNTER_MOD_FAILED, 2, "POFCMFC_BAD_COMMAND", "command " + command);
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    /** COUNTER_REQUEST: {packets, bytes}. */
    public long[] counter(long counterId) throws SwitchError {
        gate.lockExclusive();
        try {
            return counters.read(counterId);
        } finally {
            gate.unlockExclusive();
        }
    }

    /** GROUP_MOD: 0 ADD, 1 MODIFY, 2 DELETE. */
    public void groupMod(GroupMod mod) throws SwitchError {
        gate.lockExclusive();
        try {
            long id = mod.groupId();
            switch (mod.command()) {
                case 0:
                    if (id >= config.groupCount()) {
                        throw SwitchError.of(ErrorType.GROUP_MOD_FAILED, 1, "POFGMFC_INVALID_GROUP", "group " + id);
                    }
                    if (groups.containsKey(id)) {
                        throw SwitchError.of(ErrorType.GROUP_MOD_FAILED, 0, "POFGMFC_GROUP_EXISTS", "group " + id);
                    }
                    counters.init(mod.counterId());
                    groups.put(id, mod);
                    return;
                case 1:
                case 2:
                    if (!groups.containsKey(id)) {
                        throw SwitchError.of(ErrorType.GROUP_MOD_FAILED, 8, "POFGMFC_UNKNOWN_GROUP", "group " + id);
                    }
                    if (mod.command() == 1) {
                        counters.init(mod.counterId());
                        groups.put(id, mod);
                    } else {
                        groups.remove(id);
                    }
                    return;
                default:
                    throw SwitchError.of(ErrorType.GROUP_MOD_FAILED, 11, "POFGMFC_BAD_COMMAND", "command " + mod.command());
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    /** METER_MOD: 0 ADD, 1 MODIFY, 2 DELETE (meters only store a rate, as in POFSwitch). */
    public void meterMod(MeterMod mod) throws SwitchError {
        gate.lockExclusive();
        try {
            long id = mod.meterId();
            switch (mod.command()) {
                case 0:
                    if (id == 0 || id >= config.meterCount()) {
                        throw SwitchError.of(ErrorType.METER_MOD_FAILED, 2, "POFMMFC_INVALID_METER", "meter " + id);
                    }
                    if (meters.containsKey(id)) {
                        throw SwitchError.of(ErrorType.METER_MOD_FAILED, 1, "POFMMFC_METER_EXISTS", "meter " + id);
                    }
                    meters.put(id, mod);
                    return;
                case 1:
                case 2:
                    if (!meters.containsKey(id)) {
                        throw SwitchError.of(ErrorType.METER_MOD_FAILED, 3, "POFMMFC_UNKNOWN_METER", "meter " + id);
                    }
                    if (mod.command() == 1) {
                        meters.put(id, mod);
                    } else {
                        meters.remove(id);
                    }
                    return;
                default:
                    throw SwitchError.of(ErrorType.METER_MOD_FAILED, 4, "POFMMFC_BAD_COMMAND", "command " + mod.command());
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    /**
     * QUERYALL: one TABLE_MOD (command 4) per table, one FLOW_MOD (command 6) per entry, one
     * GROUP_MOD / METER_MOD (command 4) per group / meter, one COUNTER_REPLY per counter, all with
     * {@code xid}; the caller appends QUERYALL_FIN.
     */
    public List<PofMessage> queryAll(long xid) {
        gate.lockExclusive();
        try {
            List<PofMessage> out = new ArrayList<>();
            for (FlowTable t : tables.all()) {
                out.add(TableMod.builder().xid(xid).command(4).table(t.spec().type(), t.spec().localId())
                        .size(t.spec().size()).keyLengthBits(t.spec().keyLengthBits()).slotId(0).name(t.spec().name())
                        .matches(t.spec().matches()).build());
            }
            for (FlowTable t : tables.all()) {
                for (FlowEntry e : t.entries()) {
                    out.add(e.source().toBuilder().xid(xid).command(6).cookie(0).cookieMask(0).idleTimeout(0)
                            .hardTimeout(0).slotId(0).instructions(queryInstructions(e.source().instructions())).build());
                }
            }
            for (GroupMod g : groups.values()) {
                out.add(new GroupMod(xid, 4, g.groupType(), g.groupId(), g.counterId(), 0, g.actions()));
            }
            for (MeterMod m : meters.values()) {
                out.add(new MeterMod(xid, 4, 0, m.meterId(), m.rate()));
            }
            counters.snapshot().forEach((id, v) -> out.add(new CounterReply(xid, 4, 0, id, v[0], v[1])));
            return out;
        } finally {
            gate.unlockExclusive();
        }
    }

    /**
     * Instructions as a QUERYALL returns them. A stock switch never converts the header of an
     * instruction type it does not know back to network order (instruction_HtoN returns early),
     * so its type and len come back little-endian.
     */
    private List<Instruction> queryInstructions(List<Instruction> received) {
        if (config.extensionEnabled()) {
            return received;
        }
        List<Instruction> out = new ArrayList<>();
        for (Instruction i : received) {
            if (!InstructionType.isKnown(i.type()) && i instanceof RawInstruction) {
                out.add(new RawInstruction(swap16(i.type()), swap16(i.len()), ((RawInstruction) i).data()));
            } else {
                out.add(i);
            }
        }
        return out;
    }

    private static int swap16(int v) {
        return ((v & 0xFF) << 8) | ((v >>> 8) & 0xFF);
    }

    // ------------------------------------------------------------------ extension messages

    /** HX_FEATURES_REPLY for a probe with {@code xid}. */
    public HxFeaturesReply hxFeatures(long xid) {
        gate.lockExclusive();
        try {
            return new HxFeaturesReply(xid, HxTypes.EXT_VERSION, config.stateWords(), config.maxBlocks(),
                    config.maxBlockInstructions(), HxTypes.MAX_PARAM_BYTES, config.registerWords(),
                    config.maxPendingJoins(), config.instructionBudget(), hx.seed(), lastTime());
        } finally {
            gate.unlockExclusive();
        }
    }

    /** HX_BLOCK_MOD (section 5). */
    public void blockMod(HxBlockMod mod) throws SwitchError {
        gate.lockExclusive();
        try {
            invalidate();
            int id = mod.blockId();
            if (id >= config.maxBlocks()) {
                throw SwitchError.hx(HxErrorCode.BAD_BLOCK_ID, "block id " + id + " >= " + config.maxBlocks());
            }
            switch (mod.command()) {
                case HxBlockMod.COMMAND_ADD:
                    hx.staged.put(id, new HxState.Staged(mod.idlePc()));
                    break;
                case HxBlockMod.COMMAND_APPEND:
                    if (!hx.staged.containsKey(id)) {
                        throw SwitchError.hx(HxErrorCode.NOT_STAGED, "APPEND to block " + id + " without an ADD");
                    }
                    break;
                case HxBlockMod.COMMAND_DELETE:
                    deleteBlock(id);
                    return;
                default:
                    throw SwitchError.hx(HxErrorCode.BAD_COMMAND, "HX_BLOCK_MOD command " + mod.command());
            }
            HxState.Staged staged = hx.staged.get(id);
            try {
                for (RawInstruction raw : mod.instructions()) {
                    staged.instructions.add(HxPrograms.blockInstruction(raw, staged.instructions.size()));
                    if (staged.instructions.size() > config.maxBlockInstructions()) {
                        throw SwitchError.hx(HxErrorCode.BLOCK_TOO_LONG, "block " + id + " exceeds "
                                + config.maxBlockInstructions() + " instructions");
                    }
                }
                if (mod.isFinal()) {
                    HxPrograms.validateBlock(staged.instructions, staged.idlePc, config.maxBlockInstructions());
                    hx.blocks.put(id, new HxState.Block(staged.instructions, staged.idlePc));
                    hx.staged.remove(id);
                }
            } catch (SwitchError e) {
                hx.staged.remove(id);
                throw e;
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    private void deleteBlock(int id) throws SwitchError {
        if (!hx.blocks.containsKey(id)) {
            throw SwitchError.hx(HxErrorCode.BAD_BLOCK_ID, "block " + id + " is not installed");
        }
        for (FlowTable t : tables.all()) {
            for (FlowEntry e : t.entries()) {
                if (e.call() != null && e.call().blockId() == id) {
                    throw SwitchError.hx(HxErrorCode.BLOCK_IN_USE, "block " + id + " is called by global table "
                            + t.spec().globalId() + " entry " + e.index());
                }
            }
        }
        hx.blocks.remove(id);
    }

    /** HX_REGISTER_MOD (section 6). */
    public void registerMod(HxRegisterMod mod) throws SwitchError {
        gate.lockExclusive();
        try {
            if (mod.command() != HxRegisterMod.COMMAND_WRITE && mod.command() != HxRegisterMod.COMMAND_ZERO) {
                throw SwitchError.hx(HxErrorCode.BAD_COMMAND, "HX_REGISTER_MOD command " + mod.command());
            }
            checkRegisters(mod.firstWord(), mod.count());
            int first = (int) mod.firstWord();
            if (mod.command() == HxRegisterMod.COMMAND_WRITE) {
                long[] v = mod.values();
                System.arraycopy(v, 0, hx.registers, first, v.length);
            } else {
                java.util.Arrays.fill(hx.registers, first, first + mod.count(), 0);
            }
        } finally {
            gate.unlockExclusive();
        }
    }

    private void checkRegisters(long first, long count) throws SwitchError {
        if (first + count > hx.registers.length) {
            throw SwitchError.hx(HxErrorCode.BAD_REGISTER, "registers " + first + ".." + (first + count - 1)
                    + " outside the file of " + hx.registers.length + " words");
        }
    }

    /** HX_READ_REQUEST (section 9): the replies, all but the last flagged MORE. */
    public List<HxReadReply> read(HxReadRequest req) throws SwitchError {
        gate.lockExclusive();
        try {
            List<HxReadReply> out = new ArrayList<>();
            if (req.what() == HxReadRequest.WHAT_REGISTERS) {
                checkRegisters(req.first(), req.count());
                int first = (int) req.first();
                int count = (int) req.count();
                int per = 255; // record_count is a u8
                for (int at = 0; at < count || out.isEmpty(); at += per) {
                    int n = Math.min(per, count - at);
                    long[] values = java.util.Arrays.copyOfRange(hx.registers, first + at, first + at + n);
                    out.add(HxReadReply.registers(req.xid(), at + n < count, first + at, values));
                }
                return out;
            }
            if (req.what() != HxReadRequest.WHAT_ENTRIES) {
                throw SwitchError.hx(HxErrorCode.BAD_COMMAND, "HX_READ_REQUEST what " + req.what());
            }
            FlowTable table = tables.byGlobalId(req.tableId());
            if (table == null) {
                throw SwitchError.hx(HxErrorCode.BAD_TABLE_ID, "global table " + req.tableId() + " does not exist");
            }
            long last = req.count() == HxReadRequest.ALL ? Long.MAX_VALUE : req.first() + req.count();
            List<HxEntryRecord> records = new ArrayList<>();
            for (FlowEntry e : sortedByIndex(table)) {
                if (e.index() >= req.first() && e.index() < last) {
                    records.add(record(e));
                }
            }
            int per = (2560 - 16) / (HxEntryRecord.FIXED_LENGTH + 8 * config.stateWords());
            for (int at = 0; at < records.size() || out.isEmpty(); at += per) {
                List<HxEntryRecord> chunk = records.subList(at, Math.min(records.size(), at + per));
                out.add(HxReadReply.entries(req.xid(), req.tableId(), at + per < records.size(), chunk));
            }
            return out;
        } finally {
            gate.unlockExclusive();
        }
    }

    private static List<FlowEntry> sortedByIndex(FlowTable table) {
        List<FlowEntry> list = new ArrayList<>(table.entries());
        list.sort(Comparator.comparingLong(FlowEntry::index));
        return list;
    }

    private static HxEntryRecord record(FlowEntry e) {
        EntryRuntime rt = e.runtime();
        return new HxEntryRecord(e.index(), rt.active(), e.call() != null,
                e.call() == null ? HxTypes.NONE_16 : e.call().blockId(), rt.passedPackets(), rt.passedBytes(),
                rt.droppedPackets(), rt.droppedBytes(), rt.lastHitNs(), rt.state());
    }

    // ------------------------------------------------------------------ in-process reads (harness)

    /** The HX record (activity, passed/dropped counters, state) of an entry, or null if absent. */
    public HxEntryRecord entryRecord(int globalTableId, long index) {
        gate.lockExclusive();
        try {
            FlowTable t = tables.byGlobalId(globalTableId);
            FlowEntry e = t == null ? null : t.byIndex(index);
            return e == null ? null : record(e);
        } finally {
            gate.unlockExclusive();
        }
    }

    /** HX records of every entry of a table, by index (empty if the table does not exist). */
    public List<HxEntryRecord> entryRecords(int globalTableId) {
        gate.lockExclusive();
        try {
            FlowTable t = tables.byGlobalId(globalTableId);
            if (t == null) {
                return List.of();
            }
            List<HxEntryRecord> out = new ArrayList<>();
            for (FlowEntry e : sortedByIndex(t)) {
                out.add(record(e));
            }
            return out;
        } finally {
            gate.unlockExclusive();
        }
    }

    /**
     * The HX_CALL_BLOCK (block, idle timeout, params) of every entry that has one, by global table
     * id and entry index: what the controller's FLOW_MODs left in the switch.
     */
    public Map<Integer, Map<Long, HxCallBlock>> entryCalls() {
        gate.lockExclusive();
        try {
            Map<Integer, Map<Long, HxCallBlock>> out = new java.util.TreeMap<>();
            for (FlowTable t : tables.all()) {
                Map<Long, HxCallBlock> calls = new java.util.TreeMap<>();
                for (FlowEntry e : t.entries()) {
                    if (e.call() != null) {
                        calls.put(e.index(), e.call());
                    }
                }
                out.put(t.spec().globalId(), calls);
            }
            return out;
        } finally {
            gate.unlockExclusive();
        }
    }

    /** A register word. */
    public long register(int word) {
        gate.lockExclusive();
        try {
            return hx.registers[word];
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Stock counters by id: {packets, bytes}. */
    public Map<Long, long[]> counters() {
        gate.lockExclusive();
        try {
            return Collections.unmodifiableMap(counterStore().snapshot());
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Join PACKET_INs not sent because the pending-join set was full. */
    public long joinsSuppressed() {
        gate.lockExclusive();
        try {
            return hx.joinsSuppressed;
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Number of flow tables created (by TABLE_MOD). */
    public int tableCount() {
        gate.lockExclusive();
        try {
            return tables.all().size();
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Number of installed extension blocks: non-zero once an in-switch (HX) program is loaded. */
    public int blockCount() {
        gate.lockExclusive();
        try {
            return hx.blocks.size();
        } finally {
            gate.unlockExclusive();
        }
    }

    /** Number of entries in a table (0 if absent). */
    public int entryCount(int globalTableId) {
        gate.lockExclusive();
        try {
            FlowTable t = tables.byGlobalId(globalTableId);
            return t == null ? 0 : t.size();
        } finally {
            gate.unlockExclusive();
        }
    }

    // ------------------------------------------------------------------ for the interpreter

    Map<List<Instruction>, FastGen.Block> generatedBlocks() {
        return generatedBlocks;
    }

    CounterStore counterStore() {
        return counters;
    }

    TableStore tables() {
        return tables;
    }

    HxState hx() {
        return hx;
    }

    GroupMod group(long id) {
        return groups.get(id);
    }

    boolean meterExists(long id) {
        return meters.containsKey(id);
    }

    /** The next upward xid (g_upward_xid++), shared with the control channel. */
    public long nextUpwardXid() {
        return upwardXid.getAndIncrement() & 0xFFFFFFFFL;
    }

    /** The upward xid without incrementing (PORT_STATUS after GET_CONFIG uses it). */
    public long currentUpwardXid() {
        return upwardXid.get() & 0xFFFFFFFFL;
    }

    /** An ERROR message for {@code e} with this switch's device id. */
    public ErrorMessage errorMessage(SwitchError e, long xid) {
        return Execution.errorMessage(e, xid, config.deviceId());
    }
}
