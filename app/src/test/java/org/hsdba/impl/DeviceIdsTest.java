package org.hsdba.impl;

import static org.junit.Assert.assertEquals;

import java.util.Random;

import org.junit.Test;

/** {@link DeviceIds#of} writes what {@code String.format("pof:%016x")} writes, and parses back. */
public class DeviceIdsTest {

    @Test
    public void ofWritesSixteenLowerCaseHexDigitsForEveryId() {
        long[] edges = {0, 1, 0xF, 0x10, 0xABCDEFL, Long.MAX_VALUE, Long.MIN_VALUE, -1, 0x00FF_0000_0000_0000L};
        for (long id : edges) {
            check(id);
        }
        Random random = new Random(17);
        for (int i = 0; i < 10_000; i++) {
            check(random.nextLong() >>> random.nextInt(64));
        }
    }

    private static void check(long id) {
        String text = DeviceIds.of(id);
        assertEquals(String.format("pof:%016x", id), text);
        assertEquals(text, id, DeviceIds.parse(text));
    }
}
