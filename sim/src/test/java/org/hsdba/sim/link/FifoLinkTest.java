package org.hsdba.sim.link;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class FifoLinkTest {

    private final List<long[]> out = new ArrayList<>();
    private final DepartureSink sink = (arr, dep, bytes, flow) -> out.add(new long[] {arr, dep, bytes, flow});

    @Test
    public void anIdleLinkDelaysAPacketByItsSerialisationTime() {
        FifoLink link = new FifoLink(1e9, 10_000);
        assertTrue(link.offer(1_000, 1250, 3));
        link.advanceTo(10_999, sink);
        assertEquals(0, out.size());
        link.advanceTo(11_000, sink);
        assertEquals(1, out.size());
        assertEquals(1_000, out.get(0)[0]);
        assertEquals(11_000, out.get(0)[1]);
        assertEquals(3, out.get(0)[3]);
        assertEquals(0, link.backlogBytes());
    }

    @Test
    public void backToBackPacketsQueueAndTheBufferTailDrops() {
        FifoLink link = new FifoLink(1e9, 3000);
        assertTrue(link.offer(0, 1500, 0));
        assertTrue(link.offer(0, 1500, 1));
        assertFalse("third 1500-byte packet does not fit a 3000-byte buffer", link.offer(0, 1500, 2));
        assertEquals(3000, link.backlogBytes());
        link.advanceTo(12_000, sink);
        assertEquals(1, out.size());
        assertTrue("room again after the first left", link.offer(12_000, 1500, 2));
        link.advanceTo(Long.MAX_VALUE, sink);
        assertEquals(24_000, out.get(1)[1]);
        assertEquals(36_000, out.get(2)[1]);
    }

    @Test(expected = IllegalArgumentException.class)
    public void rejectsZeroCapacity() {
        new FifoLink(0, 1000);
    }
}
