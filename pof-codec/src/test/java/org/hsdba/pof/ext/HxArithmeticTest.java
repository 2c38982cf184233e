package org.hsdba.pof.ext;

import static org.hsdba.pof.ext.HxArithmetic.MAX;
import static org.hsdba.pof.ext.HxArithmetic.Q32_ONE;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.Test;

public class HxArithmeticTest {

    @Test
    public void addAndMulSaturateAtMaxSubAtZero() {
        assertEquals(MAX, HxArithmetic.add(MAX, 1));
        assertEquals(MAX, HxArithmetic.add(1L << 63, 1L << 63));
        assertEquals(5, HxArithmetic.add(2, 3));
        assertEquals(0, HxArithmetic.sub(2, 3));
        assertEquals(1, HxArithmetic.sub(MAX, MAX - 1));
        assertEquals(MAX, HxArithmetic.mul(1L << 32, 1L << 32));
        assertEquals(1L << 63, HxArithmetic.mul(1L << 31, 1L << 32));
        assertEquals(MAX, HxArithmetic.mul(MAX, 2));
        assertEquals(0, HxArithmetic.mul(MAX, 0));
    }

    @Test
    public void divisionByZeroIsDefined() {
        assertEquals(MAX, HxArithmetic.div(7, 0));
        assertEquals(MAX, HxArithmetic.div(0, 0));
        assertEquals(7, HxArithmetic.mod(7, 0));
        assertEquals(MAX, HxArithmetic.mulDiv(3, 4, 0));
        assertEquals(14, HxArithmetic.div(100, 7));
        assertEquals(2, HxArithmetic.mod(100, 7));
        assertEquals(Long.divideUnsigned(MAX, 3), HxArithmetic.div(MAX, 3));
    }

    @Test
    public void shiftsAreLogicalAndZeroBeyond63() {
        assertEquals(0, HxArithmetic.shl(1, 64));
        assertEquals(0, HxArithmetic.shr(MAX, 64));
        assertEquals(0, HxArithmetic.shr(MAX, MAX));
        assertEquals(1, HxArithmetic.shr(MAX, 63));
        assertEquals(1L << 63, HxArithmetic.shl(3, 63));
    }

