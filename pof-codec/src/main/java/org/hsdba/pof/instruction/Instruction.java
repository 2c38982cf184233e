package org.hsdba.pof.instruction;

import org.hsdba.pof.Components;
import org.hsdba.pof.FieldChecks;

/**
 * One flow-entry instruction ({@code pof_instruction}): in 1.4.0 every instruction occupies a
 * fixed 304-byte slot of {@code u16 type | u16 len | pad[4] | data[296]}. The {@code len} field
 * is not used by the switch; it is kept as received so re-encoding is exact, and new
 * instructions use the slot size, as the captured controller did.
 */
public abstract class Instruction {
    /** Size of one instruction slot in FLOW_MOD. */
    public static final int SLOT_LENGTH = 304;
    /** Size of the instruction header (type, len, pad). */
    public static final int HEADER_LENGTH = 8;
    /** Size of the data area after the header. */
    public static final int DATA_LENGTH = SLOT_LENGTH - HEADER_LENGTH;
    /** The {@code len} written for new instructions (what the captured session used). */
    public static final int DEFAULT_LEN = SLOT_LENGTH;

    private final int len;

    protected Instruction(int len) {
        this.len = FieldChecks.u16(len, "instruction len");
    }

    /** The POFIT_ type code. */
    public abstract int type();

    /** The header {@code len} field. */
    public final int len() {
        return len;
    }

    /** The values that make up this instruction besides type and len, for equals/hashCode/toString. */
    protected abstract Object[] components();

    /** Names of {@link #components()}, in order, for toString. */
    protected abstract String[] componentNames();

    @Override
    public final boolean equals(Object o) {
        return o instanceof Instruction && len == ((Instruction) o).len && type() == ((Instruction) o).type()
                && Components.equal(this, components(), o, ((Instruction) o).components());
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
