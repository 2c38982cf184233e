package org.hsdba.pof.action;

import java.util.Objects;
import org.hsdba.pof.match.MatchX;

/** SET_FIELD: write {@code value & mask} into the packet at the field's offset/length. */
public final class SetFieldAction extends Action {
    private final MatchX field;

    public SetFieldAction(int len, MatchX field) {
        super(len);
        this.field = Objects.requireNonNull(field, "field");
    }

    public static SetFieldAction of(MatchX field) {
        return new SetFieldAction(DEFAULT_LEN, field);
    }

    @Override
    public int type() {
        return ActionType.SET_FIELD;
    }

    public MatchX field() {
        return field;
    }

    @Override
    protected Object[] components() {
        return new Object[] {field};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"field"};
    }
}
