package org.hsdba.pof.table;

/** Flow table types ({@code pof_table_type}), in global-id order. */
public final class TableType {
    /** Masked match (linear scan, highest priority wins). */
    public static final int MM = 0;
    /** Longest prefix match. */
    public static final int LPM = 1;
    /** Exact match (POFSwitch: hash-only lookup). */
    public static final int EM = 2;
    /** Direct (linear) table, reached only by GOTO_DIRECT_TABLE with an index. */
    public static final int DT = 3;
    /** Number of table types. */
    public static final int COUNT = 4;

    private static final String[] NAMES = {"MM", "LPM", "EM", "DT"};

    private TableType() {
    }

    public static boolean isKnown(int type) {
        return type >= MM && type <= DT;
    }

    public static String name(int type) {
        return isKnown(type) ? NAMES[type] : "UNKNOWN(" + type + ")";
    }
}
