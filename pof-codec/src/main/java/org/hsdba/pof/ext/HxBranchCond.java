package org.hsdba.pof.ext;

/** HX_BRANCH conditions on unsigned 64-bit operands (section 4.3), with their wire codes. */
public enum HxBranchCond {
    EQ, NE, LT, LE, GT, GE;

    private static final HxBranchCond[] BY_CODE = values();

    /** The wire code (0..5). */
    public int code() {
        return ordinal();
    }

    /** The condition with wire code {@code code}, or null if there is none. */
    public static HxBranchCond ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
