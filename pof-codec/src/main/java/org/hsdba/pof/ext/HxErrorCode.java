package org.hsdba.pof.ext;

/**
 * Codes of ERROR type {@link HxTypes#ERROR_HX_FAILED} (section 10). The ERROR's err_str is
 * {@link #errString()}.
 */
public enum HxErrorCode {
    UNKNOWN, BAD_COMMAND, BAD_BLOCK_ID, BLOCK_TOO_LONG, BAD_INSTRUCTION, BAD_OPERAND, BAD_JUMP,
    NESTED_CALL, BLOCK_IN_USE, BAD_REGISTER, BAD_LEN, BAD_PARAM, BUDGET_EXCEEDED, BAD_TABLE_ID,
    NOT_STAGED;

    private static final HxErrorCode[] BY_CODE = values();

    /** The wire code. */
    public int code() {
        return ordinal();
    }

    /** The err_str the switch sends, e.g. "HXFC_BAD_OPERAND". */
    public String errString() {
        return "HXFC_" + name();
    }

    /** The code with wire value {@code code}, or null if there is none. */
    public static HxErrorCode ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
