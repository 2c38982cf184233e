package org.hsdba.pof.instruction;

import java.util.Objects;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.Operand;

/**
 * CONDITIONAL_JMP: compare {@code field1} with {@code field2} as unsigned 32-bit numbers and jump
 * by {@code lessThan}, {@code equal} or {@code greaterThan}.
 */
public final class ConditionalJump extends Instruction {
    private final Match field1;
    private final Operand field2;
    private final Jump lessThan;
    private final Jump equal;
    private final Jump greaterThan;

    public ConditionalJump(int len, Match field1, Operand field2, Jump lessThan, Jump equal, Jump greaterThan) {
        super(len);
        this.field1 = Objects.requireNonNull(field1, "field1");
        this.field2 = Objects.requireNonNull(field2, "field2");
        this.lessThan = Objects.requireNonNull(lessThan, "lessThan");
        this.equal = Objects.requireNonNull(equal, "equal");
        this.greaterThan = Objects.requireNonNull(greaterThan, "greaterThan");
    }

    public static ConditionalJump of(Match field1, Operand field2, Jump lessThan, Jump equal, Jump greaterThan) {
        return new ConditionalJump(DEFAULT_LEN, field1, field2, lessThan, equal, greaterThan);
    }

    @Override
    public int type() {
        return InstructionType.CONDITIONAL_JMP;
    }

    public Match field1() {
        return field1;
    }

    public Operand field2() {
        return field2;
    }

    public Jump lessThan() {
        return lessThan;
    }

    public Jump equal() {
        return equal;
    }

    public Jump greaterThan() {
        return greaterThan;
    }

    @Override
    protected Object[] components() {
        return new Object[] {field1, field2, lessThan, equal, greaterThan};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"field1", "field2", "lessThan", "equal", "greaterThan"};
    }
}
