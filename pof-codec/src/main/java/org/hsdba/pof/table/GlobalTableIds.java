package org.hsdba.pof.table;

import java.util.Arrays;

/**
 * The switch's global table id space: GOTO_TABLE, GOTO_DIRECT_TABLE and PACKET_IN use
 * global id = (sum of the table counts of the lower types) + per-type id, with the per-type
 * counts from RESOURCE_REPORT (shipped POFSwitch config: MM 8, LPM 2, EM 6, DT 7, so DT#0 = 16).
 */
public final class GlobalTableIds {
    private final int[] counts;
    private final int[] firstIds;

    private GlobalTableIds(int[] counts) {
        this.counts = counts;
        this.firstIds = new int[TableType.COUNT];
        int next = 0;
        for (int t = 0; t < TableType.COUNT; t++) {
            if (counts[t] < 0 || counts[t] > 0xFF) {
                throw new IllegalArgumentException("table count of " + TableType.name(t) + " must be in 0..255, got "
                        + counts[t]);
            }
            firstIds[t] = next;
            next += counts[t];
        }
        if (next > 0x100) {
            throw new IllegalArgumentException("total table count " + next + " exceeds the 8-bit global id space");
        }
    }

    /** From the four per-type table counts (tbl_num of RESOURCE_REPORT). */
    public static GlobalTableIds of(int mmCount, int lpmCount, int emCount, int dtCount) {
        return new GlobalTableIds(new int[] {mmCount, lpmCount, emCount, dtCount});
    }

    /** Number of tables of a type. */
    public int count(int tableType) {
        checkType(tableType);
        return counts[tableType];
    }

    /** Total number of tables (FEATURES_REPLY table_num). */
    public int total() {
        return firstIds[TableType.DT] + counts[TableType.DT];
    }

    /** The global id of per-type table {@code tid} of {@code tableType}. */
    public int globalId(int tableType, int tid) {
        checkType(tableType);
        if (tid < 0 || tid >= counts[tableType]) {
            throw new IllegalArgumentException(TableType.name(tableType) + " table id must be in 0.."
                    + (counts[tableType] - 1) + ", got " + tid);
        }
        return firstIds[tableType] + tid;
    }

    /** The table type a global id belongs to. */
    public int tableType(int globalId) {
        checkGlobal(globalId);
        int type = TableType.DT;
        while (globalId < firstIds[type] || counts[type] == 0) {
            type--;
        }
        return type;
    }

    /** The per-type table id of a global id. */
    public int localId(int globalId) {
        return globalId - firstIds[tableType(globalId)];
    }

    private void checkType(int tableType) {
        if (!TableType.isKnown(tableType)) {
            throw new IllegalArgumentException("table type must be 0..3, got " + tableType);
        }
    }

    private void checkGlobal(int globalId) {
        if (globalId < 0 || globalId >= total()) {
            throw new IllegalArgumentException("global table id must be in 0.." + (total() - 1) + ", got " + globalId);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GlobalTableIds && Arrays.equals(counts, ((GlobalTableIds) o).counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return "GlobalTableIds{MM=" + counts[0] + ", LPM=" + counts[1] + ", EM=" + counts[2] + ", DT=" + counts[3] + "}";
    }
}
