package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;

import java.util.Random;
import org.hsdba.pof.ext.HxArithmetic;
import org.junit.Test;

/** FastArithmetic gives HxArithmetic's results: random operands of every magnitude and the edges. */
public class FastArithmeticTest {
    private static final long[] EDGES = {0, 1, 2, 3, 6, 1L << 16, 1L << 26, (1L << 32) - 1, 1L << 32, 0x171547653L,
        1_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, -2, -1};

    /** A value of random bit length (so products of every size and quotients near 2^64 occur). */
    private static long value(Random rnd) {
        int bits = rnd.nextInt(65);
        return bits == 0 ? 0 : bits == 64 ? rnd.nextLong() : rnd.nextLong() >>> (64 - bits);
    }

    @Test
    public void mulDivDivAndExpNegMatchHxArithmetic() {
        Random rnd = new Random(19);
        for (int i = 0; i < 400_000; i++) {
            long a = value(rnd);
            long b = value(rnd);
            long c = rnd.nextInt(4) == 0 ? 1L << rnd.nextInt(64) : value(rnd);
            check(a, b, c);
        }
        for (long a : EDGES) {
            for (long b : EDGES) {
                for (long c : EDGES) {
                    check(a, b, c);
                }
            }
        }
    }

    private static void check(long a, long b, long c) {
        String at = Long.toUnsignedString(a) + ", " + Long.toUnsignedString(b) + ", " + Long.toUnsignedString(c);
        assertEquals("mulDiv(" + at + ")", HxArithmetic.mulDiv(a, b, c), FastArithmetic.mulDiv(a, b, c));
        assertEquals("div(" + at + ")", HxArithmetic.div(a, c), FastArithmetic.div(a, c));
        assertEquals("expNeg(" + at + ")", HxArithmetic.expNeg(a, c), FastArithmetic.expNeg(a, c));
        if (c != 0 && (c & (c - 1)) == 0) {
            FastOps.Operand imm = new FastOps.Operand(FastOps.Operand.IMM, 0, 0, 0);
            FastOps.Alu alu = new FastOps.Alu(FastOps.Alu.MULDIV, imm, imm, imm,
                    new FastOps.Operand(FastOps.Operand.IMM, 0, 0, c), false);
            assertEquals("compiled as a shift", FastOps.Alu.MULDIV_POW2, alu.op);
            assertEquals("mulDivPow2(" + at + ")", HxArithmetic.mulDiv(a, b, c),
                    FastOps.Alu.mulDivPow2(a, b, Long.numberOfTrailingZeros(c)));
        }
    }
}
