package org.hsdba.impl.compiler;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
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
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;

/**
 * The controller-assisted program of a device: every tree of the switch
 * ({@link AssistedSwitchCompiler}: a dispatch table picks the tree, each tree has its own level
 * tables and counter ids). Counters come from QUERYALL: a stock entry counter counts every match
 * (the offered load), each leaf's drop branch counts its drops in a drop counter. Each reading
 * runs every tree's {@link ControllerAssistedLoop} step, whose MODIFYs set the new drop
 * thresholds. A tree change (a join included) is the compiler's incremental delta: kept entries
 * keep their index, counter and threshold.
 */
final class AssistedDeviceProgram extends TreeProgramBase {

    private final AssistedSwitchProgram program;
    /** The counters of the last reading of this program (read, then stepped, by the monitor's one reading at a time). */
    private volatile CounterReadings lastRaw;

    private AssistedDeviceProgram(List<BandwidthTree> trees, AssistedSwitchProgram program, SwitchCapabilities caps,
                                  HsdbaParameters parameters, CompilerOptions opts, List<PofMessage> install) {
        super(trees, caps, parameters, opts, install);
        this.program = program;
        for (AssistedProgram p : program.programs()) {
            register(p.tree().port(), p.slots(), p.globalLevelTables());
        }
    }

    static AssistedDeviceProgram compile(List<BandwidthTree> trees, SwitchCapabilities caps, HsdbaParameters parameters) {
        CompilerOptions opts = CompilerPrograms.options(parameters);
        try {
            AssistedSwitchDelta d = AssistedSwitchCompiler.compile(trees, caps, opts);
            return new AssistedDeviceProgram(trees, d.program(), caps, parameters, opts, d.messages());
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    @Override
    public DeviceMode mode() {
        return DeviceMode.CONTROLLER_ASSISTED;
    }

    /**
     * The controller-assisted compiler compares whole trees: {@code history} is not used. The
     * estimator and the idle timeout reach no switch message here (the controller measures per
     * polling period and times idle leaves itself), so new parameters alone send nothing.
     */
    @Override
    public ProgramChange update(List<BandwidthTree> next, EditHistory history, HsdbaParameters params) {
        if (next.equals(trees)) {
            if (params.equals(parameters)) {
                return new ProgramChange(List.of(), this);
            }
            AssistedDeviceProgram same = new AssistedDeviceProgram(trees, program, caps, params,
                    CompilerPrograms.options(params), List.of());
            same.lastRaw = lastRaw;
            return new ProgramChange(List.of(), same);
        }
        CompilerOptions nextOpts = params.equals(parameters) ? opts : CompilerPrograms.options(params);
        try {
            AssistedSwitchDelta d = AssistedSwitchCompiler.diff(program, next, caps, nextOpts);
            return new ProgramChange(d.messages(), new AssistedDeviceProgram(next, d.program(), caps, params, nextOpts,
                    List.of()));
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    /**
     * One QUERYALL: every tree's entry counters (bytes and packets: the offered load) and drop
     * counters (packets: the stock COUNTER action counts no bytes). A node's dropped bytes are its
     * drop packets at the mean frame size of its entry, summed over the periods by the loop
     * ({@link ControllerAssistedLoop}); passed = offered - dropped.
     */
    @Override
    public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
        if (trees.isEmpty()) {
            return CompletableFuture.completedFuture(new CounterReading(0, Map.of()));
        }
        return sw.queryAll().thenApply(messages -> {
            Map<Long, Long> bytes = new HashMap<>();
            Map<Long, Long> packets = new HashMap<>();
            for (PofMessage m : messages) {
                if (m instanceof CounterReply) {
                    CounterReply c = (CounterReply) m;
                    bytes.put(c.counterId(), c.bytes());
                    packets.put(c.counterId(), c.packets());
                }
            }
            CounterReadings raw = CounterReadings.of(Long.MAX_VALUE, bytes, packets);
            // The dropped bytes do not depend on the time of the reading: a provisional step gives them.
            AssistedSwitchProgram stepped = program.step(raw).next();
            Map<NodeRef, EntryCounters> out = new HashMap<>();
            for (AssistedProgram p : program.programs()) {
                long port = p.tree().port().port();
                stepped.state(port).ifPresent(state -> state.nodes().forEach((id, n) -> {
                    if (n.offeredBytes() >= 0) {
                        long dropped = Math.min(n.offeredBytes(), Math.round(n.droppedBytes()));
                        long offeredPackets = Math.max(0, n.offeredPackets());
                        long droppedPackets = Math.min(offeredPackets, Math.max(0, n.droppedPackets()));
                        out.put(NodeRef.of(p.tree().port(), id), new EntryCounters(n.offeredBytes() - dropped, dropped,
                                offeredPackets - droppedPackets, droppedPackets, null, null));
                    }
                }));
            }
            lastRaw = raw;
            return new CounterReading(0, out);
        });
    }

    @Override
    public ProgramChange resalt() {
        AssistedSwitchProgram.Step s = program.resalt();
        AssistedDeviceProgram next = new AssistedDeviceProgram(trees, s.next(), caps, parameters, opts, List.of());
        next.lastRaw = lastRaw;
        return new ProgramChange(s.modifies(), next);
    }

    @Override
    public ProgramChange step(CounterReading reading) {
        CounterReadings raw = lastRaw;
        if (raw == null) {
            return new ProgramChange(List.of(), this);
        }
        AssistedSwitchProgram.Step s = program.step(raw.at(reading.nanoTime()));
        AssistedTrace.poll(s.next(), s.modifies().size());
        return new ProgramChange(s.modifies(), new AssistedDeviceProgram(trees, s.next(), caps, parameters, opts,
                List.of()));
    }
}
