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
import org.hsdba.compiler.assisted.AssistedProgram;
import org.hsdba.compiler.assisted.AssistedSwitchCompiler;
import org.hsdba.compiler.assisted.AssistedSwitchDelta;
import org.hsdba.compiler.assisted.AssistedSwitchProgram;
import org.hsdba.compiler.assisted.ControllerAssistedLoop;
import org.hsdba.compiler.assisted.CounterReadings;
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
 * The controller-assisted program of a device: every tree of the switch
 * ({@link AssistedSwitchCompiler}: a dispatch table picks the tree, each tree has its own level
 * tables and counter ids). Counters come from QUERYALL (a stock entry counter counts every match,
 * so what is read is the offered load: "passed" here, with no separate drop count). Each reading
 * runs every tree's {@link ControllerAssistedLoop} step, whose MODIFYs set the new drop
 * thresholds. A tree change (a join included) is the compiler's incremental delta: kept entries
 * keep their index, counter and threshold.
 */
final class AssistedDeviceProgram implements DeviceProgram {

    private final List<BandwidthTree> trees;
    private final AssistedSwitchProgram program;
    private final SwitchCapabilities caps;
    private final CompilerOptions opts;
    private final List<PofMessage> install;
    private final Map<Long, SlotIndex> indexes = new HashMap<>();
    private final LevelTableIndex tables = new LevelTableIndex();
    private final Map<Long, NodeRef> byCounter = new HashMap<>();

    private AssistedDeviceProgram(List<BandwidthTree> trees, AssistedSwitchProgram program, SwitchCapabilities caps,
                                  CompilerOptions opts, List<PofMessage> install) {
        this.trees = List.copyOf(trees);
        this.program = program;
        this.caps = caps;
        this.opts = opts;
        this.install = List.copyOf(install);
        for (AssistedProgram p : program.programs()) {
            indexes.put(p.tree().port().port(), new SlotIndex(p.slots()));
            List<Integer> levelTables = p.globalLevelTables();
            for (int level = 1; level <= levelTables.size(); level++) {
                tables.put(levelTables.get(level - 1), p.tree().port(), level);
            }
            p.counterIds().forEach((id, counter) -> byCounter.put(counter, NodeRef.of(p.tree().port(), id)));
        }
    }

    static AssistedDeviceProgram compile(List<BandwidthTree> trees, SwitchCapabilities caps, CompilerOptions opts) {
        try {
            AssistedSwitchDelta d = AssistedSwitchCompiler.compile(trees, caps, opts);
            return new AssistedDeviceProgram(trees, d.program(), caps, opts, d.messages());
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
        return trees;
    }

    @Override
    public List<PofMessage> installMessages() {
        return install;
    }

    @Override
    public ProgramChange update(List<BandwidthTree> next) {
        if (next.equals(trees)) {
            return new ProgramChange(List.of(), this);
        }
        try {
            AssistedSwitchDelta d = AssistedSwitchCompiler.diff(program, next, caps, opts);
            return new ProgramChange(d.messages(), new AssistedDeviceProgram(next, d.program(), caps, opts, List.of()));
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    @Override
    public Optional<JoinSite> joinSite(PacketIn packetIn) {
        if (packetIn.reason() != opts.joinReason()) {
            return Optional.empty();
        }
        return tables.at(packetIn.tableId()).map(l -> JoinSite.of(l.port, l.level));
    }

    @Override
    public Optional<NodeRef> nodeAt(int globalTableId, long entryIndex) {
        return tables.at(globalTableId).flatMap(l -> indexes.get(l.port.port()).atEntry(l.level, entryIndex)
                .map(id -> NodeRef.of(l.port, id)));
    }

    @Override
    public Optional<NodeRef> nodeOf(PofMessage message) {
        if (!(message instanceof FlowMod) || ((FlowMod) message).tableType() != TableType.MM) {
            return Optional.empty();
        }
        FlowMod f = (FlowMod) message;
        return nodeAt(caps.tables().globalId(TableType.MM, f.tableId()), f.index());
    }

    @Override
    public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
        if (trees.isEmpty()) {
            return CompletableFuture.completedFuture(new CounterReading(0, Map.of()));
        }
        return sw.queryAll().thenApply(messages -> {
            Map<NodeRef, EntryCounters> out = new HashMap<>();
            for (PofMessage m : messages) {
                if (m instanceof CounterReply) {
                    CounterReply c = (CounterReply) m;
                    NodeRef node = byCounter.get(c.counterId());
                    if (node != null) {
                        out.put(node, new EntryCounters(c.bytes(), 0, null, null));
                    }
                }
            }
            return new CounterReading(0, out);
        });
    }

    @Override
    public ProgramChange step(CounterReading reading) {
        Map<Long, Long> bytes = new HashMap<>();
        for (AssistedProgram p : program.programs()) {
            for (Map.Entry<String, Long> e : p.counterIds().entrySet()) {
                reading.get(NodeRef.of(p.tree().port(), e.getKey()))
                        .ifPresent(c -> bytes.put(e.getValue(), c.arrivedBytes()));
            }
        }
        AssistedSwitchProgram.Step s = program.step(CounterReadings.of(reading.nanoTime(), bytes));
        return new ProgramChange(s.modifies(), new AssistedDeviceProgram(trees, s.next(), caps, opts, List.of()));
    }
}
