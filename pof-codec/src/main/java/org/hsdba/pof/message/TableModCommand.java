package org.hsdba.pof.message;

/** TABLE_MOD commands ({@code pof_table_mod_command}). POFSwitch accepts ADD and DELETE; QUERY_RESULT marks QUERYALL replies. */
public final class TableModCommand {
    public static final int ADD = 0;
    public static final int MODIFY = 1;
    public static final int DELETE = 2;
    public static final int QUERY = 3;
    public static final int QUERY_RESULT = 4;

    private TableModCommand() {
    }
}
