package org.hsdba.pof.instruction;

import java.util.Arrays;
import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.action.Action;

/** APPLY_ACTIONS: run up to 6 actions (48-byte slots) immediately. */
public final class ApplyActions extends Instruction {
    public static final int MAX_ACTIONS = 6;

    private final List<Action> actions;

    public ApplyActions(int len, List<Action> actions) {
        super(len);
        this.actions = List.copyOf(actions);
        FieldChecks.count(this.actions.size(), MAX_ACTIONS, "actions in APPLY_ACTIONS");
    }

    public static ApplyActions of(Action... actions) {
        return new ApplyActions(DEFAULT_LEN, Arrays.asList(actions));
    }

    @Override
    public int type() {
        return InstructionType.APPLY_ACTIONS;
    }

    public List<Action> actions() {
        return actions;
    }

    @Override
    protected Object[] components() {
        return new Object[] {actions};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"actions"};
    }
}
