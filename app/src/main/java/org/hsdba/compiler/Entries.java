package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.model.AllocationMode;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.pof.table.TableType;

/**
 * The tables and flow entries of one admitted tree under a given {@link SlotMap}: the port
 * table with its catch-all entry, one level table per level keyed by {parent tag, level field},
 * and one entry per installed node calling its level's block with the node's params.
 */
final class Entries {

    private final BandwidthTree tree;
    private final ResolvedTree resolved;
    /** Q24 weights, one sibling group at a time on first use (a diff looks at few groups). */
    private final GroupWeights weights;
    private final ProgramLayout layout;
    private final KernelOptions algo;
    private final CompilerOptions opts;
    private final long tableSize;
    private final long idleTimeoutMs;

    Entries(ResolvedTree resolved, ProgramLayout layout, SwitchCapabilities caps, CompilerOptions opts) {
        this.resolved = resolved;
        this.tree = resolved.tree();
        this.weights = new GroupWeights(resolved);
        this.layout = layout;
        // A derived K (the default) takes this tree's port capacity.
        this.algo = opts.algorithm().forCapacity(tree.capacity().bps());
        this.opts = opts;
        this.tableSize = opts.tableSize() > 0 ? opts.tableSize() : caps.tableSize();
        this.idleTimeoutMs = idleTimeoutMs(algo);
    }

    /** Whole milliseconds (truncated), as HX_CALL_BLOCK carries them; 0 (never idle) without inactive-weight removal. */
    static long idleTimeoutMs(KernelOptions algo) {
        if (!algo.removeInactiveWeights()) {
            return 0;
        }
        long ms = algo.idleTimeout().toMillis();
        if (ms < 1 || ms > HxCallBlock.MAX_IDLE_TIMEOUT_MS) {
            throw new CompilerException("idle timeout " + algo.idleTimeout() + ": HX_CALL_BLOCK carries 1.."
                    + HxCallBlock.MAX_IDLE_TIMEOUT_MS + " ms");
        }
        return ms;
    }

    long tableSize() {
        return tableSize;
    }

    /** The packet field a level table matches besides the tag (field id = level number). */
    static Match levelField(BandwidthTree tree, int level) {
        FieldSpec f = tree.levels().get(level - 1).field();
        return Match.of(level, f.offsetBits(), f.lengthBits());
    }

    static Match tagField() {
        return Match.metadata(Words.M_TAG, Words.M_TAG_BITS);
    }

