package org.hsdba.pof.action;

import java.util.Objects;
import org.hsdba.pof.match.Match;

/** MODIFY_FIELD: add a signed 32-bit increment to a packet or metadata field of at most 32 bits. */
public final class ModifyFieldAction extends Action {
    private final Match field;
    private final int increment;

    public ModifyFieldAction(int len, Match field, int increment) {
        super(len);
        this.field = Objects.requireNonNull(field, "field");
        this.increment = increment;
    }

    public static ModifyFieldAction of(Match field, int increment) {
        return new ModifyFieldAction(DEFAULT_LEN, field, increment);
    }

    @Override
    public int type() {
        return ActionType.MODIFY_FIELD;
    }

    public Match field() {
        return field;
    }

    public int increment() {
        return increment;
    }

    @Override
    protected Object[] components() {
        return new Object[] {field, increment};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"field", "increment"};
    }
}
