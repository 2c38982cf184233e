package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.BandwidthTree;

/**
 * The in-switch program of every tree of one switch, as installed: the trees (in the order they
 * were given), each tree's {@link SlotMap} and {@link ProgramLayout}, the {@link SwitchPlacement}
 * and the {@link Dispatch} (absent while the switch has no tree and so no dispatch table), and the
 * algorithm options it was compiled with (estimator, idle timeout: what its blocks and entries
 * carry). What {@link SwitchCompiler#diff} starts from. Immutable.
 */
public final class SwitchProgram {

    /** One tree as installed. */
    static final class Installed {
        final BandwidthTree tree;
        /** The admitted tree, so that the next diff need not admit it again. */
        final ResolvedTree resolved;
        final SlotMap slots;
        final ProgramLayout layout;

        Installed(ResolvedTree resolved, SlotMap slots, ProgramLayout layout) {
            this.tree = resolved.tree();
            this.resolved = resolved;
            this.slots = slots;
            this.layout = layout;
        }
    }

    private final Map<Long, Installed> byPort;
    private final SwitchPlacement placement;
    private final Dispatch dispatch;
    private final KernelOptions algorithm;

    SwitchProgram(Map<Long, Installed> byPort, SwitchPlacement placement, Dispatch dispatch, KernelOptions algorithm) {
        this.byPort = Collections.unmodifiableMap(new LinkedHashMap<>(byPort));
        this.placement = placement;
        this.dispatch = dispatch;
        this.algorithm = algorithm;
    }

    /** Nothing installed: a wiped switch. */
    public static SwitchProgram empty(SwitchCapabilities caps, CompilerOptions opts) {
        return new SwitchProgram(Map.of(), SwitchPlacement.empty(caps, opts), null, opts.algorithm());
    }

    /** The trees, in the order they were given. */
    public List<BandwidthTree> trees() {
        List<BandwidthTree> out = new ArrayList<>(byPort.size());
        byPort.values().forEach(i -> out.add(i.tree));
        return out;
    }

    public Optional<BandwidthTree> tree(long port) {
        return Optional.ofNullable(byPort.get(port)).map(i -> i.tree);
    }

    /** The admitted tree of {@code port}, as installed. */
    public Optional<ResolvedTree> resolved(long port) {
        return Optional.ofNullable(byPort.get(port)).map(i -> i.resolved);
    }

    /** The slots of the tree of {@code port}. */
    public SlotMap slots(long port) {
        return installed(port).slots;
    }

    /** Where the tree of {@code port} lives. */
    public ProgramLayout layout(long port) {
        return installed(port).layout;
    }

    public SwitchPlacement placement() {
        return placement;
    }

    /** The algorithm options the blocks and entries were compiled with. */
    public KernelOptions algorithm() {
        return algorithm;
    }

    /** The dispatch table's key; empty when there is no tree (and no dispatch table). */
    public Optional<Dispatch> dispatch() {
        return Optional.ofNullable(dispatch);
    }

    Installed installed(long port) {
        Installed i = byPort.get(port);
        if (i == null) {
            throw new IllegalArgumentException("no tree of port " + port + " in this program");
        }
        return i;
    }

    Map<Long, Installed> byPort() {
        return byPort;
    }

    @Override
    public String toString() {
        return "SwitchProgram{" + (dispatch == null ? "no dispatch" : dispatch) + ", " + placement.trees().values() + "}";
    }
}
