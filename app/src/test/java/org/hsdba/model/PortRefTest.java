package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import java.util.Objects;

import org.junit.Test;

public class PortRefTest {

    /** The hash is kept, not recomputed; it stays {@code Objects.hash(deviceId, port)}, so hashed collections iterate as before. */
    @Test
    public void hashIsTheDeviceAndPortsAsObjectsHashGivesIt() {
        for (long port : new long[] {0, 1, 3, 65535, PortRef.MAX_PORT}) {
            for (String device : new String[] {"pof:0000000000000001", "pof:00000000000000ff", "x"}) {
                PortRef p = PortRef.of(device, port);
                assertEquals(p.toString(), Objects.hash(device, port), p.hashCode());
                assertEquals(p, PortRef.of(device, port));
            }
        }
        assertNotEquals(PortRef.of("a", 1).hashCode(), PortRef.of("a", 2).hashCode());
    }
}
