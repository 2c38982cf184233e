package org.hsdba.impl;

import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.TableResource;
import org.hsdba.pof.table.TableType;

/**
 * Room a tree has for joined nodes, checked at the edge before anything is planned or written:
 * the operator's per-tree node limit and the switch's level tables (each tree level is one MM
 * table of the switch, one entry per node of that level). A join beyond it is refused without a
 * tree write. Mutable, for one batch: {@link #take} counts the joins admitted so far.
 */
final class JoinRoom {

    private final int maxNodes;
    private final long levelEntries;
    private final int[] perLevel;
    private int size;

    private JoinRoom(int maxNodes, long levelEntries, int[] perLevel, int size) {
        this.maxNodes = maxNodes;
        this.levelEntries = levelEntries;
        this.perLevel = perLevel;
        this.size = size;
    }

    /** {@code levelEntries}: entries of one of the switch's MM tables (Long.MAX_VALUE if unknown). */
    static JoinRoom of(BandwidthTree tree, int maxNodes, long levelEntries) {
        int[] perLevel = new int[tree.levels().size() + 2];
        for (int i = 0; i < tree.size(); i++) {
            int d = tree.depth(i);
            if (d < perLevel.length) {
                perLevel[d]++;
            }
        }
        return new JoinRoom(maxNodes, levelEntries, perLevel, tree.size());
    }

    /** Entries of one MM table as the switch declared them; Long.MAX_VALUE if it did not. */
    static long levelEntries(ResourceReport report) {
        if (report != null) {
            for (TableResource t : report.tables()) {
                if (t.tableType() == TableType.MM && t.tableCount() > 0) {
                    return t.totalSize() / t.tableCount();
                }
            }
        }
        return Long.MAX_VALUE;
    }

    /** Takes room for a node at {@code depth}; null if there is room, else why not. */
    String take(int depth) {
        if (size >= maxNodes) {
            return "the tree is full: " + size + " nodes, the operator's limit (maxTreeNodes) is " + maxNodes;
        }
        int d = Math.min(depth, perLevel.length - 1);
        // one entry of the level's table is kept for the table's own miss handling
        if (perLevel[d] + 1L >= levelEntries) {
            return "level " + depth + " is full: " + perLevel[d] + " nodes, the switch's table holds " + levelEntries
                    + " entries";
        }
        perLevel[d]++;
        size++;
        return null;
    }
}
