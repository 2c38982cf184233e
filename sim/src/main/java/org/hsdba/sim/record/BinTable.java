package org.hsdba.sim.record;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.sim.engine.RunResult;

/** The per-bin rows of a run, bin by bin, nodes in tree order within a bin. */
public final class BinTable {

    private BinTable() {
    }

    public static List<BinRow> rows(RunResult r) {
        List<BinRow> rows = new ArrayList<>(r.bins() * r.tree().size());
        for (int b = 0; b < r.bins(); b++) {
            for (int n = 0; n < r.tree().size(); n++) {
                rows.add(new BinRow(r.binStartNs(b), r.tree().id(n), r.offeredBps(b, n), r.measuredBps(b, n),
                        r.oracleBps(b, n), r.dropBps(b, n), r.dropPps(b, n), r.queueDropPps(b, n), r.state(b, n)));
            }
        }
        return rows;
    }
}
