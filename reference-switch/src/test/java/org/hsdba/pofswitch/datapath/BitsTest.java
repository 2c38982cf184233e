package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import java.util.SplittableRandom;
import org.junit.Test;

/** Bit fields MSB-first, against a bit-by-bit model. */
public class BitsTest {

    private static long slowRead(byte[] b, int off, int len) {
        long v = 0;
        for (int i = 0; i < len; i++) {
            int pos = off + i;
            v = (v << 1) | ((b[pos >>> 3] >>> (7 - (pos & 7))) & 1);
        }
        return v;
    }

    @Test
    public void readAndWriteAgreeWithABitByBitModelEverywhere() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int round = 0; round < 20000; round++) {
            byte[] buf = new byte[24];
            for (int i = 0; i < buf.length; i++) {
                buf[i] = (byte) rnd.nextInt();
            }
            int len = 1 + rnd.nextInt(64);
            int off = rnd.nextInt(buf.length * 8 - len + 1);
            assertEquals("read " + off + "+" + len, slowRead(buf, off, len), Bits.read(buf, 0, off, len));
            long v = rnd.nextLong();
            byte[] expected = buf.clone();
            for (int i = 0; i < len; i++) {
                int pos = off + i;
                int bit = (int) (v >>> (len - 1 - i)) & 1;
                int m = 1 << (7 - (pos & 7));
                expected[pos >>> 3] = (byte) (bit != 0 ? expected[pos >>> 3] | m : expected[pos >>> 3] & ~m);
            }
            Bits.write(buf, 0, off, len, v);
            assertArrayEquals("write " + off + "+" + len, expected, buf);
        }
    }

    @Test
    public void copyIsLeftAlignedWithTheSpareBitsCleared() {
        byte[] src = {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF};
        byte[] out = Bits.extract(src, 0, 4, 12);
        assertArrayEquals(new byte[] {(byte) 0xBC, (byte) 0xD0}, out);
        byte[] beyond = Bits.extract(src, 0, 16, 16);
        assertArrayEquals("bytes past the array read as zero", new byte[] {(byte) 0xEF, 0}, beyond);
    }

    @Test
    public void coverKeepsTheOtherBits() {
        byte[] dst = {(byte) 0xFF, (byte) 0xFF};
        Bits.cover(dst, 0, 4, new byte[] {0x00}, 0, 6);
        assertArrayEquals(new byte[] {(byte) 0xF0, 0x3F}, dst);
    }
}
