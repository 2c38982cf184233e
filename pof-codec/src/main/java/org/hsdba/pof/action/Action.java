package org.hsdba.pof.action;

import org.hsdba.pof.SlotValue;

/**
 * One action ({@code pof_action}): a fixed 48-byte slot of {@code u16 type | u16 len | data[44]}
 * in APPLY_ACTIONS, PACKET_OUT and GROUP_MOD. The switch's byte-order heuristic needs
 * {@code len} in 1..255; it is kept as received, and new actions use the slot size, as the
 * captured controller did.
 */
public abstract class Action extends SlotValue {
    /** Size of one action slot. */
    public static final int SLOT_LENGTH = 48;
    /** Size of the action header (type, len). */
    public static final int HEADER_LENGTH = 4;
    /** Size of the data area after the header. */
    public static final int DATA_LENGTH = SLOT_LENGTH - HEADER_LENGTH;
    /** The {@code len} written for new actions (what the captured session used). */
    public static final int DEFAULT_LEN = SLOT_LENGTH;

    protected Action(int len) {
        super(len, "action len");
    }

    /** The POFAT_ type code. */
    @Override
    public abstract int type();

    @Override
    protected final int defaultLen() {
        return DEFAULT_LEN;
    }
}
