package org.hsdba.impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Random;

import org.hsdba.api.Precondition;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.PortRef;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Test;

/** A new tree for a port the connected switch lacks is refused; before the switch connects it is accepted. */
public class ManagerPortAdmissionTest {

    private final Harness h = new Harness();

    @After
    public void tearDown() {
        h.close();
    }

    private static BandwidthTree on(long port) {
        BandwidthTree t = Harness.labTree();
        return BandwidthTree.builder(PortRef.of(Harness.DEVICE, port)).capacity(t.capacity()).eta(t.eta()).mode(t.mode())
                .levels(t.levels()).nodes(t.nodes()).build();
    }

    @Test
    public void aTreeForAPortTheSwitchLacksIsRefusedAndNothingIsStored() {
        h.switches.connect(Harness.DPID, SwitchMode.IN_SWITCH); // ports 3 and 4
        h.quiet();
        long missing = 5 + new Random().nextInt(250);
        try {
            h.manager.putTree(on(missing), Precondition.NO_TREE);
            fail("tree on missing port " + missing + " accepted");
        } catch (InvalidTreeException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("has no port " + missing + " (its ports: 3, 4)"));
        }
        assertFalse(h.manager.tree(PortRef.of(Harness.DEVICE, missing)).isPresent());
        assertEquals(4, h.manager.putTree(on(4), Precondition.NO_TREE).port().port());
    }

    @Test
    public void beforeTheSwitchConnectsAnyPortIsAccepted() {
        long port = 5 + new Random().nextInt(250);
        assertTrue(h.manager.putTree(on(port), Precondition.NO_TREE).version() > 0);
    }
}
