package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pof.table.TableType;

/**
 * Where a tree's program sits in a switch: the table and index of its port entry (the entry that
 * starts its packets), one MM table per level, the port block and one block per level, and its
 * register slots. A tree compiled alone ({@link HsdbaCompiler#compile}) is contiguous: port table
 * MM#first with the port entry at index 0, level k in MM#{first + k}, blocks {@code first + k},
 * register slot s at word {@code firstRegisterWord + 8 s}. A tree sharing a switch with others
 * ({@link SwitchCompiler}) gets its tables, blocks and register chunks from a {@link TreePlacement}
 * and its port entry in the switch's dispatch table. Immutable.
 */
public final class ProgramLayout {

    private final int levels;
    private final GlobalTableIds tables;
    private final int portTable;
    private final long portEntryIndex;
    private final int[] levelTables;
    private final int portBlock;
    private final int[] levelBlocks;
    private final long[] registerChunks;
    private final long chunkSlots;
    private final long egressPort;
    /** The placement a placed layout was made of (null: contiguous), so that an unchanged one is not made again. */
    private final TreePlacement placement;

    private ProgramLayout(int levels, GlobalTableIds tables, int portTable, long portEntryIndex, int[] levelTables,
                          int portBlock, int[] levelBlocks, long[] registerChunks, long chunkSlots, long egressPort,
                          TreePlacement placement) {
        this.levels = levels;
        this.tables = tables;
        this.portTable = portTable;
        this.portEntryIndex = portEntryIndex;
        this.levelTables = levelTables;
        this.portBlock = portBlock;
        this.levelBlocks = levelBlocks;
        this.registerChunks = registerChunks;
        this.chunkSlots = chunkSlots;
        this.egressPort = egressPort;
        this.placement = placement;
    }

    /** The contiguous layout of a tree compiled alone. */
    ProgramLayout(BandwidthTree tree, SwitchCapabilities caps, CompilerOptions opts) {
        this(tree.levels().size(), caps.tables(), opts.firstTable(), 0, consecutive(opts.firstTable() + 1,
                tree.levels().size()), opts.firstBlockId(), consecutive(opts.firstBlockId() + 1, tree.levels().size()),
                new long[] {opts.firstRegisterWord()}, Long.MAX_VALUE, tree.port().port(), null);
        int needed = opts.firstTable() + levels + 1;
        if (needed > tables.count(TableType.MM)) {
            throw new CompilerException(tree.rootPath() + ": the program needs MM tables " + opts.firstTable() + ".."
                    + (needed - 1) + " (a port table and " + levels + " level tables) but the switch has "
                    + tables.count(TableType.MM));
        }
    }

    /** The layout of a tree placed among others: port entry in the dispatch table, the rest from the placement. */
    static ProgramLayout placed(TreePlacement p, int dispatchTable, SwitchCapabilities caps) {
        int levels = p.levelTables().size();
        if (p.blocks().size() != levels + 1) {
            throw new IllegalArgumentException("placement of port " + p.port() + " has " + p.blocks().size()
                    + " blocks for " + levels + " levels");
        }
        int[] tablesOf = p.levelTables().stream().mapToInt(Integer::intValue).toArray();
        int[] blocksOf = p.blocks().subList(1, levels + 1).stream().mapToInt(Integer::intValue).toArray();
        long[] chunks = p.registerChunks().stream().mapToLong(Long::longValue).toArray();
        return new ProgramLayout(levels, caps.tables(), dispatchTable, p.dispatchIndex(), tablesOf, p.blocks().get(0),
                blocksOf, chunks, TreePlacement.REGISTER_CHUNK_SLOTS, p.port(), p);
    }

    /**
     * {@link #placed} of {@code p}, or {@code known} if that is what it gives (made of the same
     * placement object, dispatch table and tables): a join keeps its tree's placement, and the
     * layout's arrays made again per update were 1.6 % of a lane's CPU per join.
     */
    static ProgramLayout placed(TreePlacement p, int dispatchTable, SwitchCapabilities caps, ProgramLayout known) {
        if (known != null && known.placement == p && known.portTable == dispatchTable
                && known.tables.equals(caps.tables())) {
            return known;
        }
        return placed(p, dispatchTable, caps);
    }

    private static int[] consecutive(int first, int count) {
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = first + k;
        }
        return out;
    }

    public int levels() {
        return levels;
    }

    /** Per-type MM id of the table holding the port entry (the port table, or the switch's dispatch table). */
    public int portTable() {
        return portTable;
    }

    /** Index of the port entry in {@link #portTable()}. */
    public long portEntryIndex() {
        return portEntryIndex;
    }

    /** Per-type MM id of level k's table (1..levels). */
    public int levelTable(int level) {
        return levelTables[level - 1];
    }

    public int globalId(int mmTable) {
        return tables.globalId(TableType.MM, mmTable);
    }

    public int portBlock() {
        return portBlock;
    }

    public int levelBlock(int level) {
        return levelBlocks[level - 1];
    }

    /** Register word of a register slot's block (slot 0 = the port). */
    public long registerBase(int slot) {
        long chunk = slot / chunkSlots;
        if (slot < 0 || chunk >= registerChunks.length) {
            throw new IllegalStateException("register slot " + slot + " is outside the " + registerChunks.length
                    + " register chunks of the tree of port " + egressPort);
        }
        return registerChunks[(int) chunk] + (long) Words.REGISTERS_PER_SLOT * (slot % chunkSlots);
    }

    /** Register slots this layout can address. */
    long registerSlotCapacity() {
        return chunkSlots == Long.MAX_VALUE ? Long.MAX_VALUE : chunkSlots * registerChunks.length;
    }

    /**
     * The register word ranges {@code {first, count}} to zero before slots {@code 0..slotLimit-1} are
     * used: the used words of a contiguous layout, whole chunks (adjacent ones merged) of a placed one.
     */
    List<long[]> registerRanges(int slotLimit) {
        List<long[]> out = new ArrayList<>();
        if (chunkSlots == Long.MAX_VALUE) {
            out.add(new long[] {registerChunks[0], (long) Words.REGISTERS_PER_SLOT * slotLimit});
            return out;
        }
        long chunkWords = Words.REGISTERS_PER_SLOT * chunkSlots;
        for (long base : registerChunks) {
            long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last[0] + last[1] == base) {
                last[1] += chunkWords;
            } else {
                out.add(new long[] {base, chunkWords});
            }
        }
        return out;
    }

    /** The POF port the tree's traffic leaves by. */
    public long egressPort() {
        return egressPort;
    }

    @Override
    public String toString() {
        return "ProgramLayout{port entry MM#" + portTable + "[" + portEntryIndex + "], levels MM#"
                + Arrays.toString(levelTables) + ", blocks " + portBlock + "+" + Arrays.toString(levelBlocks)
                + ", registers from " + registerChunks[0] + ", egress " + egressPort + "}";
    }
}
