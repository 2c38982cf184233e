package org.hsdba.impl.compiler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.ProgramLayout;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchCompiler;
import org.hsdba.compiler.SwitchDelta;
import org.hsdba.compiler.SwitchProgram;
import org.hsdba.compiler.Words;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.EditHistory;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.impl.program.ProgramChange;
import org.hsdba.impl.program.ProgramException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.ext.HxReadReply;
import org.hsdba.pof.ext.HxReadRequest;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;

/**
 * The in-switch program of a device: every tree of the switch ({@link SwitchCompiler}: a dispatch
 * table picks the tree by its port selector, each tree has its own tables, blocks and registers).
 * Updates are the compiler's deltas, per tree, on stable placements and slots; adding or removing
 * a tree is incremental too. Counters come from HX_READ_REQUESTs over each level table, in index
 * ranges of {@value #RECORDS_PER_REPLY} so that each request has exactly one reply.
 */
final class InSwitchProgram extends TreeProgramBase {

    /** Entry records that fit one HX_READ_REPLY (8 state words: 112 bytes each). */
    static final int RECORDS_PER_REPLY = 22;

    private final SwitchProgram program;

    private InSwitchProgram(List<BandwidthTree> trees, SwitchProgram program, SwitchCapabilities caps,
                            HsdbaParameters parameters, CompilerOptions opts, List<PofMessage> install) {
        super(trees, caps, parameters, opts, install);
        this.program = program;
        for (BandwidthTree t : trees) {
            long port = t.port().port();
            ProgramLayout layout = program.layout(port);
            List<Integer> levelTables = new ArrayList<>();
            for (int level = 1; level <= layout.levels(); level++) {
                levelTables.add(layout.globalId(layout.levelTable(level)));
            }
            register(t.port(), program.slots(port), levelTables);
        }
    }

    static InSwitchProgram compile(List<BandwidthTree> trees, SwitchCapabilities caps, HsdbaParameters parameters) {
        CompilerOptions opts = CompilerPrograms.options(parameters);
        try {
            SwitchDelta d = SwitchCompiler.compile(trees, caps, opts);
            return new InSwitchProgram(trees, d.program(), caps, parameters, opts, d.messages());
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    @Override
    public DeviceMode mode() {
        return DeviceMode.IN_SWITCH;
    }

    /**
     * A kept tree with a known chain of edits from the installed version costs what the edits
     * touched; any other tree is admitted (if changed) and compared in full, and so is every tree
     * when the parameters change what the program carries (the compiler's diff to new options).
     */
    @Override
    public ProgramChange update(List<BandwidthTree> next, EditHistory history, HsdbaParameters params) {
        CompilerOptions nextOpts = params.equals(parameters) ? opts : CompilerPrograms.options(params);
        if (next.equals(trees) && nextOpts.equals(opts)) {
            return new ProgramChange(List.of(), params.equals(parameters) ? this
                    : new InSwitchProgram(trees, program, caps, params, opts, List.of()), 0);
        }
        try {
            List<ResolvedTree> resolved = new ArrayList<>(next.size());
            Map<Long, EditChain> chains = new HashMap<>();
            for (BandwidthTree t : next) {
                long port = t.port().port();
                Optional<ResolvedTree> was = program.resolved(port);
                if (was.isPresent() && was.get().tree().equals(t)) {
                    resolved.add(was.get());
                    continue;
                }
                Optional<EditChain> chain = was.isPresent() ? history.between(was.get().tree(), t) : Optional.empty();
                if (chain.isPresent()) {
                    chains.put(port, chain.get());
                    resolved.add(chain.get().to());
                } else {
                    resolved.add(Admission.admit(t));
                }
            }
            SwitchDelta d = SwitchCompiler.diffChained(program, resolved, chains, caps, nextOpts);
            return new ProgramChange(d.messages(), new InSwitchProgram(next, d.program(), caps, params, nextOpts,
                    List.of()), d.examined());
        } catch (CompilerException | InvalidTreeException e) {
            throw new ProgramException(e.getMessage(), e);
        }
    }

    @Override
    public CompletableFuture<CounterReading> readCounters(PofSwitch sw) {
        List<CompletableFuture<PofMessage>> replies = new ArrayList<>();
        List<Integer> tableOfReply = new ArrayList<>();
        for (BandwidthTree t : trees) {
            ProgramLayout layout = program.layout(t.port().port());
            Map<Integer, TreeSet<Long>> byLevel = new HashMap<>();
            for (NodeSlot s : program.slots(t.port().port()).all().values()) {
                byLevel.computeIfAbsent(s.level(), l -> new TreeSet<>()).add(s.entryIndex());
            }
            for (Map.Entry<Integer, TreeSet<Long>> e : byLevel.entrySet()) {
                int table = layout.globalId(layout.levelTable(e.getKey()));
                TreeSet<Long> indices = e.getValue();
                long first = indices.first();
                while (true) {
                    replies.add(sw.request(new HxReadRequest(0, HxReadRequest.WHAT_ENTRIES, table, first,
                            RECORDS_PER_REPLY)));
                    tableOfReply.add(table);
                    Long next = indices.ceiling(first + RECORDS_PER_REPLY);
                    if (next == null) {
                        break;
                    }
                    first = next;
                }
            }
        }
        return CompletableFuture.allOf(replies.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            Map<NodeRef, EntryCounters> out = new HashMap<>();
            for (int k = 0; k < replies.size(); k++) {
                PofMessage m = replies.get(k).join();
                if (!(m instanceof HxReadReply)) {
                    throw new IllegalStateException("expected HX_READ_REPLY, got " + m);
                }
                int table = tableOfReply.get(k);
                for (HxEntryRecord r : ((HxReadReply) m).entries()) {
                    long[] state = r.state();
                    Boolean satisfied = state.length > Words.S_SATISFIED ? state[Words.S_SATISFIED] != 0 : null;
                    nodeAt(table, r.index()).ifPresent(node -> out.put(node,
                            new EntryCounters(r.passedBytes(), r.droppedBytes(), r.passedPackets(), r.droppedPackets(),
                                    r.active(), satisfied)));
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
