package org.hsdba.pof.message;

/**
 * ERROR codes per {@link ErrorType} (pof_global.h). POFSwitch puts the C name of the code
 * (e.g. "POFBRC_BAD_TYPE") in err_str.
 */
public final class ErrorCode {
    private ErrorCode() {
    }

    /** Codes of {@link ErrorType#BAD_REQUEST} ({@code POFBRC_*}). */
    public static final class BadRequest {
        public static final int BAD_VERSION = 0;
        /** Unsupported message type, e.g. BARRIER_REQUEST. */
        public static final int BAD_TYPE = 1;
        public static final int BAD_MULTIPART = 2;
        public static final int BAD_EXPERIMENTER = 3;
        public static final int BAD_EXP_TYPE = 4;
        public static final int EPERM = 5;
        public static final int BAD_LEN = 6;
        public static final int BUFFER_EMPTY = 7;
        public static final int BUFFER_UNKNOWN = 8;
        public static final int BAD_TABLE_ID = 9;
        public static final int IS_SLAVE = 10;
        public static final int BAD_PORT = 11;
        public static final int BAD_PACKET = 12;

        private BadRequest() {
        }
    }

    /** Codes of {@link ErrorType#BAD_ACTION} ({@code POFBAC_*}). */
    public static final class BadAction {
        public static final int BAD_TYPE = 0;
        public static final int BAD_LEN = 1;
        public static final int BAD_OUT_PORT = 4;
        public static final int BAD_ARGUMENT = 5;
        public static final int TOO_MANY = 7;
        public static final int BAD_OUT_GROUP = 9;

        private BadAction() {
        }
    }

    /** Codes of {@link ErrorType#BAD_INSTRUCTION} ({@code POFBIC_*}). */
    public static final class BadInstruction {
        public static final int UNKNOWN_INST = 0;
        public static final int UNSUP_INST = 1;
        public static final int BAD_TABLE_ID = 2;
        public static final int BAD_LEN = 7;
        public static final int TOO_MANY_ACTIONS = 9;
        public static final int TABLE_UNEXIST = 17;
        public static final int ENTRY_UNEXIST = 18;
        public static final int BAD_OFFSET = 19;
        public static final int JUMP_TO_INVALID_INST = 20;

        private BadInstruction() {
        }
    }

    /** Codes of {@link ErrorType#FLOW_MOD_FAILED} ({@code POFFMFC_*}). */
    public static final class FlowModFailed {
        public static final int UNKNOWN = 0;
        public static final int TABLE_FULL = 1;
        public static final int BAD_TABLE_ID = 2;
        public static final int BAD_COMMAND = 6;
        public static final int ENTRY_EXIST = 8;
        public static final int ENTRY_UNEXIST = 9;
        public static final int BAD_TABLE_TYPE = 10;
        public static final int BAD_ENTRY_ID = 11;
        public static final int BAD_COUNTER_ID = 12;

        private FlowModFailed() {
        }
    }

    /** Codes of {@link ErrorType#TABLE_MOD_FAILED} ({@code POFTMFC_*}). */
    public static final class TableModFailed {
        public static final int UNKNOWN = 0;
        public static final int BAD_COMMAND = 1;
        public static final int BAD_TABLE_TYPE = 2;
        public static final int BAD_TABLE_ID = 3;
        public static final int TABLE_EXIST = 4;
        public static final int TABLE_UNEXIST = 5;
        public static final int BAD_TABLE_SIZE = 6;
        public static final int BAD_KEY_LEN = 7;
        /** DELETE of a table that still has entries. */
        public static final int TABLE_UNEMPTY = 8;

        private TableModFailed() {
        }
    }

    /** Codes of {@link ErrorType#GROUP_MOD_FAILED} ({@code POFGMFC_*}). */
    public static final class GroupModFailed {
        public static final int GROUP_EXISTS = 0;
        public static final int INVALID_GROUP = 1;
        public static final int OUT_OF_GROUPS = 3;
        public static final int UNKNOWN_GROUP = 8;
        public static final int BAD_COMMAND = 11;
        public static final int BAD_COUNTER_ID = 15;

        private GroupModFailed() {
        }
    }

    /** Codes of {@link ErrorType#METER_MOD_FAILED} ({@code POFMMFC_*}). */
    public static final class MeterModFailed {
        public static final int UNKNOWN = 0;
        public static final int METER_EXISTS = 1;
        public static final int INVALID_METER = 2;
        public static final int UNKNOWN_METER = 3;
        public static final int BAD_COMMAND = 4;
        public static final int OUT_OF_METERS = 10;

        private MeterModFailed() {
        }
    }

    /** Codes of {@link ErrorType#PORT_MOD_FAILED} ({@code POFPMFC_*}). */
    public static final class PortModFailed {
        public static final int UNKNOWN = 0;
        public static final int BAD_PORT_ID = 1;

        private PortModFailed() {
        }
    }

    /** Codes of {@link ErrorType#COUNTER_MOD_FAILED} ({@code POFCMFC_*}). */
    public static final class CounterModFailed {
        public static final int UNKNOWN = 0;
        public static final int BAD_COUNTER_ID = 1;
        public static final int BAD_COMMAND = 2;
        public static final int COUNTER_UNEXIST = 3;
        public static final int COUNTER_EXIST = 4;

        private CounterModFailed() {
        }
    }

    /** Codes of {@link ErrorType#SOFTWARE_FAILED} ({@code pof_soft_error}). */
    public static final class Software {
        public static final int PACKET_LEN_ERROR = 0x1001;
        public static final int METADATA_LEN_ERROR = 0x1002;
        public static final int FIELD_LEN_ERROR = 0x1004;
        public static final int ALLOCATE_RESOURCE_FAILURE = 0x5001;
        public static final int COUNTER_REQUEST_FAILURE = 0x5004;
        public static final int DELETE_NOT_EMPTY_TABLE = 0x5005;
        public static final int INVALID_SLOT_ID = 0x5006;
        public static final int INVALID_MATCH_KEY = 0x6003;
        public static final int UNSUPPORT_INSTRUCTION_TYPE = 0x6005;
        public static final int UNSUPPORT_ACTION_TYPE = 0x6007;
        public static final int TABLE_NOT_CREATED = 0x6008;
        public static final int BAD_TABLE_ID = 0x600C;

        private Software() {
        }
    }
}
