package org.hsdba.pof.table;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** Global table ids = sum of lower types' table counts + per-type id (pof-protocol.md section 4). */
public class GlobalTableIdsTest {
    private final GlobalTableIds shipped = GlobalTableIds.of(8, 2, 6, 7);

    @Test
    public void shippedConfigurationMapsAsTheSwitchDoes() {
        assertEquals(3, shipped.globalId(TableType.MM, 3));
        assertEquals(9, shipped.globalId(TableType.LPM, 1));
        assertEquals(10, shipped.globalId(TableType.EM, 0));
        assertEquals(16, shipped.globalId(TableType.DT, 0));
        assertEquals(22, shipped.globalId(TableType.DT, 6));
        assertEquals(23, shipped.total());
    }

    @Test
    public void globalIdsMapBack() {
        for (int type = 0; type < TableType.COUNT; type++) {
            for (int tid = 0; tid < shipped.count(type); tid++) {
                int global = shipped.globalId(type, tid);
                assertEquals(type, shipped.tableType(global));
                assertEquals(tid, shipped.localId(global));
            }
        }
    }

    @Test
    public void typesWithoutTablesAreSkipped() {
        GlobalTableIds ids = GlobalTableIds.of(2, 0, 0, 3);
        assertEquals(2, ids.globalId(TableType.DT, 0));
        assertEquals(TableType.DT, ids.tableType(2));
        assertEquals(TableType.MM, ids.tableType(1));
    }

    @Test(expected = IllegalArgumentException.class)
    public void perTypeIdBeyondTheCountIsRejected() {
        shipped.globalId(TableType.LPM, 2);
    }

    @Test(expected = IllegalArgumentException.class)
    public void globalIdBeyondTheTotalIsRejected() {
        shipped.tableType(23);
    }

    @Test(expected = IllegalArgumentException.class)
    public void unknownTableTypeIsRejected() {
        shipped.globalId(4, 0);
    }
}
