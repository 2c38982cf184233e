package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;

/** PACKET_IN: send the packet to the controller with reason {@code (u8) reasonCode}. */
public final class PacketInAction extends Action {
    private final long reasonCode;

    public PacketInAction(int len, long reasonCode) {
        super(len);
        this.reasonCode = FieldChecks.u32(reasonCode, "reason_code");
    }

    public static PacketInAction of(long reasonCode) {
        return new PacketInAction(DEFAULT_LEN, reasonCode);
    }

    @Override
    public int type() {
        return ActionType.PACKET_IN;
    }

    public long reasonCode() {
        return reasonCode;
    }

    @Override
    protected Object[] components() {
        return new Object[] {reasonCode};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"reasonCode"};
    }
}
