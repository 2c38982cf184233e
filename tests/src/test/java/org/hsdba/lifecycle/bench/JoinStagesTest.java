package org.hsdba.lifecycle.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;

import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.junit.Test;

/** The join-latency benchmark's stage recorder: joins move one stage at a time, intervals add up. */
public class JoinStagesTest {

    private static final long MS = 1_000_000;

    @Test
    public void joinsMoveOneStageAtATimeAndTheIntervalsAddUpToTheTotal() {
        JoinStages s = new JoinStages();
        s.arrived("a", 0);
        s.arrived("b", 1 * MS);
        s.arrived("a", 5 * MS); // a repeated PACKET_IN does not restart the join
        s.reached(Stage.DEQUEUED, "a", 2 * MS);
        s.reached(Stage.DEQUEUED, "b", 2 * MS);
        assertEquals("only those the write concerns", List.of("a"), s.reached(Stage.WRITTEN, "a"::equals, 3 * MS));
        s.reached(Stage.DIFF_STARTED, "b", 3 * MS); // b is not written yet: ignored
        s.reached(Stage.DIFF_STARTED, id -> true, 4 * MS);
        s.reached(Stage.DIFF_DONE, List.of("a"), 6 * MS);
        List<String> sent = s.reached(Stage.SENT, id -> true, 6 * MS);
        assertEquals(List.of("a"), sent);
        s.reached(Stage.CONFIRMED, sent, 9 * MS);
        s.reached(Stage.JOINED, "a", 10 * MS);
        s.reached(Stage.JOINED, "b", 10 * MS); // b is still waiting to be written

        assertEquals(1, s.completed());
        assertEquals("b never left the join queue", List.of("1 after \"join queue\" (stamped DEQUEUED): b"), s.stuck(10));
        assertEquals(List.of(10.0), s.totals());
        List<String> lines = s.breakdown("");
        assertTrue(lines.get(0), lines.get(0).matches("join queue +median +2\\.000 ms +p99 +2\\.000 ms"));
        assertTrue(lines.get(3), lines.get(3).matches("compiler diff +median +2\\.000 ms.*"));
        assertTrue(lines.get(5), lines.get(5).matches("switch round trip +median +3\\.000 ms.*"));
        assertTrue(lines.get(7), lines.get(7).matches("total +median +10\\.000 ms +p99 +10\\.000 ms +\\(1 joins\\)"));
    }

    @Test
    public void stuckJoinsAreListedByTheStageTheyWaitAfterUpToTheLimit() {
        JoinStages s = new JoinStages();
        for (String id : List.of("a", "b", "c")) {
            s.arrived(id, 0);
        }
        s.reached(Stage.DEQUEUED, "c", MS);
        assertEquals(List.of("2 after \"arrival\" (stamped ARRIVED): a, ...", "1 after \"join queue\" (stamped DEQUEUED): c"),
                s.stuck(1));
    }

    @Test
    public void updatesAreCountedWithTheirJoinsAndMessages() {
        JoinStages s = new JoinStages();
        s.diff(2 * MS, 1, 1, -1);
        s.diff(4 * MS, 3, 5, -1);
        String line = s.breakdown("").get(8);
        assertTrue(line, line.matches("compiler updates +2 updates, median 2\\.000 ms, p99 4\\.000 ms, 2\\.00 joins"
                + " and 3\\.00 messages per update"));
    }

    @Test
    public void quantilesAreNearestRank() {
        List<Double> v = List.of(5.0, 1.0, 4.0, 2.0, 3.0);
        assertEquals(3.0, JoinStages.median(v), 0);
        assertEquals(5.0, JoinStages.p99(v), 0);
        assertEquals(1.0, JoinStages.quantile(v, 0.01), 0);
        assertTrue(Double.isNaN(JoinStages.median(List.of())));
    }
}
