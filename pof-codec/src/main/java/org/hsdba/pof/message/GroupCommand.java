package org.hsdba.pof.message;

/** GROUP_MOD commands ({@code pof_group_mod_command}). */
public final class GroupCommand {
    public static final int ADD = 0;
    public static final int MODIFY = 1;
    public static final int DELETE = 2;
    public static final int QUERY = 3;
    public static final int QUERY_RESULT = 4;

    private GroupCommand() {
    }
}
