package org.hsdba.lifecycle.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;

import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.junit.Test;

/** The join-latency benchmark's stage recorder: joins move forward only, intervals add up. */
public class JoinStagesTest {

    private static final long MS = 1_000_000;

    @Test
    public void joinsMoveForwardAndTheIntervalsAddUpToTheTotal() {
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
        assertLine(lines, "compiler diff", "2\\.000");
        assertLine(lines, "  ->adapter confirms", "3\\.000");
        assertLine(lines, "switch round trip", "3\\.000");
        assertLine(lines, "confirm->event", "1\\.000");
        assertLine(lines, "total", "10\\.000");
        assertTrue(lines.toString(), lines.stream().anyMatch(l -> l.matches("total .*\\(1 joins\\)")));
        assertFalse("no switch stamps in this set-up", lines.stream().anyMatch(l -> l.contains("switch applies")));
    }

    @Test
    public void theSwitchsStampsSplitTheRoundTripAndStartTheJoinAtThePacketInWrite() {
        JoinStages s = new JoinStages();
        s.written("a", 0);
        s.arrived("a", 1 * MS);
        s.reached(Stage.DEQUEUED, "a", 2 * MS);
        s.reached(Stage.WRITTEN, "a", 3 * MS);
        s.reached(Stage.DIFF_STARTED, "a", 3 * MS);
        s.reached(Stage.DIFF_DONE, "a", 4 * MS);
        s.reached(Stage.SENT, "a", 4 * MS);
        s.moved(Stage.SWITCH_READ, Stage.SWITCH_APPLIED, 5 * MS); // a keep-alive ECHO before the batch: nobody moves
        s.moved(Stage.SENT, Stage.SWITCH_READ, 6 * MS);
        s.moved(Stage.SENT, Stage.SWITCH_READ, 7 * MS); // the batch's next message: a has moved on already
        s.moved(Stage.SWITCH_READ, Stage.SWITCH_APPLIED, 8 * MS);
        s.moved(Stage.SWITCH_APPLIED, Stage.ECHO_WRITTEN, 9 * MS);
        s.reached(Stage.CONFIRMED, List.of("a"), 11 * MS);
        s.moved(Stage.CONFIRMED, Stage.LANE, 12 * MS);
        s.reached(Stage.JOINED, "a", 14 * MS);

        List<String> lines = s.breakdown("");
        assertLine(lines, "PACKET_IN write->arrival", "1\\.000");
        assertLine(lines, "  send->switch read", "2\\.000");
        assertLine(lines, "  switch applies", "2\\.000");
        assertLine(lines, "  ECHO_REPLY write", "1\\.000");
        assertLine(lines, "  ->adapter confirms", "2\\.000");
        assertLine(lines, "switch round trip", "7\\.000");
        assertLine(lines, "  confirm->lane runs", "1\\.000");
        assertLine(lines, "  ->NODE_JOINED", "2\\.000");
        assertLine(lines, "confirm->event", "3\\.000");
        assertLine(lines, "total", "13\\.000");
        assertLine(lines, "PI write->confirmed", "11\\.000");
        assertLine(lines, "PI write->JOINED", "14\\.000");
        assertEquals(List.of(10.0), s.confirmations());
    }

    @Test
    public void theSlowestJoinsAreGroupedByWhenTheyArrivedWithTheirLargestStep() {
        JoinStages s = new JoinStages();
        // 200 joins 1 ms apart confirmed 1 ms after arrival, but those arriving at 50-51 ms wait
        // 9 ms in the join queue and the one at 150 ms 10 ms in the compiler diff.
        for (int i = 0; i < 200; i++) {
            String id = "n" + i;
            long t = i * MS;
            long queue = i == 50 || i == 51 ? 9 * MS : 0;
            long diff = i == 150 ? 10 * MS : 0;
            s.arrived(id, t);
            s.reached(Stage.DEQUEUED, id, t + queue);
            s.reached(Stage.WRITTEN, id, t + queue);
            s.reached(Stage.DIFF_STARTED, id, t + queue);
            s.reached(Stage.DIFF_DONE, id, t + queue + diff);
            s.reached(Stage.SENT, id, t + queue + diff);
            s.reached(Stage.CONFIRMED, id, t + queue + diff + MS);
            s.reached(Stage.JOINED, id, t + queue + diff + MS);
        }
        List<String> tail = s.tail("");
        assertEquals(tail.toString(), "slowest 1 %          3 joins >= 10.00 ms, arrived at 50-51 ms (2) 150 ms (1)",
                tail.get(0));
        assertEquals("their largest step join queue 2, compiler diff 1", tail.get(1).replaceAll(" +", " ").trim());
        // the slowest join's every interval, and where it arrived on the JVM's clock (the -Xlog stamps)
        String slowest = tail.get(2).replaceAll(" +", " ").trim();
        assertTrue(slowest, slowest.matches("the slowest 11\\.00 ms, arrived at 150 ms \\(JVM uptime -?[0-9]+ ms, as -Xlog"
                + " stamps it\\): join queue 0\\.000, store write 0\\.000, wait for diff 0\\.000, compiler diff 10\\.000,"
                + " diff->send 0\\.000, ->adapter confirms 1\\.000"));
    }

