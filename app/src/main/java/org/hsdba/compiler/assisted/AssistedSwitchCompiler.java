package org.hsdba.compiler.assisted;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.DeltaTally;
import org.hsdba.compiler.Dispatch;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.SwitchPlacement;
import org.hsdba.compiler.TreePlacement;
import org.hsdba.compiler.Xids;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.table.TableType;

/**
 * The controller-assisted program of several trees (one per egress port) on one stock switch.
 * Every packet starts in the {@link DropHash} table (MM#first, global table 0), which computes
 * its drop value and goes to the dispatch table (MM#first + 1, {@link Dispatch}); a tree's
 * dispatch entry is a GOTO_TABLE to the tree's own level 1 table. Each tree has its own level tables and counter
 * ids ({@link SwitchPlacement}), so one tree's change is that tree's incremental delta
 * ({@link AssistedCompiler#diff}'s rules) and never touches another tree's entries or counters.
 * Pure.
 */
public final class AssistedSwitchCompiler {

    private AssistedSwitchCompiler() {
    }

    /** The whole program for a wiped switch. */
    public static AssistedSwitchDelta compile(List<BandwidthTree> trees, SwitchCapabilities caps, CompilerOptions opts) {
        return diff(AssistedSwitchProgram.empty(caps, opts), trees, caps, opts);
    }

    /**
     * The messages from {@code before} to the program of {@code after}: the dispatch table rebuilt
     * if its key changed; removed trees deleted (dispatch entry first); kept trees by their
     * incremental delta (thresholds and counters of kept nodes go on), or reinstalled in their own
     * tables if their levels changed; new trees installed (level tables, entries, catch-alls, then
     * their dispatch entry).
     *
     * @throws CompilerException if the switch cannot hold the trees
     * @throws org.hsdba.model.InvalidTreeException if a tree is not admissible
     */
    public static AssistedSwitchDelta diff(AssistedSwitchProgram before, List<BandwidthTree> after,
                                           SwitchCapabilities caps, CompilerOptions opts) {
        Objects.requireNonNull(before, "before");
        Dispatch oldDispatch = before.dispatch().orElse(null);
        Dispatch dispatch = after.isEmpty() ? null : Dispatch.of(after);
        if (dispatch != null && dispatch.keyBits() > caps.keyLengthBits()) {
            throw new CompilerException("the dispatch key (" + dispatch.field() + ") has " + dispatch.keyBits()
                    + " bits, the switch allows " + caps.keyLengthBits());
        }
        Set<Long> ports = new HashSet<>();
        for (BandwidthTree t : after) {
            if (!ports.add(t.port().port())) {
                throw new CompilerException("two trees for " + t.rootPath() + ": a port has at most one tree");
            }
        }
        boolean rebuild = !Objects.equals(oldDispatch, dispatch);
        Run run = new Run(caps, opts, before.placement().edit(), dispatch);
        int dispatchTable = before.placement().dispatchTable();
        if (rebuild && oldDispatch != null) {
            for (AssistedSwitchProgram.Installed i : before.byPort().values()) {
                run.tally.send(run.deleteDispatchEntry(i.program));
            }
            run.tally.send(Dispatch.deleteTable(dispatchTable, run.xids.next()));
        }
        if (rebuild && dispatch != null) {
            run.tally.send(dispatch.table(dispatchTable, run.xids.next()));
        }
        int hashTable = dispatchTable - 1;
        if (oldDispatch == null && dispatch != null) {
            run.tally.sendAll(DropHash.install(hashTable, caps.tables().globalId(TableType.MM, dispatchTable), run.xids));
        }
        for (Map.Entry<Long, AssistedSwitchProgram.Installed> e : before.byPort().entrySet()) {
            if (!ports.contains(e.getKey())) {
                run.remove(e.getValue().program, !rebuild);
                run.placement.release(e.getKey());
                run.tally.treeRemoved(e.getKey());
            }
        }
        Map<Long, AssistedSwitchProgram.Installed> next = new LinkedHashMap<>();
        for (BandwidthTree tree : after) {
            long port = tree.port().port();
            AssistedSwitchProgram.Installed was = before.byPort().get(port);
            if (was == null) {
                run.placement.place(port, tree.levels().size(), false);
                next.put(port, run.install(tree, was));
                run.tally.treeAdded(port);
            } else if (AssistedCompiler.needsReinstall(was.program.tree(), tree)) {
                run.remove(was.program, !rebuild);
                run.placement.relevel(port, tree.levels().size());
                next.put(port, run.install(tree, was));
                run.tally.treeReinstalled(port);
            } else if (!rebuild && was.program.tree().equals(tree)) {
                next.put(port, was); // untouched: its loop state goes on as it is
            } else {
                next.put(port, run.update(was, tree, rebuild ? null : oldDispatch));
            }
        }
        if (oldDispatch != null && dispatch == null) {
            run.tally.sendAll(DropHash.delete(hashTable, run.xids));
        }
        AssistedSwitchProgram program = new AssistedSwitchProgram(next, run.placement.build(), dispatch);
        return new AssistedSwitchDelta(run.tally, program, rebuild && oldDispatch != null);
    }

