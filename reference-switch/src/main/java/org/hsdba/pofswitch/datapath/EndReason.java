package org.hsdba.pofswitch.datapath;

/** How the processing of one packet ended. */
public enum EndReason {
    /** The last instruction of the matched entry completed (the stock end of processing). */
    FINISHED,
    /** A DROP action ran. */
    DROP_ACTION,
    /** A stock table miss: PACKET_IN reason 0 was generated. */
    TABLE_MISS,
    /** An error ended processing (an ERROR message was generated unless the error is silent). */
    ERROR,
    /** More than the instruction budget ran (a loop). */
    BUDGET_EXCEEDED,
    /** The ingress port does not exist or was not enabled with PORT_MOD. */
    PORT_DISABLED,
    /** Global table 0 does not exist: POFSwitch silently ignores the packet. */
    NO_FIRST_TABLE,
    /** The frame is longer than 1514 bytes (the ingress MTU check). */
    OVERSIZE
}
