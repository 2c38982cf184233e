package org.hsdba.pof.ext;

/**
 * The HX_ALU operations on unsigned 64-bit values (Java longs holding the same bits), exactly as
 * docs/pof-hsdba-extension.md section 4.2 defines them: every result is defined, overflow
 * saturates, division by zero gives {@link #MAX}. Pure functions, shared by the reference switch
 * and by anything that needs to predict what a switch computes.
 */
public final class HxArithmetic {
    /** 2^64 - 1, "+infinity" in HSDBA programs. */
    public static final long MAX = -1L;
    /** 2^32 as a long: the Q32 one. */
    public static final long Q32_ONE = 1L << 32;
    /** round(2^32 * log2(e)). */
    static final long LOG2E_Q32 = 0x171547653L;
    /** P[k] = round(2^32 * 2^(-k/64)), k = 0..64 (the document's table). */
    private static final long[] POW2_TABLE = {
        0x100000000L, 0x0FD3E0C0DL, 0x0FA83B2DBL, 0x0F7D0DF73L,
        0x0F5257D15L, 0x0F281773CL, 0x0EFE4B99CL, 0x0ED4F301FL,
        0x0EAC0C6E8L, 0x0E8396A50L, 0x0E5B906E7L, 0x0E33F8973L,
        0x0E0CCDEECL, 0x0DE60F482L, 0x0DBFBB798L, 0x0D99D15C2L,
        0x0D744FCCBL, 0x0D4F35AACL, 0x0D2A81D92L, 0x0D06333DBL,
        0x0CE248C15L, 0x0CBEC14FFL, 0x0C9B9BD86L, 0x0C78D74C9L,
        0x0C5672A11L, 0x0C346CCDAL, 0x0C12C4CCAL, 0x0BF1799B6L,
        0x0BD08A39FL, 0x0BAFF5AB2L, 0x0B8FBAF47L, 0x0B6FD91E3L,
        0x0B504F334L, 0x0B311C413L, 0x0B123F582L, 0x0AF3B78ADL,
        0x0AD583EEAL, 0x0AB7A39B6L, 0x0A9A15AB5L, 0x0A7CD93B5L,
        0x0A5FED6AAL, 0x0A43515AEL, 0x0A2704303L, 0x0A0B05110L,
        0x09EF53261L, 0x09D3ED9A7L, 0x09B8D39BAL, 0x099E04593L,
        0x09837F052L, 0x096942D37L, 0x094F4EFA9L, 0x0935A2B2FL,
        0x091C3D374L, 0x09031DC43L, 0x08EA4398BL, 0x08D1ADF5BL,
        0x08B95C1E4L, 0x08A14D575L, 0x088980E81L, 0x0871F6197L,
        0x085AAC368L, 0x0843A28C4L, 0x082CD8699L, 0x08164D1F4L,
        0x080000000L,
    };

    private HxArithmetic() {
    }

    /** The table entry P[k], k in 0..64. */
    public static long pow2Table(int k) {
        return POW2_TABLE[k];
    }

    public static long add(long a, long b) {
        long s = a + b;
        return Long.compareUnsigned(s, a) < 0 ? MAX : s;
    }

    public static long sub(long a, long b) {
        return Long.compareUnsigned(a, b) >= 0 ? a - b : 0;
    }

    public static long mul(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
        return hi != 0 ? MAX : a * b;
    }

    public static long div(long a, long b) {
        return b == 0 ? MAX : Long.divideUnsigned(a, b);
    }

    public static long mod(long a, long b) {
        return b == 0 ? a : Long.remainderUnsigned(a, b);
    }

    public static long min(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0 ? a : b;
    }

    public static long max(long a, long b) {
        return Long.compareUnsigned(a, b) >= 0 ? a : b;
    }

    public static long shl(long a, long b) {
        return Long.compareUnsigned(b, 64) >= 0 ? 0 : a << b;
    }

