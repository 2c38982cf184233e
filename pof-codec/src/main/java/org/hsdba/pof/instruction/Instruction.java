package org.hsdba.pof.instruction;

import org.hsdba.pof.SlotValue;

/**
 * One flow-entry instruction ({@code pof_instruction}): in 1.4.0 every instruction occupies a
 * fixed 304-byte slot of {@code u16 type | u16 len | pad[4] | data[296]}. The {@code len} field
 * is not used by the switch; it is kept as received so re-encoding is exact, and new
 * instructions use the slot size, as the captured controller did.
 */
public abstract class Instruction extends SlotValue {
    /** Size of one instruction slot in FLOW_MOD. */
    public static final int SLOT_LENGTH = 304;
    /** Size of the instruction header (type, len, pad). */
    public static final int HEADER_LENGTH = 8;
    /** Size of the data area after the header. */
    public static final int DATA_LENGTH = SLOT_LENGTH - HEADER_LENGTH;
    /** The {@code len} written for new instructions (what the captured session used). */
    public static final int DEFAULT_LEN = SLOT_LENGTH;

    protected Instruction(int len) {
        super(len, "instruction len");
    }

    /** The POFIT_ type code. */
    @Override
    public abstract int type();

    @Override
    protected final int defaultLen() {
        return DEFAULT_LEN;
    }
}
