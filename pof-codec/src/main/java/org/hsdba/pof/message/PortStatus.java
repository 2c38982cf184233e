package org.hsdba.pof.message;

/** PORT_STATUS ({@code pof_port_status}): a port was added, deleted or modified. */
public final class PortStatus extends PortMessage {
    public PortStatus(long xid, int reason, PortDesc port) {
        super(xid, reason, port);
    }

    @Override
    public int type() {
        return MessageType.PORT_STATUS;
    }
}
