package org.hsdba.pof.instruction;

import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Match;

/**
 * GOTO_TABLE: advance the packet offset by {@code packetOffset} bytes (signed) and look up the
 * table with the given <em>global</em> id. The match list is carried but ignored by the switch.
 */
public final class GotoTable extends Instruction {
    public static final int MAX_MATCHES = 8;

    private final int nextTableId;
    private final int packetOffset;
    private final List<Match> matches;

    public GotoTable(int len, int nextTableId, int packetOffset, List<Match> matches) {
        super(len);
        this.nextTableId = FieldChecks.u8(nextTableId, "next_table_id");
        if (packetOffset < Short.MIN_VALUE || packetOffset > Short.MAX_VALUE) {
            throw new IllegalArgumentException("packet_offset must be a signed 16-bit value, got " + packetOffset);
        }
        this.packetOffset = packetOffset;
        this.matches = List.copyOf(matches);
        FieldChecks.count(this.matches.size(), MAX_MATCHES, "GOTO_TABLE matches");
    }

    public static GotoTable of(int nextGlobalTableId, int packetOffset) {
        return new GotoTable(DEFAULT_LEN, nextGlobalTableId, packetOffset, List.of());
    }

    @Override
    public int type() {
        return InstructionType.GOTO_TABLE;
    }

    /** Global table id (see {@code GlobalTableIds}). */
    public int nextTableId() {
        return nextTableId;
    }

    /** Signed byte offset added to the packet offset before the lookup. */
    public int packetOffset() {
        return packetOffset;
    }

    public List<Match> matches() {
        return matches;
    }

    @Override
    protected Object[] components() {
        return new Object[] {nextTableId, packetOffset, matches};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"nextTableId", "packetOffset", "matches"};
    }
}