    /** The state of one diff. */
    private static final class Run {
        final SwitchCapabilities caps;
        final CompilerOptions opts;
        final SwitchPlacement.Editor placement;
        final Dispatch dispatch;
        final Xids xids;
        final DeltaTally tally = new DeltaTally();

        Run(SwitchCapabilities caps, CompilerOptions opts, SwitchPlacement.Editor placement, Dispatch dispatch) {
            this.caps = caps;
            this.opts = opts;
            this.placement = placement;
            this.dispatch = dispatch;
            this.xids = new Xids(opts.firstXid());
        }

        /** The entry that starts the tree's packets: its selector (or everything), GOTO its level 1 table. */
        FlowMod dispatchEntry(AssistedProgram p, Dispatch d, long xid, int command) {
            BandwidthTree tree = p.tree();
            TreePlacement where = p.placement();
            return FlowMod.builder().xid(xid).command(command).table(TableType.MM, placement.dispatchTable())
                    .index(where.dispatchIndex()).priority(d.priority(tree)).matches(d.match(tree))
                    .instruction(GotoTable.of(caps.tables().globalId(TableType.MM, p.levelTable(1)), 0)).build();
        }

        FlowMod deleteDispatchEntry(AssistedProgram p) {
            return FlowMod.builder().xid(xids.next()).command(FlowModCommand.DELETE)
                    .table(TableType.MM, placement.dispatchTable()).index(p.placement().dispatchIndex()).build();
        }

        /** A tree in its (new or re-levelled) placement; a reinstalled tree's loop keeps its clock and xids. */
        AssistedSwitchProgram.Installed install(BandwidthTree tree, AssistedSwitchProgram.Installed was) {
            long port = tree.port().port();
            SlotMap slots = AssistedCompiler.initialSlots(tree);
            placement.ensureCounters(port, AssistedProgram.counterHandleLimit(slots.handleLimit()));
            AssistedProgram p = AssistedCompiler.program(tree, slots, placement.tree(port).orElseThrow(), caps, opts);
            tally.sendAll(AssistedCompiler.levelTables(p, xids));
            tally.sendAll(AssistedCompiler.entries(p, xids));
            tally.send(dispatchEntry(p, dispatch, xids.next(), FlowModCommand.ADD));
            tally.count(slots.size(), 0, 0);
            LoopState state = new ControllerAssistedLoop(p).initial(was == null ? 0 : was.state.nextXid());
            return new AssistedSwitchProgram.Installed(p, state);
        }

        /** Deletes a tree: its dispatch entry first (if {@code dispatchEntry}), then entries and tables. */
        void remove(AssistedProgram p, boolean dispatchEntry) {
            if (dispatchEntry) {
                tally.send(deleteDispatchEntry(p));
            }
            tally.sendAll(AssistedCompiler.deleteAll(p, xids));
            tally.count(0, 0, p.slots().size());
        }

        /** A kept tree's incremental delta; {@code oldDispatch} null: its dispatch entry is re-added to a rebuilt table. */
        AssistedSwitchProgram.Installed update(AssistedSwitchProgram.Installed was, BandwidthTree tree,
                                               Dispatch oldDispatch) {
            long port = tree.port().port();
            AssistedTreeDiff d = new AssistedTreeDiff(was.program.tree(), tree, was.program.slots());
            placement.ensureCounters(port, AssistedProgram.counterHandleLimit(d.slots().handleLimit()));
            AssistedProgram now = AssistedCompiler.program(tree, d.slots(), placement.tree(port).orElseThrow(), caps,
                    opts);
            tally.sendAll(d.messages(was.program, now, was.state.thresholds(), was.state.salts(), xids));
            if (oldDispatch == null) {
                tally.send(dispatchEntry(now, dispatch, xids.next(), FlowModCommand.ADD));
            } else if (!dispatchEntry(was.program, oldDispatch, 0, FlowModCommand.MODIFY)
                    .equals(dispatchEntry(now, dispatch, 0, FlowModCommand.MODIFY))) {
                tally.send(dispatchEntry(now, dispatch, xids.next(), FlowModCommand.MODIFY));
                tally.count(0, 1, 0);
            }
            tally.count(d.added(), d.modified(), d.deleted());
            return new AssistedSwitchProgram.Installed(now, d.state(was.state, now));
        }
    }
}
