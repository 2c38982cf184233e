package org.hsdba.impl;

import static org.junit.Assert.assertEquals;

import java.util.Locale;

import org.junit.Test;

public class PendingJoinTest {

    @Test
    public void joinedMessageSaysTheMillisecondsAsStringFormatDidWithTwoDecimals() {
        long[] cases = {0, 4_999, 5_000, 10_000, 90_000, 123_456, 1_000_000, 1_005_000, 85_804_999, 2_999_999_999L};
        for (long nanos : cases) {
            String expected = String.format(Locale.ROOT, "joined by packet-in; entry confirmed %.2f ms after the PACKET_IN",
                    nanos / 1e6);
            assertEquals("nanos " + nanos, expected, PendingJoin.joinedMessage(nanos));
        }
    }

    @Test
    public void aNegativeIntervalFromAClockStepIsZero() {
        assertEquals("joined by packet-in; entry confirmed 0.00 ms after the PACKET_IN", PendingJoin.joinedMessage(-5));
    }
}
