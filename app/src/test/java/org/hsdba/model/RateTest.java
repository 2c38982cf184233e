package org.hsdba.model;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

public class RateTest {

    @Test
    public void parsesEveryDocumentedForm() {
        assertEquals(10_000_000_000L, Rate.parse("10G").bps());
        assertEquals(10_000_000_000L, Rate.parse("10Gbps").bps());
        assertEquals(250_000_000L, Rate.parse("250Mbps").bps());
        assertEquals(250_000_000L, Rate.parse("250M").bps());
        assertEquals(250_000_000L, Rate.parse("250mbps").bps());
        assertEquals(100_000L, Rate.parse("100k").bps());
        assertEquals(100_000L, Rate.parse("100K").bps());
        assertEquals(1_500_000_000L, Rate.parse("1.5 Gb/s").bps());
        assertEquals(2_000_000_000_000L, Rate.parse("2Tbit/s").bps());
        assertEquals(800_000L, Rate.parse("800000").bps());
        assertEquals(800_000L, Rate.parse(" 800000 bps ").bps());
        assertEquals(0L, Rate.parse("0").bps());
        assertEquals(500L, Rate.parse(".5k").bps());
    }

    @Test
    public void readsTcUnitsAndMbpsAsMegabits() {
        assertEquals(100_000_000L, Rate.parse("100mbit").bps());
        assertEquals(512_000L, Rate.parse("512kbit").bps());
        assertEquals(1_000_000_000L, Rate.parse("1gbit").bps());
        assertEquals(10L, Rate.parse("10bit").bps());
        // tc reads "mbps" as megabytes; here every unit is bits, as the docs say
        assertEquals(Rate.parse("100mbit"), Rate.parse("100mbps"));
    }

    @Test
    public void roundsFractionsOfABitToTheNearestBit() {
        assertEquals(2L, Rate.parse("1.5").bps());
        assertEquals(1_234_567_890L, Rate.parse("1.2345678901G").bps());
    }

    @Test
    public void rejectsBadUnitsWithTheUnitNamed() {
        expectError("10Q", "\"10Q\": unknown unit \"Q\" (use bps, k, M, G, T, or tc's kbit, mbit, gbit)");
        expectError("10Gbits", "unknown unit \"Gbits\"");
        expectError("10GBps", "bytes (\"B\") are not accepted");
        expectError("-5G", "rates cannot be negative");
        expectError("", "empty rate");
        expectError("G", "not a rate");
        expectError("2000T", "above the maximum rate");
        expectError("unlimited", "only allowed for a peak rate");
    }

    @Test
    public void unlimitedOnlyAsLimit() {
        assertTrue(Rate.parseLimit("unlimited").isUnlimited());
        assertTrue(Rate.parseLimit("Unlimited").isUnlimited());
        assertEquals(Double.POSITIVE_INFINITY, Rate.UNLIMITED.asDouble(), 0);
        assertEquals("unlimited", Rate.UNLIMITED.toString());
        assertEquals(Rate.parse("3G"), Rate.parseLimit("3G"));
    }

    @Test
    public void printsExactTextThatParsesBack() {
        assertEquals("2.5 Gb/s", Rate.parse("2500M").toString());
        assertEquals("10 Gb/s", Rate.parse("10G").toString());
        assertEquals("100 kb/s", Rate.parse("100000").toString());
        assertEquals("999 b/s", Rate.parse("999").toString());
        assertEquals("0 b/s", Rate.ZERO.toString());
        assertEquals("1.234567891 Gb/s", Rate.ofBps(1_234_567_891L).toString());
        for (long bps : new long[] {0, 1, 999, 1000, 1001, 123_456_789, 10_000_000_000L, Rate.MAX_BPS}) {
            assertEquals(bps, Rate.parse(Rate.ofBps(bps).toString()).bps());
        }
    }

    @Test
    public void formatsComputedRatesReadably() {
        assertEquals("1.667 Gb/s", Rate.format(5e9 / 3));
        assertEquals("833.333 Mb/s", Rate.format(2.5e9 / 3));
        assertEquals("2.5 Gb/s", Rate.format(2.5e9));
        assertEquals("0 b/s", Rate.format(0));
        assertEquals("unlimited", Rate.format(Double.POSITIVE_INFINITY));
    }

    @Test
    public void durationsParseAndPrintExactly() {
        assertEquals(10_000_000L, Durations.parse("10ms").toNanos());
        assertEquals(1_500_000_000L, Durations.parse("1.5s").toNanos());
        assertEquals(1_500_000_000L, Durations.parse("1.5").toNanos());
        assertEquals(120_000_000_000L, Durations.parse("2min").toNanos());
        assertEquals("1500ms", Durations.format(Durations.parse("1.5s")));
        assertEquals("2min", Durations.format(Durations.parse("120s")));
        assertEquals("10ms", Durations.format(Durations.ofSeconds(0.01)));
        try {
            Durations.parse("10 parsecs");
            fail();
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("unknown unit \"parsecs\""));
        }
    }

    private static void expectError(String text, String fragment) {
        try {
            Rate.parse(text);
            fail("accepted " + text);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(fragment));
        }
    }
}
