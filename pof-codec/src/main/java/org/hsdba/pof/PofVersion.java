package org.hsdba.pof;

/** Protocol constants shared by every POF message. */
public final class PofVersion {
    /** The header version byte POFSwitch 1.4.0 speaks (pof_global.h: POF_VERSION). */
    public static final int VERSION = 0x04;
    /** The largest message POFSwitch can receive (POF_MESSAGE_SIZE). */
    public static final int MAX_MESSAGE_LENGTH = 2560;
    /** Size of the common header: version, type, length, xid. */
    public static final int HEADER_LENGTH = 8;

    private PofVersion() {
    }
}
