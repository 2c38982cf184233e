package org.hsdba.compiler.assisted;

import static org.junit.Assert.assertTrue;

import java.nio.ByteBuffer;

import org.junit.Test;

/**
 * The spread of {@link DropHash#value} over the frames of one flow: a drop threshold t must drop
 * about the fraction t of any run of consecutive frames, whatever varies in them.
 */
public class DropHashTest {

    /** IPv4 UDP, identification 0, a 32-bit sequence number opening the payload, the UDP checksum set. */
    private static byte[] udpWithSequence(int size, int seq) {
        ByteBuffer b = ByteBuffer.allocate(size);
        b.putShort(12, (short) 0x0800);
        b.put(14, (byte) 0x45).putShort(16, (short) (size - 14)).put(22, (byte) 64).put(23, (byte) 17);
        b.putInt(26, 0x0AFE0001).putInt(30, 0x0A010001);
        b.putShort(34, (short) 5001).putShort(36, (short) 5001).putShort(38, (short) (size - 34));
        b.putInt(42, seq);
        long sum = 0x0AFE + 0x0001 + 0x0A01 + 0x0001 + 17 + (size - 34);
        for (int i = 34; i < size; i += 2) {
            sum += (b.get(i) & 0xFF) << 8 | (i + 1 < size ? b.get(i + 1) & 0xFF : 0);
        }
        while (sum >> 16 != 0) {
            sum = (sum & 0xFFFF) + (sum >> 16);
        }
        int cks = (int) (~sum & 0xFFFF);
        b.putShort(40, (short) (cks == 0 ? 0xFFFF : cks));
        return b.array();
    }

    /** The largest gap between the dropped fraction of any 64 consecutive frames and the threshold's fraction. */
    private static double worstWindowError(java.util.function.IntFunction<byte[]> flow, double p) {
        int threshold = (int) Math.round(p * (1 << DropHash.BITS));
        int n = 4096;
        boolean[] dropped = new boolean[n];
        for (int k = 0; k < n; k++) {
            dropped[k] = DropHash.decision(flow.apply(k), 0x1234) < threshold;
        }
        double worst = 0;
        for (int start = 0; start + 64 <= n; start += 16) {
            int d = 0;
            for (int k = start; k < start + 64; k++) {
                d += dropped[k] ? 1 : 0;
            }
            worst = Math.max(worst, Math.abs(d / 64.0 - p));
        }
        return worst;
    }

    @Test
    public void aChecksumDoesNotCancelThePayloadCounterItCovers() {
        // The checksum falls by one as the counter rises by one: XORed plainly, the two took a few
        // values only and a flow passed all or nothing for long runs of frames.
        for (double p : new double[] {0.1, 0.33, 0.67}) {
            double worst = worstWindowError(k -> udpWithSequence(200, k), p);
            assertTrue("p " + p + ": worst 64-frame window off by " + worst, worst < 0.2);
        }
    }

    @Test
    public void anIncrementingIdentificationIsSpread() {
        for (double p : new double[] {0.1, 0.33, 0.67}) {
            double worst = worstWindowError(k -> {
                byte[] f = udpWithSequence(200, 0);
                f[18] = (byte) (k >> 8);
                f[19] = (byte) k;
                return f;
            }, p);
            assertTrue("p " + p + ": worst 64-frame window off by " + worst, worst < 0.2);
        }
    }
}
