package org.hsdba.pof.message;

/** ERROR types ({@code pof_error_type}); codes per type are in {@link ErrorCode}. */
public final class ErrorType {
    public static final int HELLO_FAILED = 0;
    public static final int BAD_REQUEST = 1;
    public static final int BAD_ACTION = 2;
    public static final int BAD_INSTRUCTION = 3;
    public static final int BAD_MATCH = 4;
    public static final int FLOW_MOD_FAILED = 5;
    public static final int GROUP_MOD_FAILED = 6;
    public static final int PORT_MOD_FAILED = 7;
    public static final int TABLE_MOD_FAILED = 8;
    public static final int QUEUE_OP_FAILED = 9;
    public static final int SWITCH_CONFIG_FAILED = 10;
    public static final int ROLE_REQUEST_FAILED = 11;
    public static final int METER_MOD_FAILED = 12;
    public static final int TABLE_FEATURES_FAILED = 13;
    /** The code is a {@link ErrorCode.Software} value. */
    public static final int SOFTWARE_FAILED = 14;
    public static final int COUNTER_MOD_FAILED = 15;
    public static final int EXPERIMENTER = 0xFFFF;

    private ErrorType() {
    }
}
