package org.hsdba.pof.message;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/**
 * The {@code pof_port_status} body (128 bytes) shared by PORT_STATUS and PORT_MOD:
 * {@code u8 reason | pad[7] | pof_port desc}.
 */
public abstract class PortMessage extends PofMessage {
    /** Body size: reason, 7 pad bytes, the 120-byte port description. */
    public static final int BODY_LENGTH = 128;

    private final int reason;
    private final PortDesc port;

    /** @param reason one of {@link PortReason} */
    protected PortMessage(long xid, int reason, PortDesc port) {
        super(xid);
        this.reason = FieldChecks.u8(reason, "reason");
        this.port = Objects.requireNonNull(port, "port");
    }

    /** {@link PortReason} code. */
    public final int reason() {
        return reason;
    }

    public final PortDesc port() {
        return port;
    }

    @Override
    protected final Object[] components() {
        return new Object[] {reason, port};
    }

    @Override
    protected final String[] componentNames() {
        return new String[] {"reason", "port"};
    }
}