    @Test(expected = IllegalArgumentException.class)
    public void aMoveBackwardsIsRefused() {
        new JoinStages().moved(Stage.CONFIRMED, Stage.SWITCH_READ, 0);
    }

    @Test
    public void stuckJoinsAreListedByTheStageTheyWaitAfterUpToTheLimit() {
        JoinStages s = new JoinStages();
        for (String id : List.of("a", "b", "c")) {
            s.arrived(id, 0);
        }
        s.reached(Stage.DEQUEUED, "c", MS);
        assertEquals(List.of("2 after \"PACKET_IN write->arrival\" (stamped ARRIVED): a, ...",
                "1 after \"join queue\" (stamped DEQUEUED): c"), s.stuck(1));
    }

    @Test
    public void updatesAreCountedWithTheirJoinsAndMessages() {
        JoinStages s = new JoinStages();
        s.diff(2 * MS, 1, 1, -1);
        s.diff(4 * MS, 3, 5, -1);
        List<String> lines = s.breakdown("");
        String line = lines.get(lines.size() - 1);
        assertTrue(line, line.matches("compiler updates +2 updates, median 2\\.000 ms, p99 4\\.000 ms, 2\\.00 joins"
                + " and 3\\.00 messages per update"));
    }

    @Test
    public void theStoreWriteIsSplitFromPlanAndAdmitWithItsCpuTime() {
        JoinStages s = new JoinStages();
        s.arrived("a", 0);
        s.reached(Stage.DEQUEUED, "a", 1 * MS);
        s.reached(Stage.ADMITTED, "a", 3 * MS);
        s.reached(Stage.WRITTEN, "a", 7 * MS);
        s.storeWrite(4 * MS, 1 * MS);
        s.reached(Stage.DIFF_STARTED, "a", 7 * MS);
        s.reached(Stage.DIFF_DONE, "a", 8 * MS);
        s.reached(Stage.SENT, "a", 8 * MS);
        s.reached(Stage.CONFIRMED, List.of("a"), 9 * MS);
        s.reached(Stage.JOINED, "a", 9 * MS);
        List<String> lines = s.breakdown("");
        assertLine(lines, "plan+admit", "2\\.000");
        assertLine(lines, "store write", "4\\.000");
        assertTrue(lines.toString(), lines.stream().anyMatch(l -> l.matches("store writes +1 writes, wall median 4\\.000"
                + " ms p99 4\\.000 ms; the writer's CPU median 1\\.000 ms p99 1\\.000 ms.*")));
    }

    @Test
    public void quantilesAreNearestRank() {
        List<Double> v = List.of(5.0, 1.0, 4.0, 2.0, 3.0);
        assertEquals(3.0, JoinStages.median(v), 0);
        assertEquals(5.0, JoinStages.p99(v), 0);
        assertEquals(1.0, JoinStages.quantile(v, 0.01), 0);
        assertTrue(Double.isNaN(JoinStages.median(List.of())));
    }

    /** The line of {@code name} has the given median. */
    private static void assertLine(List<String> lines, String name, String median) {
        String pattern = java.util.regex.Pattern.quote(name) + " +median +" + median + " ms.*";
        assertTrue(name + " in " + lines, lines.stream().anyMatch(l -> l.matches(pattern)));
    }
}
