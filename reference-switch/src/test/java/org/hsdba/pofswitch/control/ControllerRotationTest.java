package org.hsdba.pofswitch.control;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.Test;

/** The order in which a switch with several controller addresses tries them, and when it pauses. */
public class ControllerRotationTest {
    private static final InetSocketAddress A = InetSocketAddress.createUnresolved("127.0.0.1", 6643);
    private static final InetSocketAddress B = InetSocketAddress.createUnresolved("127.0.0.2", 6643);
    private static final InetSocketAddress C = InetSocketAddress.createUnresolved("127.0.0.3", 6643);

    @Test
    public void aLostConnectionMovesToTheNextAddressWithoutPause() {
        ControllerRotation r = new ControllerRotation(List.of(A, B, C));
        assertEquals(A, r.current());
        r.established();
        assertFalse("next address at once after losing A", r.failed());
        assertEquals(B, r.current());
    }

    @Test
    public void pausesOnlyAfterEveryAddressFailedInARow() {
        ControllerRotation r = new ControllerRotation(List.of(A, B, C));
        assertFalse(r.failed());
        assertFalse(r.failed());
        assertTrue("A, B and C all failed", r.failed());
        assertEquals("around again from the first", A, r.current());
        assertFalse(r.failed());
        r.established();
        assertFalse("a connection to B resets the count", r.failed());
        assertEquals(C, r.current());
    }

    @Test
    public void oneAddressPausesBeforeEveryReconnectAsPofSwitchDoes() {
        ControllerRotation r = new ControllerRotation(List.of(A));
        r.established();
        assertTrue(r.failed());
        assertTrue(r.failed());
        assertEquals(A, r.current());
    }

    @Test(expected = IllegalArgumentException.class)
    public void noAddressIsRefused() {
        new ControllerRotation(List.of());
    }
}
