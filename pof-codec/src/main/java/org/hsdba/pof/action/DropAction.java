package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;

/** DROP: end processing and drop the packet. */
public final class DropAction extends Action {
    private final long reasonCode;

    public DropAction(int len, long reasonCode) {
        super(len);
        this.reasonCode = FieldChecks.u32(reasonCode, "reason_code");
    }

    public static DropAction of(long reasonCode) {
        return new DropAction(DEFAULT_LEN, reasonCode);
    }

    @Override
    public int type() {
        return ActionType.DROP;
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
