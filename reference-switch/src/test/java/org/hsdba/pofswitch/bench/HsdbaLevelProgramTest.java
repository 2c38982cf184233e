package org.hsdba.pofswitch.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.hsdba.pof.ext.HxEntryRecord;
import org.hsdba.pof.ext.HxEntryStatus;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.datapath.ProcessResult;
import org.junit.Test;

/**
 * The hand-written HSDBA program enforces hierarchical max-min in the reference switch: two
 * levels of fan-out 2 on 1 Gb/s, demands 100/200/400/400 Mb/s give 100/200/350/350; when the
 * last leaf stops, it goes idle and its sibling gets its whole demand.
 */
public class HsdbaLevelProgramTest {
    private static final int PACKET = 1000;

    @Test
    public void ratesConvergeToTheExactAllocationAndIdleLeavesLeaveTheirShare() throws Exception {
        BinaryTreeSetup tree = new BinaryTreeSetup(2, 2, 125_000_000L, 2_000_000);
        Datapath dp = new Datapath(DatapathConfig.builder().rngSeed(7).build());
        dp.enableAllPorts();
        tree.install(dp, 2, 20);
        double[] demand = {100e6 / 8, 200e6 / 8, 400e6 / 8, 400e6 / 8};
        double[] expected = tree.oracle(demand);
        assertEquals(350e6 / 8, expected[2], 1);

        CbrArrivals arrivals = new CbrArrivals(demand, PACKET, 600_000_000L);
        long[] at200 = null;
        long[] at400 = null;
        int idleReports = 0;
        for (int i = 0; i < arrivals.count(); i++) {
            long t = arrivals.time(i);
            int leaf = arrivals.source(i);
            if (at200 == null && t >= 200_000_000L) {
                at200 = passed(dp);
            }
            if (at400 == null && t >= 400_000_000L) {
                at400 = passed(dp);
            }
            if (leaf == 3 && t >= 400_000_000L) {
                continue; // the last leaf stops
            }
            ProcessResult r = dp.process(tree.frameFor(leaf, PACKET), 1, t);
            idleReports += idle(r.upward());
        }
        long[] end = passed(dp);
        for (int leaf = 0; leaf < 4; leaf++) {
            double measured = (at400[leaf] - at200[leaf]) / 0.2;
            assertEquals("leaf " + leaf + " in [0.2 s, 0.4 s)", expected[leaf], measured, 0.05 * expected[leaf]);
        }
        assertEquals("leaf 3 went idle once", 1, idleReports);
        assertFalse(dp.entryRecord(BinaryTreeSetup.tableOf(1), 3).active());
        double leaf2 = (end[2] - at400[2]) / 0.2;
        assertEquals("leaf 2 alone under its parent gets its demand", demand[2], leaf2, 0.05 * demand[2]);
        assertTrue(dp.entryRecord(BinaryTreeSetup.tableOf(1), 2).active());
    }

    private static long[] passed(Datapath dp) {
        List<HxEntryRecord> leaves = dp.entryRecords(BinaryTreeSetup.tableOf(1));
        long[] out = new long[leaves.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = leaves.get(i).passedBytes();
        }
        return out;
    }

    private static int idle(List<PofMessage> upward) {
        int n = 0;
        for (PofMessage m : upward) {
            if (m instanceof HxEntryStatus && ((HxEntryStatus) m).reason() == HxEntryStatus.REASON_IDLE) {
                n++;
            }
        }
        return n;
    }
}
