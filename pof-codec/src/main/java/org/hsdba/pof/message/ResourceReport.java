package org.hsdba.pof.message;

import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pof.table.TableType;

/**
 * RESOURCE_REPORT ({@code pof_flow_table_resource}, 80-byte body): counter, meter and group
 * capacity and one {@link TableResource} per table type (exactly four, on the wire in slots 0-3).
 */
public final class ResourceReport extends PofMessage {
    public static final int BODY_LENGTH = 80;

    private final int resourceType;
    private final int slotId;
    private final long counterCount;
    private final long meterCount;
    private final long groupCount;
    private final List<TableResource> tables;

    public ResourceReport(long xid, int resourceType, int slotId, long counterCount, long meterCount,
                          long groupCount, List<TableResource> tables) {
        super(xid);
        this.resourceType = FieldChecks.u8(resourceType, "resourceType");
        this.slotId = FieldChecks.u16(slotId, "slotID");
        this.counterCount = FieldChecks.u32(counterCount, "counter_num");
        this.meterCount = FieldChecks.u32(meterCount, "meter_num");
        this.groupCount = FieldChecks.u32(groupCount, "group_num");
        this.tables = List.copyOf(tables);
        if (this.tables.size() != TableType.COUNT) {
            throw new IllegalArgumentException("RESOURCE_REPORT carries exactly " + TableType.COUNT
                    + " table descriptions, got " + this.tables.size());
        }
    }

    @Override
    public int type() {
        return MessageType.RESOURCE_REPORT;
    }

    public int resourceType() {
        return resourceType;
    }

    public int slotId() {
        return slotId;
    }

    public long counterCount() {
        return counterCount;
    }

    public long meterCount() {
        return meterCount;
    }

    public long groupCount() {
        return groupCount;
    }

    /** The four table descriptions in wire order. */
    public List<TableResource> tables() {
        return tables;
    }

    /**
     * The global table id mapping: the count of each type is taken from the description whose
     * type field names it (falling back to wire position if a type is missing).
     */
    public GlobalTableIds tableIds() {
        int[] counts = new int[TableType.COUNT];
        boolean[] seen = new boolean[TableType.COUNT];
        for (TableResource r : tables) {
            if (TableType.isKnown(r.tableType()) && !seen[r.tableType()]) {
                counts[r.tableType()] = r.tableCount();
                seen[r.tableType()] = true;
            }
        }
        for (int t = 0; t < TableType.COUNT; t++) {
            if (!seen[t]) {
                counts[t] = tables.get(t).tableCount();
            }
        }
        return GlobalTableIds.of(counts[0], counts[1], counts[2], counts[3]);
    }

    @Override
    protected Object[] components() {
        return new Object[] {resourceType, slotId, counterCount, meterCount, groupCount, tables};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"resourceType", "slotId", "counterCount", "meterCount", "groupCount", "tables"};
    }
}
