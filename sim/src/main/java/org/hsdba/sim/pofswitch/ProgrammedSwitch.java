package org.hsdba.sim.pofswitch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.compiler.CompiledDelta;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.FixedPoint;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.ProgramLayout;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.Words;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.EntryRef;
import org.hsdba.sim.engine.EnforcementProbe;
import org.hsdba.sim.engine.NodeStateProbe;

/**
 * A reference datapath holding the compiled program of a tree, as its controller keeps it: the
 * program is installed at creation, and {@link #update} applies the compiler's incremental diff
 * to a new tree (a join adds a node). Knows which entry is which node, and reads a node's
 * enforcement state back from the switch's entry state words and its parent's registers
 * ({@code docs/hsdba-compiler.md} word layout): {@code R = state[S_RATE]},
 * {@code f = min(l, w * alpha_num / alpha_den)}. Single-threaded.
 */
public final class ProgrammedSwitch implements EnforcementProbe, NodeStateProbe {

    private final Datapath datapath;
    private final CompilerOptions options;
    private final SwitchCapabilities caps = SwitchCapabilities.reference();
    private BandwidthTree installed;
    private SlotMap slots;
    private ProgramLayout layout;
    private final Map<Long, String> nodeOfEntry = new HashMap<>();
    private final Map<String, Reading> readings = new HashMap<>();

    private ProgrammedSwitch(BandwidthTree tree, CompilerOptions options, long seed, boolean fastPath) {
        this.options = Objects.requireNonNull(options, "compiler options");
        this.datapath = new Datapath(DatapathConfig.builder().extensionEnabled(true).rngSeed(seed).fastPath(fastPath)
                .build());
        datapath.enableAllPorts();
        CompiledProgram program = HsdbaCompiler.compile(tree, caps, options);
        PofSwitchFactory.install(datapath, program.messages());
        adopt(tree, program.slots(), program.layout());
    }

    /** A fresh reference datapath (extension on, random generator seeded with {@code seed}) programmed with {@code tree}. */
    public static ProgrammedSwitch install(BandwidthTree tree, CompilerOptions options, long seed) {
        return new ProgrammedSwitch(tree, options, seed, true);
    }

    /** {@link #install(BandwidthTree, CompilerOptions, long)} on the compiled fast path or the interpreter alone. */
    public static ProgrammedSwitch install(BandwidthTree tree, CompilerOptions options, long seed, boolean fastPath) {
        return new ProgrammedSwitch(tree, options, seed, fastPath);
    }

    /** Moves the switch to {@code after}'s program by the compiler's diff; returns the messages' count. */
    public int update(BandwidthTree after) {
        CompiledDelta delta = HsdbaCompiler.diff(installed, after, slots, caps, options);
        if (delta.reinstall()) {
            throw new IllegalStateException("updating " + installed.rootPath() + " needs a full reinstall;"
                    + " the harness only applies incremental changes");
        }
        PofSwitchFactory.install(datapath, delta.messages());
        // Not a reinstall: same levels, port and mode, hence the same table and register layout.
        adopt(after, delta.slots(), layout);
        return delta.messages().size();
    }

    private void adopt(BandwidthTree tree, SlotMap newSlots, ProgramLayout newLayout) {
        this.installed = tree;
        this.slots = newSlots;
        this.layout = newLayout;
        nodeOfEntry.clear();
        readings.clear();
        ResolvedTree resolved = Admission.admit(tree);
        long[] weights = FixedPoint.weights(resolved);
        for (Map.Entry<String, NodeSlot> e : slots.all().entrySet()) {
            NodeSlot slot = e.getValue();
            int table = layout.globalId(layout.levelTable(slot.level()));
            nodeOfEntry.put(key(table, slot.entryIndex()), e.getKey());
            int i = tree.indexOf(e.getKey());
            int p = tree.parentIndex(i);
            int parentSlot = p < 0 ? SlotMap.PORT : slots.get(tree.node(p).id()).registerSlot();
            readings.put(e.getKey(), new Reading(table, slot.entryIndex(), (int) layout.registerBase(parentSlot),
                    weights[i], FixedPoint.bytesPerSecond(resolved.peak(i))));
        }
    }

