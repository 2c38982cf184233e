package org.hsdba.pof.message;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/** PORT_STATUS ({@code pof_port_status}): a port was added, deleted or modified. */
public final class PortStatus extends PofMessage {
    /** Body size: reason, 7 pad bytes, the 120-byte port description. */
    public static final int BODY_LENGTH = 128;

    private final int reason;
    private final PortDesc port;

    /** @param reason one of {@link PortReason} */
    public PortStatus(long xid, int reason, PortDesc port) {
        super(xid);
        this.reason = FieldChecks.u8(reason, "reason");
        this.port = Objects.requireNonNull(port, "port");
    }

    @Override
    public int type() {
        return MessageType.PORT_STATUS;
    }

    public int reason() {
        return reason;
    }

    public PortDesc port() {
        return port;
    }

    @Override
    protected Object[] components() {
        return new Object[] {reason, port};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"reason", "port"};
    }
}
