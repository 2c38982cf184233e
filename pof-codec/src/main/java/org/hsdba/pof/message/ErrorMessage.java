package org.hsdba.pof.message;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/**
 * ERROR ({@code pof_error}, 272-byte body): {@code u16 type | u16 code | u32 device_id |
 * u16 slotID | pad[6] | char err_str[256]}. POFSwitch leaves stale bytes in the pad and after
 * the string's NUL; both are kept so re-encoding is exact.
 */
public final class ErrorMessage extends PofMessage {
    public static final int RESERVED_BYTES = 6;
    public static final int TEXT_BYTES = 256;

    private final int errorType;
    private final int code;
    private final long deviceId;
    private final int slotId;
    private final byte[] reserved;
    private final CString text;

    public ErrorMessage(long xid, int errorType, int code, long deviceId, int slotId, byte[] reserved,
                        CString text) {
        super(xid);
        this.errorType = FieldChecks.u16(errorType, "error type");
        this.code = FieldChecks.u16(code, "error code");
        this.deviceId = FieldChecks.u32(deviceId, "device_id");
        this.slotId = FieldChecks.u16(slotId, "slotID");
        this.reserved = FieldChecks.padded(reserved, RESERVED_BYTES, "pad");
        this.text = Objects.requireNonNull(text, "err_str");
        if (text.size() != TEXT_BYTES) {
            throw new IllegalArgumentException("err_str must be " + TEXT_BYTES + " bytes, got " + text.size());
        }
    }

    /** A clean error (zero pad, NUL-padded text), e.g. {@code of(xid, ErrorType.BAD_REQUEST, 1, dev, "POFBRC_BAD_TYPE")}. */
    public static ErrorMessage of(long xid, int errorType, int code, long deviceId, String text) {
        return new ErrorMessage(xid, errorType, code, deviceId, 0, new byte[RESERVED_BYTES],
                CString.of(text, TEXT_BYTES));
    }

    @Override
    public int type() {
        return MessageType.ERROR;
    }

    /** {@link ErrorType} code. */
    public int errorType() {
        return errorType;
    }

    /** Code within the error type ({@link ErrorCode}). */
    public int code() {
        return code;
    }

    public long deviceId() {
        return deviceId;
    }

    public int slotId() {
        return slotId;
    }

    /** The 6 pad bytes as received (a copy). */
    public byte[] reserved() {
        return reserved.clone();
    }

    /** The raw 256-byte err_str. */
    public CString text() {
        return text;
    }

    /** err_str up to its NUL, e.g. "POFBRC_BAD_TYPE". */
    public String errorString() {
        return text.text();
    }

    @Override
    protected Object[] components() {
        return new Object[] {errorType, code, deviceId, slotId, reserved, text};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"errorType", "code", "deviceId", "slotId", "reserved", "text"};
    }
}
