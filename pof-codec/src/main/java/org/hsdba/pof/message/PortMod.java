package org.hsdba.pof.message;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/** PORT_MOD: same body as PORT_STATUS; POFSwitch reads only slotID, port_id and of_enable (ports start disabled). */
public final class PortMod extends PofMessage {
    /** Body size: reason, 7 pad bytes, the 120-byte port description. */
    public static final int BODY_LENGTH = 128;

    private final int reason;
    private final PortDesc port;

    /** @param reason one of {@link PortReason} */
    public PortMod(long xid, int reason, PortDesc port) {
        super(xid);
        this.reason = FieldChecks.u8(reason, "reason");
        this.port = Objects.requireNonNull(port, "port");
    }

    @Override
    public int type() {
        return MessageType.PORT_MOD;
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
