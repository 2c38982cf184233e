package org.hsdba.pof.instruction;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.Operand;

/** CALCULATE_FIELD: {@code dst = dst OP src} on unsigned 32 bits, truncated to the dst length. */
public final class CalculateField extends Instruction {
    private final int calcType;
    private final Match destination;
    private final Operand source;

    public CalculateField(int len, int calcType, Match destination, Operand source) {
        super(len);
        this.calcType = FieldChecks.u16(calcType, "calc_type");
        this.destination = Objects.requireNonNull(destination, "destination");
        this.source = Objects.requireNonNull(source, "source");
    }

    /** @param calcType one of {@link CalcType} */
    public static CalculateField of(int calcType, Match destination, Operand source) {
        return new CalculateField(DEFAULT_LEN, calcType, destination, source);
    }

    @Override
    public int type() {
        return InstructionType.CALCULATE_FIELD;
    }

    public int calcType() {
        return calcType;
    }

    public Match destination() {
        return destination;
    }

    public Operand source() {
        return source;
    }

    @Override
    protected Object[] components() {
        return new Object[] {calcType, destination, source};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"calcType", "destination", "source"};
    }
}
