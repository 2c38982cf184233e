package org.hsdba.compiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.Test;

/** A delta keeps what its tally held when it was made; later sends and counts do not reach it. */
public class MultiTreeDeltaTest {

    private static final SwitchProgram EMPTY = SwitchProgram.empty(SwitchCapabilities.reference(),
            CompilerOptions.DEFAULTS);

    @Test
    public void copiesTheTallyAsItWas() {
        DeltaTally tally = new DeltaTally();
        tally.send(Dispatch.deleteTable(0, 1));
        tally.sendAll(List.of(Dispatch.deleteTable(0, 2), Dispatch.deleteTable(0, 3)));
        tally.count(4, 0, 0);
        tally.count(1, 2, 3);
        tally.treeAdded(2);
        tally.treeRemoved(3);
        tally.treeReinstalled(5);
        SwitchDelta d = new SwitchDelta(tally, EMPTY, true, 4, 7);

        tally.send(Dispatch.deleteTable(0, 4));
        tally.count(100, 100, 100);
        tally.treeAdded(9);

        assertEquals(3, d.messages().size());
        assertEquals(Map.of("TABLE_MOD", 3), d.countsByType());
        assertEquals(5, d.added());
        assertEquals(2, d.modified());
        assertEquals(3, d.deleted());
        assertEquals(Set.of(2L), d.addedPorts());
        assertEquals(Set.of(3L), d.removedPorts());
        assertEquals(Set.of(5L), d.reinstalledPorts());
        assertTrue(d.dispatchRebuilt());
        assertEquals(4, d.nextXid());
        assertEquals(7, d.examined());
        assertFalse(d.isEmpty());
        assertEquals("SwitchDelta{3 messages {TABLE_MOD=3}, +5 ~2 -3, trees added [2], removed [3], reinstalled [5],"
                + " dispatch rebuilt}", d.toString());
    }

    @Test
    public void nothingTalliedIsEmpty() {
        SwitchDelta d = new SwitchDelta(new DeltaTally(), EMPTY, false, 1, 0);
        assertTrue(d.isEmpty());
        assertEquals("SwitchDelta{0 messages {}, +0 ~0 -0}", d.toString());
    }
}