    public static long shr(long a, long b) {
        return Long.compareUnsigned(b, 64) >= 0 ? 0 : a >>> b;
    }

    /** floor(a * b / c) over the exact 128-bit product; c == 0 or a quotient >= 2^64 gives MAX. */
    public static long mulDiv(long a, long b, long c) {
        if (c == 0) {
            return MAX;
        }
        long lo = a * b;
        long hi = Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
        if (hi == 0) {
            return Long.divideUnsigned(lo, c);
        }
        if (Long.compareUnsigned(hi, c) >= 0) {
            return MAX;
        }
        return divide128(hi, lo, c);
    }

    /** (hi:lo) / c for hi < c (so the quotient fits 64 bits), by restoring binary long division. */
    private static long divide128(long hi, long lo, long c) {
        long rem = hi;
        long q = 0;
        for (int i = 63; i >= 0; i--) {
            boolean carry = rem < 0; // top bit set: shifting it out means rem >= 2^64 > c
            rem = (rem << 1) | ((lo >>> i) & 1);
            q <<= 1;
            if (carry || Long.compareUnsigned(rem, c) >= 0) {
                rem -= c;
                q |= 1;
            }
        }
        return q;
    }

    /**
     * EXPNEG: 2^32 * e^(-a/b) in fixed point, in [0, 2^32], bit-exact as the document's
     * section 4.2.1 specifies (third-order Taylor below a/b = 1/64, else a 65-entry table of
     * 2^(-k/64) with linear interpolation and a shift for the integer part).
     */
    public static long expNeg(long a, long b) {
        if (a == 0) {
            return Q32_ONE;
        }
        if (b == 0) {
            return 0;
        }
        long x = mulDiv(a, Q32_ONE, b);
        if (Long.compareUnsigned(x, 1L << 26) < 0) {
            long t2 = (x * x) >>> 32;
            long t3 = (t2 * x) >>> 32;
            return Q32_ONE - x + (t2 >>> 1) - t3 / 6;
        }
        long y = mulDiv(a, LOG2E_Q32, b);
        long n = y >>> 32;
        if (n > 32) {
            return 0;
        }
        long f = y & 0xFFFFFFFFL;
        int i = (int) (f >>> 26);
        long r = (f >>> 10) & 0xFFFF;
        long v = POW2_TABLE[i] - (((POW2_TABLE[i] - POW2_TABLE[i + 1]) * r) >>> 16);
        return v >>> n;
    }

    /** SELECT: b if a != 0, else c. */
    public static long select(long a, long b, long c) {
        return a != 0 ? b : c;
    }

    /** Applies ALU operation {@code op} (section 4.2). */
    public static long apply(HxAluOp op, long a, long b, long c) {
        switch (op) {
            case MOV: return a;
            case ADD: return add(a, b);
            case SUB: return sub(a, b);
            case MUL: return mul(a, b);
            case DIV: return div(a, b);
            case MOD: return mod(a, b);
            case MIN: return min(a, b);
            case MAX: return max(a, b);
            case SHL: return shl(a, b);
            case SHR: return shr(a, b);
            case AND: return a & b;
            case OR: return a | b;
            case XOR: return a ^ b;
            case MULDIV: return mulDiv(a, b, c);
            case EXPNEG: return expNeg(a, b);
            case SELECT: return select(a, b, c);
            default: throw new IllegalArgumentException("unknown ALU op " + op);
        }
    }

    /** Evaluates an HX_BRANCH condition on unsigned 64-bit values. */
    public static boolean test(HxBranchCond cond, long a, long b) {
        int c = Long.compareUnsigned(a, b);
        switch (cond) {
            case EQ: return c == 0;
            case NE: return c != 0;
            case LT: return c < 0;
            case LE: return c <= 0;
            case GT: return c > 0;
            case GE: return c >= 0;
            default: throw new IllegalArgumentException("unknown condition " + cond);
        }
    }
}
