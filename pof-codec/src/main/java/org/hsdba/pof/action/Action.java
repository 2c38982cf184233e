package org.hsdba.pof.action;

import org.hsdba.pof.Components;
import org.hsdba.pof.FieldChecks;

/**
 * One action ({@code pof_action}): a fixed 48-byte slot of {@code u16 type | u16 len | data[44]}
 * in APPLY_ACTIONS, PACKET_OUT and GROUP_MOD. The switch's byte-order heuristic needs
 * {@code len} in 1..255; it is kept as received, and new actions use the slot size, as the
 * captured controller did.
 */
public abstract class Action {
    /** Size of one action slot. */
    public static final int SLOT_LENGTH = 48;
    /** Size of the action header (type, len). */
    public static final int HEADER_LENGTH = 4;
    /** Size of the data area after the header. */
    public static final int DATA_LENGTH = SLOT_LENGTH - HEADER_LENGTH;
    /** The {@code len} written for new actions (what the captured session used). */
    public static final int DEFAULT_LEN = SLOT_LENGTH;

    private final int len;

    protected Action(int len) {
        this.len = FieldChecks.u16(len, "action len");
    }

    /** The POFAT_ type code. */
    public abstract int type();

    /** The header {@code len} field. */
    public final int len() {
        return len;
    }

    /** The values that make up this action besides type and len, for equals/hashCode/toString. */
    protected abstract Object[] components();

    /** Names of {@link #components()}, in order. */
    protected abstract String[] componentNames();

    @Override
    public final boolean equals(Object o) {
        return o instanceof Action && len == ((Action) o).len && type() == ((Action) o).type()
                && Components.equal(this, components(), o, ((Action) o).components());
    }

    @Override
    public final int hashCode() {
        return Components.hash(this, components()) * 31 + len;
    }

    @Override
    public String toString() {
        Object[] values = components();
        String[] names = componentNames();
        Object[] pairs = new Object[values.length * 2];
        for (int i = 0; i < values.length; i++) {
            pairs[2 * i] = names[i];
            pairs[2 * i + 1] = values[i];
        }
        String name = getClass().getSimpleName() + (len == DEFAULT_LEN ? "" : "(len " + len + ")");
        return Components.describe(name, pairs);
    }
}