    @Test
    public void mulDivUsesTheExact128BitProduct() {
        SplittableRandom rnd = new SplittableRandom(7);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < 20000; i++) {
            long a = rnd.nextLong();
            long b = i % 3 == 0 ? rnd.nextLong() : rnd.nextLong(1L << 40);
            long c = i % 2 == 0 ? rnd.nextLong() : rnd.nextLong(1, 1L << 50);
            BigInteger q = unsigned(a).multiply(unsigned(b)).divide(unsigned(c).max(BigInteger.ONE));
            long expected = c == 0 || q.compareTo(two64) >= 0 ? MAX : q.longValue();
            assertEquals("mulDiv(" + Long.toUnsignedString(a) + ", " + Long.toUnsignedString(b) + ", "
                    + Long.toUnsignedString(c) + ")", expected, HxArithmetic.mulDiv(a, b, c));
        }
        assertEquals(MAX, HxArithmetic.mulDiv(MAX, MAX, MAX - 1));
        assertEquals(MAX, HxArithmetic.mulDiv(MAX, MAX, MAX));
        assertEquals(1L << 60, HxArithmetic.mulDiv(1L << 40, 1L << 40, 1L << 20));
    }

    /** The 128-by-64 division path (product's high word non-zero and below c), on random shapes. */
    @Test
    public void mulDivWideProductsMatchBigInteger() {
        SplittableRandom rnd = new SplittableRandom(20261124);
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        for (int i = 0; i < 300_000; i++) {
            // random bit widths so the divisor's normalisation shift and both quotient digits vary
            long a = rnd.nextLong() >>> rnd.nextInt(64);
            long b = i % 4 == 0 ? 1L << 32 : rnd.nextLong() >>> rnd.nextInt(64);
            long c = rnd.nextLong() >>> rnd.nextInt(64);
            if (i % 7 == 0) {
                // divisor just above the high word: quotients near 2^64, the correction loops run
                long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
                c = hi + 1 + rnd.nextInt(3);
            }
            BigInteger q = unsigned(a).multiply(unsigned(b)).divide(unsigned(c).max(BigInteger.ONE));
            long expected = c == 0 || q.compareTo(two64) >= 0 ? MAX : q.longValue();
            assertEquals("mulDiv(" + Long.toUnsignedString(a) + ", " + Long.toUnsignedString(b) + ", "
                    + Long.toUnsignedString(c) + ")", expected, HxArithmetic.mulDiv(a, b, c));
        }
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    @Test
    public void powerTableIsRoundedTwoToTheMinusKOver64() {
        for (int k = 0; k <= 64; k++) {
            double exact = Math.pow(2, 32 - k / 64.0);
            assertTrue("P[" + k + "]", Math.abs(HxArithmetic.pow2Table(k) - exact) <= 0.5);
        }
        assertEquals(Q32_ONE, HxArithmetic.pow2Table(0));
        assertEquals(1L << 31, HxArithmetic.pow2Table(64));
    }

    @Test
    public void expNegEdgeCases() {
        assertEquals(Q32_ONE, HxArithmetic.expNeg(0, 0));
        assertEquals(Q32_ONE, HxArithmetic.expNeg(0, 5));
        assertEquals(0, HxArithmetic.expNeg(5, 0));
        assertEquals(0, HxArithmetic.expNeg(MAX, 1));
        assertEquals(0, HxArithmetic.expNeg(40, 1));
        // e^-1 * 2^32 = 1580030168.7
        assertEquals(1580030169, HxArithmetic.expNeg(1_000_000, 1_000_000), 70000);
        // ln 2: exactly half
        assertEquals(1L << 31, HxArithmetic.expNeg(693147180559945309L, 1000000000000000000L), 2);
    }

    @Test
    public void expNegMatchesTheExponentialWithinTheDocumentedBounds() {
        SplittableRandom rnd = new SplittableRandom(11);
        double scale = Math.pow(2, 32);
        for (int i = 0; i < 200_000; i++) {
            long b = rnd.nextLong(1000, 10_000_000_000L);
            double x = i % 2 == 0 ? rnd.nextDouble() * 40 : rnd.nextDouble() / 64;
            long a = (long) (x * b);
            double xr = (double) a / b;
            double oneMinusExact = -Math.expm1(-xr) * scale;
            double err = Math.abs((scale - HxArithmetic.expNeg(a, b)) - oneMinusExact);
            double bound = xr < 1.0 / 64 ? 12 : 1.5e-5 * scale;
            assertTrue("expNeg(" + a + ", " + b + ") error " + err + " > " + bound, err <= bound);
        }
    }

    @Test
    public void expNegIsMonotoneNonIncreasing() {
        long b = 1_000_000;
        long prev = Q32_ONE;
        for (long a = 0; a < 40_000_000; a += 997) {
            long e = HxArithmetic.expNeg(a, b);
            assertTrue("expNeg(" + a + ") = " + e + " > " + prev, e <= prev);
            prev = e;
        }
    }

    @Test
    public void conditionsCompareUnsigned() {
        assertTrue(HxArithmetic.test(HxBranchCond.GT, MAX, 1));
        assertTrue(HxArithmetic.test(HxBranchCond.LT, 1, 1L << 63));
        assertTrue(HxArithmetic.test(HxBranchCond.LE, 3, 3));
        assertTrue(HxArithmetic.test(HxBranchCond.GE, 3, 3));
        assertTrue(HxArithmetic.test(HxBranchCond.NE, 3, 4));
        assertFalse(HxArithmetic.test(HxBranchCond.EQ, 3, 4));
    }

    @Test
    public void applyDispatchesEveryOp() {
        assertEquals(9, HxArithmetic.apply(HxAluOp.MOV, 9, 1, 2));
        assertEquals(2, HxArithmetic.apply(HxAluOp.MIN, 9, 2, 0));
        assertEquals(9, HxArithmetic.apply(HxAluOp.MAX, 9, 2, 0));
        assertEquals(1, HxArithmetic.apply(HxAluOp.AND, 9, 3, 0));
        assertEquals(11, HxArithmetic.apply(HxAluOp.OR, 9, 3, 0));
        assertEquals(10, HxArithmetic.apply(HxAluOp.XOR, 9, 3, 0));
        assertEquals(5, HxArithmetic.apply(HxAluOp.SELECT, 1, 5, 6));
        assertEquals(6, HxArithmetic.apply(HxAluOp.SELECT, 0, 5, 6));
        assertEquals(30, HxArithmetic.apply(HxAluOp.MULDIV, 10, 6, 2));
        for (HxAluOp op : HxAluOp.values()) {
            HxArithmetic.apply(op, 5, 0, 0); // defined for every input, never throws
        }
    }
}
