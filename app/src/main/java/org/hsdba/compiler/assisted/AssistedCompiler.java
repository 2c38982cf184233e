package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.compiler.CompilerException;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.SlotMap;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.compiler.TreePlacement;
import org.hsdba.compiler.Xids;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.message.CounterCommand;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.pof.table.TableType;

/**
 * Compiles a tree into a controller-assisted program for a stock POFSwitch 1.4.0
 * ({@link AssistedProgram}), and changes it incrementally ({@link #diff}).
 */
public final class AssistedCompiler {

    private AssistedCompiler() {
    }

    /**
     * TABLE_MODs (level k in MM#{first + k}, keyed by {parent tag, level field}), then the drop
     * counters and one FLOW_MOD per node (threshold 0, entry counter id = handle) in pre-order, the
     * catch-all of every level table, and last the {@link DropHash} table in MM#first (it must be
     * global table 0 for packets to start there, i.e. first table 0), whose entries go to level 1.
     */
    public static AssistedProgram compile(BandwidthTree tree, SwitchCapabilities caps, CompilerOptions opts) {
        int levels = tree.levels().size();
        int first = opts.firstTable();
        if (first + 1 + levels > caps.tables().count(TableType.MM)) {
            throw new CompilerException(tree.rootPath() + ": the program needs MM tables " + first + ".."
                    + (first + levels) + " (the drop hash, then one per level), the switch has "
                    + caps.tables().count(TableType.MM));
        }
        SlotMap slots = initialSlots(tree);
        checkCounters(tree, slots, caps);
        AssistedProgram p = program(tree, slots, TreePlacement.alone(tree.port().port(), first + 1, levels,
                AssistedProgram.counterHandleLimit(slots.handleLimit())), caps, opts);
        Xids xids = new Xids(opts.firstXid());
        return p.withMessages(install(p, opts));
    }

    /**
     * The messages from {@code before} (whose loop state {@code state} holds the installed
     * thresholds) to the program of {@code after}, and the program and loop state after them.
     * Incremental when the levels and the port stay (kept nodes keep entry index, handle and counter
     * id, so their counters and thresholds go on): DELETEs, MODIFYs of changed entries, ADDs,
     * changed catch-alls. Otherwise a reinstall: every entry and table deleted, the new program
     * installed.
     */
    public static AssistedDelta diff(AssistedProgram before, LoopState state, BandwidthTree after,
                                     SwitchCapabilities caps, CompilerOptions opts) {
        Xids xids = new Xids(opts.firstXid());
        if (needsReinstall(before.tree(), after)) {
            List<PofMessage> out = new ArrayList<>(deleteAll(before, xids));
            out.addAll(DropHash.delete(opts.firstTable(), xids));
            AssistedProgram fresh = compile(after, caps, opts.toBuilder().firstXid(xids.peek()).build());
            out.addAll(fresh.messages());
            return new AssistedDelta(out, fresh, new ControllerAssistedLoop(fresh).initial(state.nextXid()), true,
                    fresh.slots().size(), 0, before.slots().size());
        }
        AssistedTreeDiff d = new AssistedTreeDiff(before.tree(), after, before.slots());
        checkCounters(after, d.slots(), caps);
        TreePlacement old = before.placement();
        TreePlacement placement = TreePlacement.alone(old.port(), old.levelTables().get(0), old.levelTables().size(),
                AssistedProgram.counterHandleLimit(d.slots().handleLimit()));
        AssistedProgram now = program(after, d.slots(), placement, caps, opts);
        List<PofMessage> out = d.messages(before, now, state.thresholds(), state.salts(), xids);
        return new AssistedDelta(out, now.withMessages(install(now, opts)), d.state(state, now), false, d.added(),
                d.modified(), d.deleted());
    }

    /** Level tables (count, names, fields) or port changed: the tables change shape. */
    static boolean needsReinstall(BandwidthTree before, BandwidthTree after) {
        return HsdbaCompiler.levelTablesDiffer(before, after) || !before.port().equals(after.port());
    }

    /** Every installed node placed in pre-order. */
    static SlotMap initialSlots(BandwidthTree tree) {
        SlotMap.Editor editor = SlotMap.empty().edit();
        for (int i = 0; i < tree.size(); i++) {
            if (!tree.node(i).isTemplate()) {
                editor.allocate(tree.node(i).id(), tree.depth(i), false);
            }
        }
        return editor.build();
    }

