package org.hsdba.pof.ext;

/** HX_ALU operations (docs/pof-hsdba-extension.md section 4.2), with their wire codes. */
public enum HxAluOp {
    MOV, ADD, SUB, MUL, DIV, MOD, MIN, MAX, SHL, SHR, AND, OR, XOR, MULDIV, EXPNEG, SELECT;

    private static final HxAluOp[] BY_CODE = values();

    /** The wire code (0..15). */
    public int code() {
        return ordinal();
    }

    /** The operation with wire code {@code code}, or null if there is none. */
    public static HxAluOp ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