    private static long key(int table, long index) {
        return ((long) table << 40) ^ index;
    }

    public Datapath datapath() {
        return datapath;
    }

    /** The tree whose program is installed now. */
    public BandwidthTree installed() {
        return installed;
    }

    /** Ids of the nodes with an entry in the switch. */
    public Set<String> installedIds() {
        return readings.keySet();
    }

    public ProgramLayout layout() {
        return layout;
    }

    /** The node of an entry on a packet's HSDBA path, or null. */
    public String nodeOf(EntryRef ref) {
        return nodeOfEntry.get(key(ref.tableId(), ref.index()));
    }

    /** {@code tree} without the nodes not in {@code keep} (templates stay): what a controller has installed so far. */
    public static BandwidthTree restrict(BandwidthTree tree, Set<String> keep) {
        List<NodeSpec> nodes = new ArrayList<>();
        for (NodeSpec n : tree.nodes()) {
            if (n.isTemplate() || keep.contains(n.id())) {
                nodes.add(n);
            }
        }
        return tree.toBuilder().nodes(nodes).build();
    }

    @Override
    public double measuredBps(String nodeId) {
        Reading r = readings.get(nodeId);
        HxEntryRecord rec = r == null ? null : datapath.entryRecord(r.table, r.index);
        if (rec == null || !rec.active()) {
            return Double.NaN;
        }
        return rec.state()[Words.S_RATE] * 8.0;
    }

    /**
     * The f the node's next packet would get with the registers as they stand, computed as the
     * level block does: the node competes (its own contribution out of the parent's sums, its
     * weight in U_weight), f = min(l, max(w * alpha, B - S_rate - U_demand)), alpha = (B - S_rate)
     * / U_weight or, when S_rate &gt; B, B / W_active (guarantees are not counted here).
     */
    @Override
    public double fairBps(String nodeId) {
        Reading r = readings.get(nodeId);
        if (r == null) {
            return Double.NaN;
        }
        HxEntryRecord rec = datapath.entryRecord(r.table, r.index);
        double b = datapath.register(r.parentBase + Words.R_BANDWIDTH);
        double sat = datapath.register(r.parentBase + Words.R_SATISFIED_RATE);
        double unsatW = datapath.register(r.parentBase + Words.R_UNSATISFIED_WEIGHT);
        double unsatD = datapath.register(r.parentBase + Words.R_UNSATISFIED_DEMAND);
        double activeW = datapath.register(r.parentBase + Words.R_ACTIVE_WEIGHT);
        if (rec != null && rec.active()) {
            double d = rec.state()[Words.S_DEMAND];
            if (rec.state()[Words.S_SATISFIED] != 0) {
                sat = Math.max(0, sat - d);
                unsatW += r.weight;
            } else {
                unsatD = Math.max(0, unsatD - d);
            }
        } else {
            unsatW += r.weight;
            activeW += r.weight;
        }
        double share = sat > b ? r.weight * b / activeW : r.weight * (b - sat) / unsatW;
        double f = Math.max(share, b - sat - unsatD) * 8.0;
        double peak = r.peak == FixedPoint.UNLIMITED ? Double.POSITIVE_INFINITY : r.peak * 8.0;
        return Math.min(peak, f);
    }

    @Override
    public String state(String nodeId) {
        Reading r = readings.get(nodeId);
        HxEntryRecord rec = r == null ? null : datapath.entryRecord(r.table, r.index);
        if (rec == null) {
            return null;
        }
        return !rec.active() ? "I" : rec.state()[Words.S_SATISFIED] != 0 ? "S" : "U";
    }

    /** Where a node's entry and its parent's registers are. */
    private static final class Reading {
        final int table;
        final long index;
        final int parentBase;
        final long weight;
        final long peak;

        Reading(int table, long index, int parentBase, long weight, long peak) {
            this.table = table;
            this.index = index;
            this.parentBase = parentBase;
            this.weight = weight;
            this.peak = peak;
        }
    }
}
