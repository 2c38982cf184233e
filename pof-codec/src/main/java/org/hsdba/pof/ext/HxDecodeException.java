package org.hsdba.pof.ext;

/**
 * Extension bytes that are not valid: says what and where, and carries the {@link HxErrorCode} an
 * extended switch answers with (ERROR type {@link HxTypes#ERROR_HX_FAILED}).
 */
public final class HxDecodeException extends Exception {
    private static final long serialVersionUID = 1L;

    private final HxErrorCode code;

    public HxDecodeException(HxErrorCode code, String detail) {
        super(detail + " [" + code.errString() + "]");
        this.code = code;
    }

    /** The error code a switch reports for this problem. */
    public HxErrorCode code() {
        return code;
    }
}
