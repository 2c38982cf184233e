package org.hsdba.pof.action;

/** Action type codes of POFSwitch 1.4.0 ({@code POFAT_*}, pof_global.h). */
public final class ActionType {
    public static final int OUTPUT = 0;
    public static final int SET_FIELD = 1;
    public static final int SET_FIELD_FROM_METADATA = 2;
    public static final int MODIFY_FIELD = 3;
    public static final int ADD_FIELD = 4;
    public static final int DELETE_FIELD = 5;
    public static final int CALCULATE_CHECKSUM = 6;
    public static final int GROUP = 7;
    public static final int DROP = 8;
    public static final int PACKET_IN = 9;
    public static final int COUNTER = 10;
    public static final int EXPERIMENTER = 0xFFFF;

    private ActionType() {
    }

    /** True for the action types the 1.4.0 switch executes (and this codec models). */
    public static boolean isKnown(int type) {
        return type >= OUTPUT && type <= COUNTER;
    }
}
