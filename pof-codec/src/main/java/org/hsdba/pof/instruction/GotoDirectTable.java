package org.hsdba.pof.instruction;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Operand;

/**
 * GOTO_DIRECT_TABLE: advance the packet offset and run the entry at {@code index} (immediate or
 * read from a field) of a direct (DT) table, given by its global id.
 */
public final class GotoDirectTable extends Instruction {
    private final int nextTableId;
    private final int packetOffset;
    private final Operand index;

    public GotoDirectTable(int len, int nextTableId, int packetOffset, Operand index) {
        super(len);
        this.nextTableId = FieldChecks.u8(nextTableId, "next_table_id");
        if (packetOffset < Short.MIN_VALUE || packetOffset > Short.MAX_VALUE) {
            throw new IllegalArgumentException("packet_offset must be a signed 16-bit value, got " + packetOffset);
        }
        this.packetOffset = packetOffset;
        this.index = Objects.requireNonNull(index, "index");
    }

    public static GotoDirectTable of(int nextGlobalTableId, int packetOffset, Operand index) {
        return new GotoDirectTable(DEFAULT_LEN, nextGlobalTableId, packetOffset, index);
    }

    @Override
    public int type() {
        return InstructionType.GOTO_DIRECT_TABLE;
    }

    public int nextTableId() {
        return nextTableId;
    }

    public int packetOffset() {
        return packetOffset;
    }

    public Operand index() {
        return index;
    }

    @Override
    protected Object[] components() {
        return new Object[] {nextTableId, packetOffset, index};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"nextTableId", "packetOffset", "index"};
    }
}
