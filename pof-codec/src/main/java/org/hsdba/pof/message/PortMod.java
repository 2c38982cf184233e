package org.hsdba.pof.message;

/** PORT_MOD: same body as PORT_STATUS; POFSwitch reads only slotID, port_id and of_enable (ports start disabled). */
public final class PortMod extends PortMessage {
    public PortMod(long xid, int reason, PortDesc port) {
        super(xid, reason, port);
    }

    @Override
    public int type() {
        return MessageType.PORT_MOD;
    }
}
