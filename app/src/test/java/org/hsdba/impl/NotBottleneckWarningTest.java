package org.hsdba.impl;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The port warning of issue 20's shaped-link case: eta = 1, at capacity, no drops. */
public class NotBottleneckWarningTest {

    @Test
    public void etaOneAtCapacityWithoutDropsWarns() {
        String w = LiveStateBuilder.notBottleneck(1.0, 20e6, 19.8e6, 0);
        assertNotNull(w);
        assertTrue(w, w.contains("eta = 1.0") && w.contains("19.8 of 20.0 Mb/s") && w.contains("not the bottleneck"));
    }

    @Test
    public void noWarningBelowOneWithDropsOrBelowCapacity() {
        assertNull("eta below 1: the switch is the bottleneck", LiveStateBuilder.notBottleneck(0.95, 20e6, 19e6, 0));
        assertNull("it drops: it enforces", LiveStateBuilder.notBottleneck(1.0, 20e6, 19.9e6, 1e6));
        assertNull("below capacity", LiveStateBuilder.notBottleneck(1.0, 20e6, 15e6, 0));
    }
}
