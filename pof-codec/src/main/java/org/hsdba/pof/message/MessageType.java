package org.hsdba.pof.message;

/** Message type codes of the POF header ({@code enum pof_type}, pof_global.h). */
public final class MessageType {
    public static final int HELLO = 0;
    public static final int ERROR = 1;
    public static final int ECHO_REQUEST = 2;
    public static final int ECHO_REPLY = 3;
    public static final int EXPERIMENTER = 4;
    public static final int FEATURES_REQUEST = 5;
    public static final int FEATURES_REPLY = 6;
    public static final int GET_CONFIG_REQUEST = 7;
    public static final int GET_CONFIG_REPLY = 8;
    public static final int SET_CONFIG = 9;
    public static final int PACKET_IN = 10;
    public static final int FLOW_REMOVED = 11;
    public static final int PORT_STATUS = 12;
    public static final int RESOURCE_REPORT = 13;
    public static final int PACKET_OUT = 14;
    public static final int FLOW_MOD = 15;
    public static final int GROUP_MOD = 16;
    public static final int PORT_MOD = 17;
    public static final int TABLE_MOD = 18;
    public static final int MULTIPART_REQUEST = 19;
    public static final int MULTIPART_REPLY = 20;
    public static final int BARRIER_REQUEST = 21;
    public static final int BARRIER_REPLY = 22;
    public static final int QUEUE_GET_CONFIG_REQUEST = 23;
    public static final int QUEUE_GET_CONFIG_REPLY = 24;
    public static final int ROLE_REQUEST = 25;
    public static final int ROLE_REPLY = 26;
    public static final int GET_ASYNC_REQUEST = 27;
    public static final int GET_ASYNC_REPLY = 28;
    public static final int SET_ASYNC = 29;
    public static final int METER_MOD = 30;
    public static final int COUNTER_MOD = 31;
    public static final int COUNTER_REQUEST = 32;
    public static final int COUNTER_REPLY = 33;
    public static final int QUERYALL_REQUEST = 34;
    public static final int QUERYALL_FIN = 35;

    private static final String[] NAMES = {
        "HELLO", "ERROR", "ECHO_REQUEST", "ECHO_REPLY", "EXPERIMENTER", "FEATURES_REQUEST",
        "FEATURES_REPLY", "GET_CONFIG_REQUEST", "GET_CONFIG_REPLY", "SET_CONFIG", "PACKET_IN",
        "FLOW_REMOVED", "PORT_STATUS", "RESOURCE_REPORT", "PACKET_OUT", "FLOW_MOD", "GROUP_MOD",
        "PORT_MOD", "TABLE_MOD", "MULTIPART_REQUEST", "MULTIPART_REPLY", "BARRIER_REQUEST",
        "BARRIER_REPLY", "QUEUE_GET_CONFIG_REQUEST", "QUEUE_GET_CONFIG_REPLY", "ROLE_REQUEST",
        "ROLE_REPLY", "GET_ASYNC_REQUEST", "GET_ASYNC_REPLY", "SET_ASYNC", "METER_MOD", "COUNTER_MOD",
        "COUNTER_REQUEST", "COUNTER_REPLY", "QUERYALL_REQUEST", "QUERYALL_FIN",
    };

    private MessageType() {
    }

    /**
     * True for the types POFSwitch 1.4.0 sends or accepts and this codec models (plus
     * BARRIER_REQUEST, which the switch answers with an ERROR). A controller uses this to reject
     * anything else a switch sends; EXPERIMENTER, FLOW_REMOVED, MULTIPART etc. are false.
     */
    public static boolean isKnown(int type) {
        switch (type) {
            case HELLO: case ERROR: case ECHO_REQUEST: case ECHO_REPLY: case FEATURES_REQUEST:
            case FEATURES_REPLY: case GET_CONFIG_REQUEST: case GET_CONFIG_REPLY: case SET_CONFIG:
            case PACKET_IN: case PORT_STATUS: case RESOURCE_REPORT: case PACKET_OUT: case FLOW_MOD:
            case GROUP_MOD: case PORT_MOD: case TABLE_MOD: case BARRIER_REQUEST: case METER_MOD:
            case COUNTER_MOD: case COUNTER_REQUEST: case COUNTER_REPLY: case QUERYALL_REQUEST:
            case QUERYALL_FIN:
                return true;
            default:
                return false;
        }
    }

    /** The POFT_ name of a type, or "UNKNOWN" for a code pof_type does not define. */
    public static String name(int type) {
        return type >= 0 && type < NAMES.length ? NAMES[type] : "UNKNOWN";
    }
}
