package org.hsdba.compiler;

import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pof.table.TableType;

/**
 * Where a tree's program sits in a switch: the port table (MM#first, one catch-all entry that
 * starts every packet) and one MM table per level after it; block {@code first} for the port and
 * {@code first + k} for level k; register slot s at word {@code firstRegisterWord + 8 s}.
 * Immutable.
 */
public final class ProgramLayout {

    private final int levels;
    private final int firstTable;
    private final GlobalTableIds tables;
    private final int firstBlockId;
    private final long firstRegisterWord;
    private final long egressPort;

    ProgramLayout(BandwidthTree tree, SwitchCapabilities caps, CompilerOptions opts) {
        this.levels = tree.levels().size();
        this.firstTable = opts.firstTable();
        this.tables = caps.tables();
        this.firstBlockId = opts.firstBlockId();
        this.firstRegisterWord = opts.firstRegisterWord();
        this.egressPort = tree.port().port();
        int needed = firstTable + levels + 1;
        if (needed > tables.count(TableType.MM)) {
            throw new CompilerException(tree.rootPath() + ": the program needs MM tables " + firstTable + ".."
                    + (needed - 1) + " (a port table and " + levels + " level tables) but the switch has "
                    + tables.count(TableType.MM));
        }
    }

    public int levels() {
        return levels;
    }

    /** Per-type MM id of the port table. */
    public int portTable() {
        return firstTable;
    }

    /** Per-type MM id of level k's table (1..levels). */
    public int levelTable(int level) {
        return firstTable + level;
    }

    public int globalId(int mmTable) {
        return tables.globalId(TableType.MM, mmTable);
    }

    public int portBlock() {
        return firstBlockId;
    }

    public int levelBlock(int level) {
        return firstBlockId + level;
    }

    /** Register word of a register slot's block (slot 0 = the port). */
    public long registerBase(int slot) {
        return firstRegisterWord + (long) Words.REGISTERS_PER_SLOT * slot;
    }

    /** The POF port the tree's traffic leaves by. */
    public long egressPort() {
        return egressPort;
    }

    @Override
    public String toString() {
        return "ProgramLayout{MM#" + firstTable + ".." + (firstTable + levels) + ", blocks " + firstBlockId + ".."
                + (firstBlockId + levels) + ", registers from " + firstRegisterWord + ", egress " + egressPort + "}";
    }
}
