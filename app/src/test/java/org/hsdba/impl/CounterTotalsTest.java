package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.util.Map;

import org.hsdba.api.TrafficTotals;
import org.hsdba.impl.program.CounterReading;
import org.hsdba.impl.program.EntryCounters;
import org.hsdba.impl.program.NodeRef;
import org.hsdba.model.PortRef;
import org.junit.Test;

public class CounterTotalsTest {

    private static final NodeRef A = NodeRef.of(PortRef.of("pof:1", 2), "A");
    private static final NodeRef B = NodeRef.of(PortRef.of("pof:1", 2), "B");

    private static EntryCounters c(long bytes, long packets, long droppedBytes, long droppedPackets) {
        return new EntryCounters(bytes, droppedBytes, packets, droppedPackets, null, null);
    }

    @Test
    public void totalsGrowByWhatEachCounterGainedAndSurviveAResetOfTheEntry() {
        CounterReading r1 = new CounterReading(1, Map.of(A, c(1000, 10, 100, 1)));
        Map<NodeRef, TrafficTotals> t1 = CounterTotals.advance(Map.of(), null, r1);
        assertEquals(new TrafficTotals(1000, 10, 100, 1), t1.get(A)); // first reading: all since install

        CounterReading r2 = new CounterReading(2, Map.of(A, c(1500, 15, 100, 1), B, c(40, 1, 0, 0)));
        Map<NodeRef, TrafficTotals> t2 = CounterTotals.advance(t1, r1, r2);
        assertEquals(new TrafficTotals(1500, 15, 100, 1), t2.get(A));
        assertEquals(new TrafficTotals(40, 1, 0, 0), t2.get(B)); // new node: all it counted

        // the entry was installed anew (a reprogram): its counters went back, the totals do not
        CounterReading r3 = new CounterReading(3, Map.of(A, c(200, 2, 0, 0), B, c(90, 2, 10, 1)));
        Map<NodeRef, TrafficTotals> t3 = CounterTotals.advance(t2, r2, r3);
        assertEquals(new TrafficTotals(1700, 17, 100, 1), t3.get(A));
        assertEquals(new TrafficTotals(90, 2, 10, 1), t3.get(B));

        // B went away (pruned): no totals kept for it; back later, it starts from zero
        CounterReading r4 = new CounterReading(4, Map.of(A, c(200, 2, 0, 0)));
        Map<NodeRef, TrafficTotals> t4 = CounterTotals.advance(t3, r3, r4);
        assertFalse(t4.containsKey(B));
        assertEquals(t3.get(A), t4.get(A));
    }

    @Test
    public void aNewSessionAddsWhatItsEntriesCountedSinceTheyWereInstalled() {
        Map<NodeRef, TrafficTotals> before = Map.of(A, new TrafficTotals(5000, 50, 0, 0));
        Map<NodeRef, TrafficTotals> after = CounterTotals.advance(before, null,
                new CounterReading(9, Map.of(A, c(300, 3, 0, 0))));
        assertEquals(new TrafficTotals(5300, 53, 0, 0), after.get(A));
    }

    @Test
    public void totalsSaturateInsteadOfWrapping() {
        TrafficTotals big = new TrafficTotals(Long.MAX_VALUE - 1, 0, 0, 0);
        assertEquals(Long.MAX_VALUE, big.plus(new TrafficTotals(5, 0, 0, 0)).bytes());
    }
}
