package org.hsdba.lab.hosts;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class HostLinksTest {

    @Test
    public void saysWhetherTheEgressIsShaped() {
        assertTrue(HostLinks.of(true).shaped());
        assertFalse(HostLinks.of(false).shaped());
        assertSame(HostLinks.DIRECT, HostLinks.of(false));
        assertEquals("egress shaped to the tree's capacity (tbf)", HostLinks.SHAPED.toString());
        assertEquals("egress not shaped", HostLinks.DIRECT.toString());
    }
}
