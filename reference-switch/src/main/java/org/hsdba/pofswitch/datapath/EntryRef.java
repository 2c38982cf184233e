package org.hsdba.pofswitch.datapath;

/** A flow entry by global table id and index. */
public final class EntryRef {
    private final int tableId;
    private final long index;

    public EntryRef(int tableId, long index) {
        this.tableId = tableId;
        this.index = index;
    }

    public int tableId() {
        return tableId;
    }

    public long index() {
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EntryRef && tableId == ((EntryRef) o).tableId && index == ((EntryRef) o).index;
    }

    @Override
    public int hashCode() {
        return tableId * 31 + Long.hashCode(index);
    }

    @Override
    public String toString() {
        return "table " + tableId + " entry " + index;
    }
}
