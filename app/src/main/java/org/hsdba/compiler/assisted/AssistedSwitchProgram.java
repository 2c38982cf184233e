package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.Dispatch;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchPlacement;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.FlowMod;

/**
 * The controller-assisted program of every tree of one stock switch, as installed, with each
 * tree's loop state (installed thresholds, last counter reading): the trees in the order given,
 * the {@link SwitchPlacement} (level tables and counter chunks per tree) and the {@link Dispatch}
 * (absent without trees). {@link #step} runs every tree's {@link ControllerAssistedLoop} on one
 * reading; {@link AssistedSwitchCompiler#diff} changes the trees. Immutable.
 */
public final class AssistedSwitchProgram {

    /** One tree as installed, and its loop state. */
    static final class Installed {
        final AssistedProgram program;
        final LoopState state;

        Installed(AssistedProgram program, LoopState state) {
            this.program = program;
            this.state = state;
        }
    }

    private final Map<Long, Installed> byPort;
    private final SwitchPlacement placement;
    private final Dispatch dispatch;

    AssistedSwitchProgram(Map<Long, Installed> byPort, SwitchPlacement placement, Dispatch dispatch) {
        this.byPort = Collections.unmodifiableMap(new LinkedHashMap<>(byPort));
        this.placement = placement;
        this.dispatch = dispatch;
    }

    /** Nothing installed: a wiped switch. */
    public static AssistedSwitchProgram empty(SwitchCapabilities caps, CompilerOptions opts) {
        // MM#first holds the drop hash table; the dispatch table and the trees' tables follow it.
        return new AssistedSwitchProgram(Map.of(), SwitchPlacement.empty(caps.withoutHx(),
                opts.toBuilder().firstTable(opts.firstTable() + 1).build()), null);
    }

    public List<BandwidthTree> trees() {
        List<BandwidthTree> out = new ArrayList<>(byPort.size());
        byPort.values().forEach(i -> out.add(i.program.tree()));
        return out;
    }

    /** Every tree's program, in tree order. */
    public List<AssistedProgram> programs() {
        List<AssistedProgram> out = new ArrayList<>(byPort.size());
        byPort.values().forEach(i -> out.add(i.program));
        return out;
    }

    public Optional<AssistedProgram> program(long port) {
        return Optional.ofNullable(byPort.get(port)).map(i -> i.program);
    }

    /** The loop state of the tree of {@code port} (installed thresholds, last reading). */
    public Optional<LoopState> state(long port) {
        return Optional.ofNullable(byPort.get(port)).map(i -> i.state);
    }

    public SwitchPlacement placement() {
        return placement;
    }

    public Optional<Dispatch> dispatch() {
        return Optional.ofNullable(dispatch);
    }

    Map<Long, Installed> byPort() {
        return byPort;
    }

    /** One poll of every tree: the MODIFYs of thresholds that changed (tree order) and the program after them. */
    public Step step(CounterReadings readings) {
        Map<Long, Installed> next = new LinkedHashMap<>();
        List<FlowMod> modifies = new ArrayList<>();
        for (Map.Entry<Long, Installed> e : byPort.entrySet()) {
            AssistedProgram p = e.getValue().program;
            ControllerAssistedLoop.Step s = new ControllerAssistedLoop(p).step(e.getValue().state, readings);
            modifies.addAll(s.modifies());
            next.put(e.getKey(), new Installed(p, s.state()));
        }
        return new Step(modifies, new AssistedSwitchProgram(next, placement, dispatch));
    }

    /** A salt change of every tree between polls ({@link ControllerAssistedLoop#resalt}). */
    public Step resalt() {
        Map<Long, Installed> next = new LinkedHashMap<>();
        List<FlowMod> modifies = new ArrayList<>();
        for (Map.Entry<Long, Installed> e : byPort.entrySet()) {
            AssistedProgram p = e.getValue().program;
            ControllerAssistedLoop.Step s = new ControllerAssistedLoop(p).resalt(e.getValue().state);
            modifies.addAll(s.modifies());
            next.put(e.getKey(), new Installed(p, s.state()));
        }
        return new Step(modifies, new AssistedSwitchProgram(next, placement, dispatch));
    }

    @Override
    public String toString() {
        return "AssistedSwitchProgram{" + (dispatch == null ? "no dispatch" : dispatch) + ", "
                + placement.trees().values() + "}";
    }

    /** The result of one poll. */
    public static final class Step {
        private final List<FlowMod> modifies;
        private final AssistedSwitchProgram next;

        Step(List<FlowMod> modifies, AssistedSwitchProgram next) {
            this.modifies = List.copyOf(modifies);
            this.next = next;
        }

        /** FLOW_MOD MODIFYs to send. */
        public List<FlowMod> modifies() {
            return modifies;
        }

        /** The program with every tree's new loop state. */
        public AssistedSwitchProgram next() {
            return next;
        }
    }
}
