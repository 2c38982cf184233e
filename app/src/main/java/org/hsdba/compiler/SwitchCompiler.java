package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.hsdba.admission.Admission;
import org.hsdba.admission.EditChain;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.AppliedEdit;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.message.FlowModCommand;

/**
 * The in-switch program of several trees (one per egress port) on one switch with the HX
 * extension. Every packet starts in the dispatch table (MM#first, {@link Dispatch}), whose entry
 * for a tree is that tree's port entry: it calls the tree's port block, which looks up the tree's
 * own level 1 table. Each tree keeps its own level tables, blocks and register chunks
 * ({@link SwitchPlacement}) and its own {@link SlotMap}, so a change to one tree is that tree's
 * incremental delta and never touches another tree's entries, registers or state. Pure.
 */
public final class SwitchCompiler {

    private SwitchCompiler() {
    }

    /** The whole program for a wiped switch: the dispatch table, then every tree (tables, blocks, registers, entries). */
    public static SwitchDelta compile(List<BandwidthTree> trees, SwitchCapabilities caps, CompilerOptions opts) {
        return diff(SwitchProgram.empty(caps, opts), trees, caps, opts);
    }

    /**
     * The messages from {@code before} to the program of {@code after}: the dispatch table rebuilt
     * if its key changed (first, so every tree's port entry is re-added into it); removed trees
     * deleted (port entry first, then nodes deepest first, tables, blocks); kept trees by their
     * incremental delta, or reinstalled in their own tables and blocks if their levels or
     * allocation mode changed; new trees installed in fresh tables, blocks and register chunks.
     * If {@code opts} has other algorithm options than {@code before} was compiled with (a run-time
     * parameter change: estimator, idle timeout), every kept tree's blocks that differ are replaced
     * in place and its entries that differ are MODIFYed (they keep their state words and counters);
     * nothing is deleted for it.
     *
     * @throws CompilerException if the switch cannot hold the trees (the message says which limit and port)
     * @throws org.hsdba.model.InvalidTreeException if a tree is not admissible
     */
    public static SwitchDelta diff(SwitchProgram before, List<BandwidthTree> after, SwitchCapabilities caps,
                                   CompilerOptions opts) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        checkPorts(after);
        List<ResolvedTree> resolved = new ArrayList<>(after.size());
        for (BandwidthTree tree : after) {
            SwitchProgram.Installed was = before.byPort().get(tree.port().port());
            // An untouched tree is not admitted again.
            resolved.add(was != null && (was.tree == tree || was.tree.equals(tree)) ? was.resolved
                    : Admission.admit(tree));
        }
        return diffResolved(before, resolved, Map.of(), caps, opts);
    }

    /**
     * {@link #diff(SwitchProgram, List, SwitchCapabilities, CompilerOptions)} of admitted trees. A
     * kept tree with an entry in {@code edits} (by port: the edit that made its new version from
     * the installed one, as {@link org.hsdba.model.TreeEdit#apply} gives it) costs what the edit
     * touched rather than the size of the tree; the messages are the same with or without it.
     *
     * @throws IllegalArgumentException if an edit is not from the installed tree of its port to the given one
     */
    public static SwitchDelta diffResolved(SwitchProgram before, List<ResolvedTree> afterResolved,
                                           Map<Long, AppliedEdit> edits, SwitchCapabilities caps,
                                           CompilerOptions opts) {
        Objects.requireNonNull(edits, "edits");
        Map<Long, EditChain> chains = new HashMap<>();
        for (ResolvedTree r : afterResolved) {
            long port = r.tree().port().port();
            AppliedEdit edit = edits.get(port);
            SwitchProgram.Installed was = before.byPort().get(port);
            if (edit != null && was != null) {
                chains.put(port, EditChain.of(was.resolved, edit, r));
            }
        }
        return diffChained(before, afterResolved, chains, caps, opts);
    }

    /**
     * {@link #diffResolved} with, per port, the chain of edits that made the new tree from the
     * installed one (several edits stored as one version, or several versions): a kept tree costs
     * what its edits touched; the messages are the same with or without chains.
     *
     * @throws IllegalArgumentException if a chain is not from the installed tree of its port to the given one
     */
    public static SwitchDelta diffChained(SwitchProgram before, List<ResolvedTree> afterResolved,
                                          Map<Long, EditChain> edits, SwitchCapabilities caps,
                                          CompilerOptions opts) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(afterResolved, "after");
        Objects.requireNonNull(edits, "edits");
        List<BandwidthTree> after = new ArrayList<>(afterResolved.size());
        afterResolved.forEach(r -> after.add(r.tree()));
        checkPorts(after);
        Dispatch oldDispatch = before.dispatch().orElse(null);
        Dispatch dispatch = after.isEmpty() ? null : Dispatch.of(after);
        if (dispatch != null && dispatch.keyBits() > caps.keyLengthBits()) {
            throw new CompilerException("the dispatch key (" + dispatch.field() + ") has " + dispatch.keyBits()
                    + " bits, the switch allows " + caps.keyLengthBits());
        }
        boolean rebuild = !Objects.equals(oldDispatch, dispatch);
        int dispatchTable = before.placement().dispatchTable();
        // What the installed blocks and entries were compiled with; other algorithm options rewrite them in place.
        boolean reoptioned = !before.algorithm().equals(opts.algorithm());
        CompilerOptions wasOpts = reoptioned ? opts.toBuilder().algorithm(before.algorithm()).build() : opts;
        Run run = new Run(caps, opts, wasOpts, before.placement().edit(), dispatch);
        if (rebuild && oldDispatch != null) {
            for (SwitchProgram.Installed i : before.byPort().values()) {
                run.tally.send(Entries.deletePortEntry(i.layout, run.xids.next()));
            }
            run.tally.send(Dispatch.deleteTable(dispatchTable, run.xids.next()));
        }
        if (rebuild && dispatch != null) {
            run.tally.send(dispatch.table(dispatchTable, run.xids.next()));
        }
        Set<Long> afterPorts = new HashSet<>();
        after.forEach(t -> afterPorts.add(t.port().port()));
        for (Map.Entry<Long, SwitchProgram.Installed> e : before.byPort().entrySet()) {
            if (!afterPorts.contains(e.getKey())) {
                run.remove(e.getValue(), !rebuild, true);
                run.placement.release(e.getKey());
                run.tally.treeRemoved(e.getKey());
            }
        }
        Map<Long, SwitchProgram.Installed> next = new LinkedHashMap<>();
        for (ResolvedTree resolved : afterResolved) {
            BandwidthTree tree = resolved.tree();
            long port = tree.port().port();
            SwitchProgram.Installed was = before.byPort().get(port);
            if (was == null) {
                run.placement.place(port, tree.levels().size(), true);
                next.put(port, run.install(resolved));
                run.tally.treeAdded(port);
            } else if (HsdbaCompiler.needsReinstall(was.tree, tree)) {
                run.remove(was, !rebuild, false);
                run.placement.relevel(port, tree.levels().size());
                next.put(port, run.install(resolved));
                run.tally.treeReinstalled(port);
            } else if (!rebuild && !reoptioned && (was.tree == tree || was.tree.equals(tree))) {
                next.put(port, was); // untouched: an edit of another tree costs nothing here
            } else {
                // New algorithm options can change any entry: the edits do not narrow the comparison then.
                next.put(port, run.update(was, resolved, reoptioned ? null : edits.get(port),
                        rebuild ? null : oldDispatch));
            }
        }
        SwitchProgram program = new SwitchProgram(next, run.placement.build(), dispatch, opts.algorithm());
        return new SwitchDelta(run.tally, program, rebuild && oldDispatch != null, run.xids.peek(), run.examined);
    }

    private static void checkPorts(List<BandwidthTree> trees) {
        Set<Long> ports = new HashSet<>();
        String device = null;
        for (BandwidthTree t : trees) {
            if (!ports.add(t.port().port())) {
                throw new CompilerException("two trees for " + t.rootPath() + ": a port has at most one tree");
            }
            if (device != null && !device.equals(t.port().deviceId())) {
                throw new CompilerException("trees of " + device + " and " + t.port().deviceId()
                        + " cannot share one switch program");
            }
            device = t.port().deviceId();
        }
    }

    /** The state of one diff: messages and counts so far, the placement being edited. */
    private static final class Run {
        final SwitchCapabilities caps;
        final CompilerOptions opts;
        /** The options the installed program was compiled with (the same object as {@code opts} unless they changed). */
        final CompilerOptions wasOpts;
        final SwitchCapabilities.Hx hx;
        final SwitchPlacement.Editor placement;
        final Dispatch dispatch;
        final Xids xids;
        final DeltaTally tally = new DeltaTally();
        int examined;

        Run(SwitchCapabilities caps, CompilerOptions opts, CompilerOptions wasOpts, SwitchPlacement.Editor placement,
            Dispatch dispatch) {
            this.caps = caps;
            this.opts = opts;
            this.wasOpts = wasOpts;
            this.hx = caps.hx().orElseThrow(() -> new CompilerException("the switch does not implement the HX"
                    + " extension; compile its trees for controller-assisted mode instead"));
            this.placement = placement;
            this.dispatch = dispatch;
            this.xids = new Xids(opts.firstXid());
        }

        private ProgramLayout layout(long port) {
            return layout(port, null);
        }

        /** The tree's layout, {@code known} if its placement is still the one {@code known} was made of. */
        private ProgramLayout layout(long port, ProgramLayout known) {
            return ProgramLayout.placed(placement.tree(port).orElseThrow(), placement.dispatchTable(), caps, known);
        }

        /** A tree in its (new or re-levelled) placement: level tables, blocks, registers, port entry, nodes. */
        SwitchProgram.Installed install(ResolvedTree resolved) {
            BandwidthTree tree = resolved.tree();
            long port = tree.port().port();
            SlotMap slots = HsdbaCompiler.initialSlots(tree);
            placement.ensureRegisterSlots(port, slots.registerSlotLimit());
            ProgramLayout layout = layout(port);
            HsdbaCompiler.checkStatic(tree, caps, hx, layout);
            Entries entries = new Entries(resolved, layout, caps, opts);
            HsdbaCompiler.checkCapacity(tree, hx, layout, slots, entries);
            List<BlockProgram> blocks = HsdbaCompiler.blocks(tree, layout, opts, hx);
            tally.sendAll(entries.levelTables(xids));
            tally.sendAll(HsdbaCompiler.installBody(tree, layout, slots, entries, blocks, xids, dispatch));
            tally.count(slots.size(), 0, 0);
            return new SwitchProgram.Installed(resolved, slots, layout);
        }

        /**
         * Deletes a tree's entries (port entry first, so no packet enters it half deleted, if
         * {@code portEntry}), its level tables and, if {@code blocks}, its blocks.
         */
        void remove(SwitchProgram.Installed was, boolean portEntry, boolean blocks) {
            if (portEntry) {
                tally.send(Entries.deletePortEntry(was.layout, xids.next()));
            }
            tally.sendAll(HsdbaCompiler.deleteNodes(was.slots, was.layout, xids));
            tally.sendAll(Entries.deleteLevelTables(was.layout, xids));
            if (blocks) {
                tally.send(HxBlockMod.delete(xids.next(), was.layout.portBlock()));
                for (int level = 1; level <= was.layout.levels(); level++) {
                    tally.send(HxBlockMod.delete(xids.next(), was.layout.levelBlock(level)));
                }
            }
            tally.count(0, 0, was.slots.size());
        }

        /**
         * A kept tree's incremental delta; {@code oldDispatch} null means its port entry is new in
         * a rebuilt dispatch table (ADD instead of MODIFY); {@code edits} (null: unknown) narrow the
         * entries compared.
         */
        SwitchProgram.Installed update(SwitchProgram.Installed was, ResolvedTree resolved, EditChain edits,
                                       Dispatch oldDispatch) {
            BandwidthTree tree = resolved.tree();
            long port = tree.port().port();
            EditScope scope = edits == null ? EditScope.everything(was.tree, tree)
                    : EditScope.of(edits, was.resolved, resolved);
            examined += scope.compared().length;
            TreeDiff d = new TreeDiff(was.tree, tree, was.slots, scope);
            for (long chunk : placement.ensureRegisterSlots(port, d.slots().registerSlotLimit())) {
                tally.sendAll(HsdbaCompiler.zero(chunk, (long) Words.REGISTERS_PER_SLOT * TreePlacement.REGISTER_CHUNK_SLOTS,
                        xids));
            }
            ProgramLayout layout = layout(port, was.layout);
            HsdbaCompiler.checkStatic(tree, caps, hx, layout);
            Entries before = new Entries(was.resolved, was.layout, caps, wasOpts);
            Entries now = new Entries(resolved, layout, caps, opts);
            HsdbaCompiler.checkCapacity(tree, hx, layout, d.slots(), now);
            if (wasOpts != opts) {
                // Blocks first: an entry MODIFYed after them is reactivated by its next packet under the new block.
                tally.sendAll(HsdbaCompiler.replacedBlocks(HsdbaCompiler.blocks(was.tree, was.layout, wasOpts, hx),
                        HsdbaCompiler.blocks(tree, layout, opts, hx), xids));
            }
            tally.sendAll(d.messages(was.layout, layout, before, now, xids, oldDispatch == null ? null : dispatch,
                    oldDispatch));
            if (oldDispatch == null) {
                tally.send(now.portEntry(xids.next(), FlowModCommand.ADD, dispatch));
            }
            tally.count(d.added(), d.modified(), d.deleted());
            return new SwitchProgram.Installed(resolved, d.slots(), layout);
        }
    }
}
