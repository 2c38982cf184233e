package org.hsdba.pof.message;

/** FLOW_MOD commands ({@code pof_flow_mod_command}). POFSwitch accepts ADD, MODIFY (delete + re-insert by index) and DELETE; STRICT forms are rejected; QUERY_RESULT marks QUERYALL replies. */
public final class FlowModCommand {
    public static final int ADD = 0;
    public static final int MODIFY = 1;
    public static final int MODIFY_STRICT = 2;
    public static final int DELETE = 3;
    public static final int DELETE_STRICT = 4;
    public static final int QUERY = 5;
    public static final int QUERY_RESULT = 6;

    private FlowModCommand() {
    }
}