    /** The program of an admissible tree at its slots and placement; checks table size and key length. */
    static AssistedProgram program(BandwidthTree tree, SlotMap slots, TreePlacement placement, SwitchCapabilities caps,
                                   CompilerOptions opts) {
        ResolvedTree resolved = Admission.admit(tree);
        long tableSize = opts.tableSize() > 0 ? opts.tableSize() : caps.tableSize();
        for (int level = 1; level <= tree.levels().size(); level++) {
            if (slots.entryLimit(level) > tableSize - 1) {
                throw new CompilerException(tree.rootPath() + ": level \"" + tree.levels().get(level - 1).name()
                        + "\" needs " + slots.entryLimit(level) + " entries and a catch-all, its table holds " + tableSize);
            }
            int key = AssistedProgram.M_TAG_BITS + tree.levels().get(level - 1).field().lengthBits();
            if (key > caps.keyLengthBits()) {
                throw new CompilerException(tree.rootPath() + ": level \"" + tree.levels().get(level - 1).name()
                        + "\" needs a " + key + "-bit key, the switch allows " + caps.keyLengthBits());
            }
        }
        return new AssistedProgram(tree, resolved, slots, caps.tables(), placement, tableSize - 1, opts.joinReason(),
                opts.dropReason(), null);
    }

    /** Every node needs an entry and a drop counter (a tree compiled alone uses counter ids from 1 up). */
    private static void checkCounters(BandwidthTree tree, SlotMap slots, SwitchCapabilities caps) {
        long need = AssistedProgram.counterHandleLimit(slots.handleLimit());
        if (need > caps.counterCount()) {
            throw new CompilerException(tree.rootPath() + ": " + (slots.handleLimit() - 1) + " nodes need counter ids 1.."
                    + (need - 1) + " (an entry and a drop counter each), the switch has " + caps.counterCount()
                    + " counters");
        }
    }

    /** The whole program of {@code p} for a switch without it: level tables, {@link #entries}, the drop hash. */
    static List<PofMessage> install(AssistedProgram p, CompilerOptions opts) {
        Xids xids = new Xids(opts.firstXid());
        List<PofMessage> out = new ArrayList<>(levelTables(p, xids));
        out.addAll(entries(p, xids));
        out.addAll(DropHash.install(opts.firstTable(), p.globalLevelTables().get(0), xids));
        return out;
    }

    /** TABLE_MOD ADDs of the level tables. */
    static List<TableMod> levelTables(AssistedProgram p, Xids xids) {
        BandwidthTree tree = p.tree();
        List<TableMod> out = new ArrayList<>();
        long size = p.catchAllIndex() + 1;
        for (int level = 1; level <= tree.levels().size(); level++) {
            FieldSpec f = tree.levels().get(level - 1).field();
            String name = "hsdba/" + tree.port().port() + "/" + tree.levels().get(level - 1).name();
            out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.ADD)
                    .table(TableType.MM, p.levelTable(level)).size(size)
                    .name(name.length() > 63 ? name.substring(0, 63) : name)
                    .match(AssistedProgram.tagField(), Match.of(level, f.offsetBits(), f.lengthBits())).build());
        }
        return out;
    }

    /**
     * The drop counters (COUNTER_MOD ADD: the stock switch crashes on a COUNTER action whose
     * counter does not exist), one FLOW_MOD ADD per node (threshold 0) in pre-order, then every
     * level's catch-all.
     */
    static List<PofMessage> entries(AssistedProgram p, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        for (String id : p.nodeIds()) {
            out.add(CounterMod.of(xids.next(), CounterCommand.ADD, p.dropCounterId(id)));
        }
        for (String id : p.nodeIds()) {
            out.add(p.entry(id, 0, xids.next(), FlowModCommand.ADD));
        }
        for (int level = 1; level <= p.tree().levels().size(); level++) {
            out.add(p.catchAll(level, xids.next()));
        }
        return out;
    }

    /** DELETEs of every node entry (deepest first) and catch-all, its drop counters, then the level tables (deepest first). */
    static List<PofMessage> deleteAll(AssistedProgram p, Xids xids) {
        List<NodeSlot> all = new ArrayList<>(p.slots().all().values());
        all.sort(Comparator.comparingInt(NodeSlot::level).reversed());
        List<PofMessage> out = new ArrayList<>();
        for (NodeSlot s : all) {
            out.add(FlowMod.builder().xid(xids.next()).command(FlowModCommand.DELETE)
                    .table(TableType.MM, p.levelTable(s.level())).index(s.entryIndex()).build());
        }
        int levels = p.tree().levels().size();
        for (int level = levels; level >= 1; level--) {
            out.add(FlowMod.builder().xid(xids.next()).command(FlowModCommand.DELETE)
                    .table(TableType.MM, p.levelTable(level)).index(p.catchAllIndex()).build());
        }
        for (NodeSlot s : all) {
            out.add(CounterMod.of(xids.next(), CounterCommand.DELETE, p.dropCounter(s.handle())));
        }
        for (int level = levels; level >= 1; level--) {
            out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.DELETE)
                    .table(TableType.MM, p.levelTable(level)).build());
        }
        return out;
    }
}
