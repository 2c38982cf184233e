package org.hsdba.impl.compiler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.DeviceMode;
import org.hsdba.compiler.CompiledDelta;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.Words;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.ext.HxReadReply;
import org.hsdba.pof.ext.HxReadRequest;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;

/**
 * The in-switch program of a device (one tree: the compiled program starts every packet in the
 * port table, global table 0). Updates are the compiler's deltas on the stable slot map; removing
 * the tree needs a wipe. Counters come from HX_READ_REQUESTs over each level table, in index
 * ranges of {@value #RECORDS_PER_REPLY} so that each request has exactly one reply.
 */
final class InSwitchProgram implements DeviceProgram {

    /** Entry records that fit one HX_READ_REPLY (8 state words: 112 bytes each). */
    static final int RECORDS_PER_REPLY = 22;

    private final BandwidthTree tree;
    private final SlotMap slots;
    private final SwitchCapabilities caps;
    private final CompilerOptions opts;
    private final List<PofMessage> install;
    private final SlotIndex index;

    private InSwitchProgram(BandwidthTree tree, SlotMap slots, SwitchCapabilities caps, CompilerOptions opts,
                            List<PofMessage> install) {
        this.tree = tree;
        this.slots = slots;
        this.caps = caps;
        this.opts = opts;
        this.install = List.copyOf(install);
        this.index = new SlotIndex(slots);
    }

    static InSwitchProgram compile(List<BandwidthTree> trees, SwitchCapabilities caps, CompilerOptions opts) {
        BandwidthTree tree = CompilerPrograms.single(trees);
        if (tree == null) {
            return new InSwitchProgram(null, SlotMap.empty(), caps, opts, List.of());
        }
        try {
            CompiledProgram p = HsdbaCompiler.compile(tree, caps, opts);
            return new InSwitchProgram(tree, p.slots(), caps, opts, p.messages());
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    @Override
    public DeviceMode mode() {
        return DeviceMode.IN_SWITCH;
    }

    @Override
    public List<BandwidthTree> trees() {
        return tree == null ? List.of() : List.of(tree);
    }

    @Override
    public List<PofMessage> installMessages() {
        return install;
    }

    @Override
    public ProgramChange update(List<BandwidthTree> trees) {
        BandwidthTree next = CompilerPrograms.single(trees);
        if (tree == null && next == null) {
            return new ProgramChange(List.of(), this);
        }
        if (next == null || (tree != null && !tree.port().equals(next.port()))) {
            return ProgramChange.wipe("the tree of port " + tree.port().port() + " was removed");
        }
        if (tree == null) {
            InSwitchProgram fresh = compile(trees, caps, opts);
            return new ProgramChange(fresh.install, fresh);
        }
        try {
            CompiledDelta d = HsdbaCompiler.diff(tree, next, slots, caps, opts);
            return new ProgramChange(d.messages(), new InSwitchProgram(next, d.slots(), caps, opts, List.of()));
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    private int levelTable(int level) {
        return caps.tables().globalId(TableType.MM, opts.firstTable() + level);
    }

    @Override
    public Optional<JoinSite> joinSite(PacketIn packetIn) {
        if (tree == null || packetIn.reason() != opts.joinReason()) {
            return Optional.empty();
        }
        for (int level = 1; level <= tree.levels().size(); level++) {
            if (levelTable(level) == packetIn.tableId()) {
                return Optional.of(JoinSite.of(tree.port(), level));
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<NodeRef> nodeAt(int globalTableId, long entryIndex) {
        if (tree == null || caps.tables().tableType(globalTableId) != TableType.MM) {
            return Optional.empty();
        }
        int level = caps.tables().localId(globalTableId) - opts.firstTable();
        return index.atEntry(level, entryIndex).map(id -> NodeRef.of(tree.port(), id));
    }

    @Override
    public Optional<NodeRef> nodeOf(PofMessage message) {
        if (tree == null || !(message instanceof FlowMod) || ((FlowMod) message).tableType() != TableType.MM) {
            return Optional.empty();
        }
        FlowMod f = (FlowMod) message;
        return index.atEntry(f.tableId() - opts.firstTable(), f.index()).map(id -> NodeRef.of(tree.port(), id));
    }

    @Override
    public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
        if (tree == null) {
            return CompletableFuture.completedFuture(new CounterReading(0, Map.of()));
        }
        Map<Integer, TreeSet<Long>> byLevel = new HashMap<>();
        for (NodeSlot s : slots.all().values()) {
            byLevel.computeIfAbsent(s.level(), l -> new TreeSet<>()).add(s.entryIndex());
        }
        List<CompletableFuture<PofMessage>> replies = new ArrayList<>();
        List<Integer> levels = new ArrayList<>();
        for (Map.Entry<Integer, TreeSet<Long>> e : byLevel.entrySet()) {
            TreeSet<Long> indices = e.getValue();
            long first = indices.first();
            while (true) {
                replies.add(sw.request(new HxReadRequest(0, HxReadRequest.WHAT_ENTRIES, levelTable(e.getKey()), first,
                        RECORDS_PER_REPLY)));
                levels.add(e.getKey());
                Long next = indices.ceiling(first + RECORDS_PER_REPLY);
                if (next == null) {
                    break;
                }
                first = next;
            }
        }
        return CompletableFuture.allOf(replies.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            Map<NodeRef, EntryCounters> out = new HashMap<>();
            for (int k = 0; k < replies.size(); k++) {
                PofMessage m = replies.get(k).join();
                if (!(m instanceof HxReadReply)) {
                    throw new IllegalStateException("expected HX_READ_REPLY, got " + m);
                }
                int level = levels.get(k);
                for (HxEntryRecord r : ((HxReadReply) m).entries()) {
                    long[] state = r.state();
                    Boolean satisfied = state.length > Words.S_SATISFIED ? state[Words.S_SATISFIED] != 0 : null;
                    index.atEntry(level, r.index()).ifPresent(id -> out.put(NodeRef.of(tree.port(), id),
                            new EntryCounters(r.passedBytes(), r.droppedBytes(), r.active(), satisfied)));
                }
            }
            return new CounterReading(0, out);
        });
    }

    @Override
    public ProgramChange step(CounterReading reading) {
        return new ProgramChange(List.of(), this);
    }
}
