package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;

/** One {@code pof_table_resource_desc} (16 bytes) of RESOURCE_REPORT: the tables of one type. */
public final class TableResource {
    public static final int LENGTH = 16;

    private final long deviceId;
    private final int tableType;
    private final int tableCount;
    private final int keyLengthBits;
    private final long totalSize;

    public TableResource(long deviceId, int tableType, int tableCount, int keyLengthBits, long totalSize) {
        this.deviceId = FieldChecks.u32(deviceId, "device_id");
        this.tableType = FieldChecks.u8(tableType, "type");
        this.tableCount = FieldChecks.u8(tableCount, "tbl_num");
        this.keyLengthBits = FieldChecks.u16(keyLengthBits, "key_len");
        this.totalSize = FieldChecks.u32(totalSize, "total_size");
    }

    public long deviceId() {
        return deviceId;
    }

    /** {@code TableType} code. */
    public int tableType() {
        return tableType;
    }

    /** Number of tables of this type (tbl_num). */
    public int tableCount() {
        return tableCount;
    }

    /** Largest key in bits. */
    public int keyLengthBits() {
        return keyLengthBits;
    }

    /** Entries available across the tables of this type. */
    public long totalSize() {
        return totalSize;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TableResource)) {
            return false;
        }
        TableResource r = (TableResource) o;
        return deviceId == r.deviceId && tableType == r.tableType && tableCount == r.tableCount
                && keyLengthBits == r.keyLengthBits && totalSize == r.totalSize;
    }

    @Override
    public int hashCode() {
        return (((Long.hashCode(deviceId) * 31 + tableType) * 31 + tableCount) * 31 + keyLengthBits) * 31
                + Long.hashCode(totalSize);
    }

    @Override
    public String toString() {
        return "TableResource{deviceId=" + deviceId + ", type=" + tableType + ", count=" + tableCount
                + ", keyLengthBits=" + keyLengthBits + ", totalSize=" + totalSize + "}";
    }
}
