package org.hsdba.pofswitch.error;

import org.hsdba.pof.ext.HxErrorCode;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.ErrorCode;
import org.hsdba.pof.message.ErrorType;

/**
 * An error the switch reports the way POFSwitch does: an ERROR message with a type, a code and
 * err_str = the C name of the code. {@code upward == false} marks POFSwitch's silent failures
 * (POF_ERROR_HANDLE_RETURN_NO_UPWARD): the operation stops but no ERROR is sent.
 */
public final class SwitchError extends Exception {
    private static final long serialVersionUID = 1L;

    private final int errorType;
    private final int code;
    private final String codeName;
    private final boolean upward;
    private SwitchError preceding;

    private SwitchError(int errorType, int code, String codeName, boolean upward, String detail) {
        super(codeName + " (type " + errorType + ", code " + code + ")" + (detail.isEmpty() ? "" : ": " + detail));
        this.errorType = errorType;
        this.code = code;
        this.codeName = codeName;
        this.upward = upward;
    }

    /** An error reported with an ERROR message. */
    public static SwitchError of(int errorType, int code, String codeName, String detail) {
        return new SwitchError(errorType, code, codeName, true, detail);
    }

    /** A failure that stops the operation without an ERROR message. */
    public static SwitchError silent(String detail) {
        return new SwitchError(ErrorType.SOFTWARE_FAILED, 0, "NO_UPWARD", false, detail);
    }

    /** An extension error (type 192). */
    public static SwitchError hx(HxErrorCode code, String detail) {
        return new SwitchError(HxTypes.ERROR_HX_FAILED, code.code(), code.errString(), true, detail);
    }

    // The stock errors the datapath and control side raise, named as POFSwitch names them.

    public static SwitchError badType(String detail) {
        return of(ErrorType.BAD_REQUEST, ErrorCode.BadRequest.BAD_TYPE, "POFBRC_BAD_TYPE", detail);
    }

    public static SwitchError packetLen(String detail) {
        return of(ErrorType.SOFTWARE_FAILED, ErrorCode.Software.PACKET_LEN_ERROR, "POF_PACKET_LEN_ERROR", detail);
    }

    public static SwitchError metadataLen(String detail) {
        return of(ErrorType.SOFTWARE_FAILED, ErrorCode.Software.METADATA_LEN_ERROR, "POF_METADATA_LEN_ERROR", detail);
    }

    public static SwitchError fieldLen(String detail) {
        return of(ErrorType.SOFTWARE_FAILED, ErrorCode.Software.FIELD_LEN_ERROR, "POF_FIELD_LEN_ERROR", detail);
    }

    public static SwitchError badMatchLen(String detail) {
        return of(ErrorType.BAD_MATCH, 1, "POFBMC_BAD_LEN", detail);
    }

    public static SwitchError unknownInstruction(String detail) {
        return of(ErrorType.BAD_INSTRUCTION, ErrorCode.BadInstruction.UNKNOWN_INST, "POFBIC_UNKNOWN_INST", detail);
    }

    public static SwitchError unsupportedInstruction(String detail) {
        return of(ErrorType.BAD_INSTRUCTION, ErrorCode.BadInstruction.UNSUP_INST, "POFBIC_UNSUP_INST", detail);
    }

    public static SwitchError badJump(String detail) {
        return of(ErrorType.BAD_INSTRUCTION, ErrorCode.BadInstruction.JUMP_TO_INVALID_INST,
                "POFBIC_JUM_TO_INVALID_INST", detail);
    }

    public static SwitchError unknownAction(String detail) {
        return of(ErrorType.BAD_ACTION, ErrorCode.BadAction.BAD_TYPE, "POFBAC_BAD_TYPE", detail);
    }

    public static SwitchError softwareBadTableId(String detail) {
        return of(ErrorType.SOFTWARE_FAILED, ErrorCode.Software.BAD_TABLE_ID, "POF_BAD_TABLE_ID", detail);
    }

    public static SwitchError invalidSlot(String detail) {
        return of(ErrorType.SOFTWARE_FAILED, ErrorCode.Software.INVALID_SLOT_ID, "POF_INVALID_SLOT_ID", detail);
    }

    /**
     * Records an ERROR that POFSwitch sends before this one for the same request (e.g.
     * TABLE_MOD_FAILED/BAD_KEY_LEN before FLOW_MOD_FAILED/UNKNOWN); returns this.
     */
    public SwitchError after(SwitchError first) {
        this.preceding = first;
        return this;
    }

    /** The ERRORs to send, in order: any preceding ones, then this. */
    public java.util.List<SwitchError> emitted() {
        java.util.List<SwitchError> out = new java.util.ArrayList<>();
        if (preceding != null) {
            out.addAll(preceding.emitted());
        }
        out.add(this);
        return out;
    }

    public int errorType() {
        return errorType;
    }

    public int code() {
        return code;
    }

    /** The err_str POFSwitch sends (the C name of the code). */
    public String codeName() {
        return codeName;
    }

    /** Whether an ERROR message is sent. */
    public boolean upward() {
        return upward;
    }
}
