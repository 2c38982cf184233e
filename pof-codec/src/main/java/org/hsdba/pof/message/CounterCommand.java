package org.hsdba.pof.message;

/** Counter commands ({@code pof_counter_mod_command}): ADD/DELETE/CLEAR in COUNTER_MOD, QUERY in COUNTER_REQUEST, QUERY_RESULT in COUNTER_REPLY. */
public final class CounterCommand {
    public static final int ADD = 0;
    public static final int DELETE = 1;
    public static final int CLEAR = 2;
    public static final int QUERY = 3;
    public static final int QUERY_RESULT = 4;

    private CounterCommand() {
    }
}