    /** The port table (a tree compiled alone) and the level tables. */
    List<TableMod> tables(Xids xids) {
        List<TableMod> out = new ArrayList<>();
        out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.ADD)
                .table(TableType.MM, layout.portTable()).size(1).name(name("port")).match(tagField()).build());
        out.addAll(levelTables(xids));
        return out;
    }

    /** TABLE_MOD ADDs of the level tables. */
    List<TableMod> levelTables(Xids xids) {
        List<TableMod> out = new ArrayList<>();
        for (int level = 1; level <= layout.levels(); level++) {
            out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.ADD)
                    .table(TableType.MM, layout.levelTable(level)).size(tableSize)
                    .name(name(tree.levels().get(level - 1).name())).match(tagField(), levelField(tree, level)).build());
        }
        return out;
    }

    private String name(String what) {
        String n = "hsdba/" + tree.port().port() + "/" + what;
        return n.length() > 63 ? n.substring(0, 63) : n;
    }

    /** TABLE_MOD DELETEs of every table of the program. */
    List<TableMod> deleteTables(Xids xids) {
        List<TableMod> out = deleteLevelTables(layout, xids);
        out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.DELETE)
                .table(TableType.MM, layout.portTable()).build());
        return out;
    }

    /** TABLE_MOD DELETEs of the level tables, deepest first (they must be empty). */
    static List<TableMod> deleteLevelTables(ProgramLayout layout, Xids xids) {
        List<TableMod> out = new ArrayList<>();
        for (int level = layout.levels(); level >= 1; level--) {
            out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.DELETE)
                    .table(TableType.MM, layout.levelTable(level)).build());
        }
        return out;
    }

    /** The port table's single, lowest-priority, mask-0 entry: every packet starts in the port block. */
    FlowMod portEntry(long xid, int command) {
        return portEntry(xid, command, Dispatch.BY_TAG);
    }

    /** The tree's port entry as {@code dispatch} places it: its selector, or a catch-all. */
    FlowMod portEntry(long xid, int command, Dispatch dispatch) {
        long[] params = new long[Words.PARAM_WORDS];
        params[Words.P_PARENT_BASE] = layout.registerBase(SlotMap.PORT);
        params[Words.P_SELF_BASE] = layout.registerBase(SlotMap.PORT);
        params[Words.P_TAG] = SlotMap.PORT;
        params[Words.P_LOOKUP] = joinsBelow(-1) ? Words.LOOKUP_JOIN : Words.LOOKUP_PLAIN;
        return FlowMod.builder().xid(xid).command(command).table(TableType.MM, layout.portTable())
                .index(layout.portEntryIndex()).priority(dispatch.priority(tree)).matches(dispatch.match(tree))
                .instruction(new HxCallBlock(layout.portBlock(), 0, HxCallBlock.words(params))).build();
    }

    /** Whether nodes may join below {@code index} (-1 = the port): a template child or a level join template. */
    boolean joinsBelow(int index) {
        int childLevel = index < 0 ? 1 : tree.depth(index) + 1;
        if (childLevel > tree.levels().size()) {
            return false;
        }
        String id = index < 0 ? null : tree.node(index).id();
        return tree.template(id).isPresent() || tree.levels().get(childLevel - 1).join().isPresent();
    }

    private boolean hasInstalledChildren(int index) {
        for (int k = 0; k < tree.childCount(index); k++) {
            if (!tree.node(tree.child(index, k)).isTemplate()) {
                return true;
            }
        }
        return false;
    }

    private long weight(int index) {
        return weights.of(index);
    }

    /** A node's entry; {@code slots} must place it and its parent. */
    FlowMod nodeEntry(int index, SlotMap.Editor slots, long xid, int command) {
        return nodeEntry(index, slots::slot, xid, command);
    }

    /** A node's entry; {@code slots} must place it and its parent. */
    FlowMod nodeEntry(int index, SlotMap slots, long xid, int command) {
        return nodeEntry(index, slots::slot, xid, command);
    }

    private FlowMod nodeEntry(int index, Function<String, Optional<NodeSlot>> slots, long xid, int command) {
        NodeSpec node = tree.node(index);
        NodeSlot slot = slots.apply(node.id()).orElseThrow();
        int p = tree.parentIndex(index);
        NodeSlot parentSlot = p < 0 ? null : slots.apply(tree.node(p).id()).orElseThrow();
        int level = tree.depth(index);
        long[] params = new long[Words.PARAM_WORDS];
        params[Words.P_WEIGHT] = weight(index);
        params[Words.P_PEAK] = FixedPoint.bytesPerSecond(resolved.peak(index));
        params[Words.P_PERIOD] = algo.estimator(level).period().toNanos();
        params[Words.P_PARENT_BASE] = layout.registerBase(parentSlot == null ? SlotMap.PORT : parentSlot.registerSlot());
        params[Words.P_SELF_BASE] = slot.hasRegisters() ? layout.registerBase(slot.registerSlot()) : 0;
        params[Words.P_GUARANTEE] = tree.mode() == AllocationMode.GUARANTEE_EXCESS
                ? FixedPoint.bytesPerSecond(resolved.guarantee(index)) : 0;
        params[Words.P_TAG] = slot.handle();
        if (level == layout.levels() || !(hasInstalledChildren(index) || joinsBelow(index))) {
            params[Words.P_LOOKUP] = Words.LOOKUP_NONE;
        } else {
            params[Words.P_LOOKUP] = joinsBelow(index) ? Words.LOOKUP_JOIN : Words.LOOKUP_PLAIN;
        }
        MatchKey key = node.key();
        long parentTag = parentSlot == null ? SlotMap.PORT : parentSlot.handle();
        return FlowMod.builder().xid(xid).command(command).table(TableType.MM, layout.levelTable(level))
                .index(slot.entryIndex()).priority(priority(key))
                .match(MatchX.exact(tagField(), parentTag), MatchX.of(levelField(tree, level), key.value(), key.mask()))
                .instruction(new HxCallBlock(layout.levelBlock(level), idleTimeoutMs, HxCallBlock.words(params)))
                .build();
    }

    /** A DELETE of the port entry (only table and index matter). */
    static FlowMod deletePortEntry(ProgramLayout layout, long xid) {
        return FlowMod.builder().xid(xid).command(FlowModCommand.DELETE).table(TableType.MM, layout.portTable())
                .index(layout.portEntryIndex()).build();
    }

    /** A DELETE of a node's entry (only table and index matter). */
    static FlowMod deleteEntry(NodeSlot slot, ProgramLayout layout, long xid) {
        return FlowMod.builder().xid(xid).command(FlowModCommand.DELETE)
                .table(TableType.MM, layout.levelTable(slot.level())).index(slot.entryIndex()).build();
    }

    /** More specific keys first; siblings never overlap and other nodes differ in the parent tag, so this is only a tie-break. */
    static int priority(MatchKey key) {
        return 1 + key.maskNumber().bitCount();
    }
}
