package org.hsdba.impl.compiler;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.DeviceMode;
import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.assisted.AssistedCompiler;
import org.hsdba.compiler.assisted.AssistedProgram;
import org.hsdba.compiler.assisted.ControllerAssistedLoop;
import org.hsdba.compiler.assisted.CounterReadings;
import org.hsdba.compiler.assisted.LoopState;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.JoinSite;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;

/**
 * The controller-assisted program of a device (one tree; level 1 is global table 0). Counters
 * come from QUERYALL (entry counter id = node handle; a stock entry counter counts every match, so
 * what is read is the offered load: "passed" here, with no separate drop count). Each reading
 * runs the compiler's {@link ControllerAssistedLoop} step, whose MODIFYs set the new drop
 * thresholds. A tree change rebuilds the program (the assisted compiler has no incremental form),
 * which needs a wipe.
 */
final class AssistedDeviceProgram implements DeviceProgram {

    private final BandwidthTree tree;
    private final AssistedProgram program;
    private final LoopState state;
    private final SwitchCapabilities caps;
    private final CompilerOptions opts;
    private final SlotIndex index;

    private AssistedDeviceProgram(BandwidthTree tree, AssistedProgram program, LoopState state, SwitchCapabilities caps,
                                  CompilerOptions opts) {
        this.tree = tree;
        this.program = program;
        this.state = state;
        this.caps = caps;
        this.opts = opts;
        this.index = program == null ? null : new SlotIndex(program.slots());
    }

    static AssistedDeviceProgram compile(List<BandwidthTree> trees, SwitchCapabilities caps, CompilerOptions opts) {
        BandwidthTree tree = CompilerPrograms.single(trees);
        if (tree == null) {
            return new AssistedDeviceProgram(null, null, null, caps, opts);
        }
        try {
            AssistedProgram p = AssistedCompiler.compile(tree, caps, opts);
            return new AssistedDeviceProgram(tree, p, new ControllerAssistedLoop(p).initial(0), caps, opts);
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    @Override
    public DeviceMode mode() {
        return DeviceMode.CONTROLLER_ASSISTED;
    }

    @Override
    public List<BandwidthTree> trees() {
        return tree == null ? List.of() : List.of(tree);
    }

    @Override
    public List<PofMessage> installMessages() {
        return program == null ? List.of() : program.messages();
    }

    @Override
    public ProgramChange update(List<BandwidthTree> trees) {
        BandwidthTree next = CompilerPrograms.single(trees);
        if (next == null && tree == null) {
            return new ProgramChange(List.of(), this);
        }
        if (tree == null) {
            AssistedDeviceProgram fresh = compile(trees, caps, opts);
            return new ProgramChange(fresh.installMessages(), fresh);
        }
        return ProgramChange.wipe("controller-assisted programs are reinstalled on every tree change");
    }

    private int levelTable(int level) {
        return caps.tables().globalId(TableType.MM, program.levelTable(level));
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
        int local = caps.tables().localId(globalTableId);
        for (int level = 1; level <= tree.levels().size(); level++) {
            if (program.levelTable(level) == local) {
                return index.atEntry(level, entryIndex).map(id -> NodeRef.of(tree.port(), id));
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<NodeRef> nodeOf(PofMessage message) {
        if (!(message instanceof FlowMod) || ((FlowMod) message).tableType() != TableType.MM || tree == null) {
            return Optional.empty();
        }
        FlowMod f = (FlowMod) message;
        return nodeAt(caps.tables().globalId(TableType.MM, f.tableId()), f.index());
    }

    @Override
    public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
        if (tree == null) {
            return CompletableFuture.completedFuture(new CounterReading(0, Map.of()));
        }
        return sw.queryAll().thenApply(messages -> {
            Map<NodeRef, EntryCounters> out = new HashMap<>();
            for (PofMessage m : messages) {
                if (m instanceof CounterReply) {
                    CounterReply c = (CounterReply) m;
                    index.withHandle(c.counterId()).ifPresent(id ->
                            out.put(NodeRef.of(tree.port(), id), new EntryCounters(c.bytes(), 0, null, null)));
                }
            }
            return new CounterReading(0, out);
        });
    }

    @Override
    public ProgramChange step(CounterReading reading) {
        if (tree == null) {
            return new ProgramChange(List.of(), this);
        }
        Map<Long, Long> bytes = new HashMap<>();
        for (Map.Entry<String, Long> e : program.counterIds().entrySet()) {
            reading.get(NodeRef.of(tree.port(), e.getKey()))
                    .ifPresent(c -> bytes.put(e.getValue(), c.arrivedBytes()));
        }
        ControllerAssistedLoop.Step s = new ControllerAssistedLoop(program).step(state,
                CounterReadings.of(reading.nanoTime(), bytes));
        return new ProgramChange(s.modifies(), new AssistedDeviceProgram(tree, program, s.state(), caps, opts));
    }
}
