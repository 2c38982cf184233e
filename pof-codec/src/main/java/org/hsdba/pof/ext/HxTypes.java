package org.hsdba.pof.ext;

/** The extension's code points (docs/pof-hsdba-extension.md section 0) and fixed sizes. */
public final class HxTypes {
    public static final int FEATURES_REQUEST = 192;
    public static final int FEATURES_REPLY = 193;
    public static final int BLOCK_MOD = 194;
    public static final int REGISTER_MOD = 195;
    public static final int READ_REQUEST = 196;
    public static final int READ_REPLY = 197;
    public static final int ENTRY_STATUS = 198;

    public static final int CALL_BLOCK = 64;
    public static final int ALU = 65;
    public static final int BRANCH = 66;
    public static final int LOOKUP = 67;
    public static final int RETURN = 68;

    /** ERROR type of every extension error; codes are {@link HxErrorCode}. */
    public static final int ERROR_HX_FAILED = 192;

    /** "HSDB", first word of HX_FEATURES_REPLY. */
    public static final long FEATURES_MAGIC = 0x48534442L;
    /** The extension version this codec speaks. */
    public static final int EXT_VERSION = 1;
    /** Largest params of one HX_CALL_BLOCK. */
    public static final int MAX_PARAM_BYTES = 280;
    /** block_id / idle_pc value meaning "none". */
    public static final int NONE_16 = 0xFFFF;

    private HxTypes() {
    }

    /** Whether {@code type} is one of the extension's message types. */
    public static boolean isHxMessage(int type) {
        return type >= FEATURES_REQUEST && type <= ENTRY_STATUS;
    }

    /** Whether {@code type} is one of the extension's instruction types. */
    public static boolean isHxInstruction(int type) {
        return type >= CALL_BLOCK && type <= RETURN;
    }

    /** Human name of an extension message type, or null. */
    public static String messageName(int type) {
        switch (type) {
            case FEATURES_REQUEST: return "HX_FEATURES_REQUEST";
            case FEATURES_REPLY: return "HX_FEATURES_REPLY";
            case BLOCK_MOD: return "HX_BLOCK_MOD";
            case REGISTER_MOD: return "HX_REGISTER_MOD";
            case READ_REQUEST: return "HX_READ_REQUEST";
            case READ_REPLY: return "HX_READ_REPLY";
            case ENTRY_STATUS: return "HX_ENTRY_STATUS";
            default: return null;
        }
    }
}
