package org.hsdba.pof.message;

/** PORT_STATUS reasons ({@code pof_port_reason}). */
public final class PortReason {
    public static final int ADD = 0;
    public static final int DELETE = 1;
    public static final int MODIFY = 2;

    private PortReason() {
    }
}
