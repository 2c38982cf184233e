package org.hsdba.pofswitch.datapath;

import org.hsdba.pof.ext.HxArithmetic;

/**
 * {@link HxArithmetic}'s MULDIV and EXPNEG with the same results, cheaper on JDK 17: no
 * {@code Long.divideUnsigned} (which goes through BigInteger there when the dividend's top bit is
 * set), a shift for a power-of-two divisor (the compiled HSDBA program's Q16/Q32 scalings), and
 * {@link HxArithmetic#mulDiv} itself for the rare 128-bit quotient. Tested against HxArithmetic on
 * random and edge inputs, and the fast path's differential test compares every state word.
 */
final class FastArithmetic {
    /** round(2^32 * log2(e)), HxArithmetic's constant. */
    private static final long LOG2E_Q32 = 0x171547653L;
    private static final long[] POW2 = new long[65];

    static {
        for (int k = 0; k <= 64; k++) {
            POW2[k] = HxArithmetic.pow2Table(k);
        }
    }

    private FastArithmetic() {
    }

    /** Unsigned n / d without BigInteger (Hacker's Delight 9-3). */
    static long divu(long n, long d) {
        if (d < 0) {
            return Long.compareUnsigned(n, d) < 0 ? 0 : 1;
        }
        if (n >= 0) {
            return n / d;
        }
        long q = ((n >>> 1) / d) << 1;
        long r = n - q * d;
        return Long.compareUnsigned(r, d) >= 0 ? q + 1 : q;
    }

    /** {@link HxArithmetic#mulDiv}. */
    static long mulDiv(long a, long b, long c) {
        if (c == 0) {
            return HxArithmetic.MAX;
        }
        long lo = a * b;
        long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
        if (hi == 0) {
            return divu(lo, c);
        }
        if (Long.compareUnsigned(hi, c) >= 0) {
            return HxArithmetic.MAX;
        }
        if ((c & (c - 1)) == 0) {
            int k = Long.numberOfTrailingZeros(c); // >= 1: hi < c and hi != 0
            return (hi << (64 - k)) | (lo >>> k);
        }
        return HxArithmetic.mulDiv(a, b, c);
    }

    /** {@link HxArithmetic#expNeg}, step for step, on {@link #mulDiv}. */
    static long expNeg(long a, long b) {
        if (a == 0) {
            return HxArithmetic.Q32_ONE;
        }
        if (b == 0) {
            return 0;
        }
        long x = mulDiv(a, HxArithmetic.Q32_ONE, b);
        if (Long.compareUnsigned(x, 1L << 26) < 0) {
            long t2 = (x * x) >>> 32;
            long t3 = (t2 * x) >>> 32;
            return HxArithmetic.Q32_ONE - x + (t2 >>> 1) - t3 / 6;
        }
        long y = mulDiv(a, LOG2E_Q32, b);
        long n = y >>> 32;
        if (n > 32) {
            return 0;
        }
        long f = y & 0xFFFFFFFFL;
        int i = (int) (f >>> 26);
        long r = (f >>> 10) & 0xFFFF;
        long v = POW2[i] - (((POW2[i] - POW2[i + 1]) * r) >>> 16);
        return v >>> n;
    }

    /** {@link HxArithmetic#div}. */
    static long div(long a, long b) {
        return b == 0 ? HxArithmetic.MAX : divu(a, b);
    }
}
