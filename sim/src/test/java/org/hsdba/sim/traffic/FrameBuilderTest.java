package org.hsdba.sim.traffic;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;

import java.util.Arrays;
import java.util.List;
import org.junit.Test;

public class FrameBuilderTest {

    private static int u16(byte[] f, int at) {
        return ((f[at] & 0xff) << 8) | (f[at + 1] & 0xff);
    }

    @Test
    public void buildsEthernetIpv4UdpWithLengthsAndValidChecksum() {
        byte[] f = FrameBuilder.build(1024, 3, List.of());
        assertEquals(1024, f.length);
        assertEquals(0x0800, u16(f, 12));
        assertEquals(0x45, f[14] & 0xff);
        assertEquals(1024 - 14, u16(f, 16));
        assertEquals(17, f[23]);
        assertEquals(1024 - 34, u16(f, 38));
        assertEquals(0, verify(f));
        assertArrayEquals(new byte[] {10, (byte) 255, 0, 3}, Arrays.copyOfRange(f, 26, 30));
    }

    /** Summing a header including its checksum gives 0xffff, i.e. the recomputed checksum is 0. */
    private static int verify(byte[] f) {
        int sum = 0;
        for (int i = 0; i < 20; i += 2) {
            sum += u16(f, 14 + i);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return sum == 0xffff ? 0 : 1;
    }

    @Test
    public void writesMatchFieldsMsbFirstAndFixesTheChecksum() {
        // Level 1: IPv4 destination /16 (bit 240, 16 bits); level 2: the full destination.
        FieldWrite subnet = FieldWrite.exact(240, 16, new byte[] {10, 1});
        FieldWrite host = FieldWrite.exact(240, 32, new byte[] {10, 1, 0, 7});
        byte[] f = FrameBuilder.build(64, 0, List.of(subnet, host));
        assertArrayEquals(new byte[] {10, 1, 0, 7}, Arrays.copyOfRange(f, 30, 34));
        assertEquals(0, verify(f));
    }

    @Test
    public void unalignedMaskedFieldTouchesOnlyMaskedBits() {
        // 6 bits at bit 116 (the IHL nibble and the top of the TOS byte): value 0b101101 with mask
        // 0b111100 writes only the first 4 bits, so the TOS byte keeps its value.
        FieldWrite w = new FieldWrite(116, 6, new byte[] {(byte) 0b10110100}, new byte[] {(byte) 0b11110000});
        byte[] before = FrameBuilder.build(64, 0, List.of());
        byte[] after = FrameBuilder.build(64, 0, List.of(w));
        // Bits 116..119 are the low nibble of byte 14: 1011.
        assertEquals(0x4b, after[14] & 0xff);
        assertEquals(before[15], after[15]);
    }

    @Test
    public void factoryReturnsFreshCopiesAndRejectsFieldsPastTheFrame() {
        TrafficSource s = new TrafficSource("s", "leaf", 1e6, PacketSizes.fixed(64), ArrivalProcess.cbr(),
                List.of(ActiveInterval.seconds(0, 1)));
        FrameFactory factory = new FrameFactory(List.of(s), List.of(List.of(FieldWrite.exact(240, 32,
                new byte[] {1, 2, 3, 4}))));
        byte[] a = factory.frame(new Arrival(0, 0, 64));
        byte[] b = factory.frame(new Arrival(1, 0, 64));
        assertNotSame(a, b);
        assertArrayEquals(a, b);
        SourcesTest.expectMessage(() -> new FrameFactory(List.of(s),
                List.of(List.of(FieldWrite.exact(500, 32, new byte[4])))), "source s (leaf leaf): match");
    }
}
