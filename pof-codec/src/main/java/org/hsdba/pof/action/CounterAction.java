package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;

/** COUNTER: add one packet to an existing counter (the stock switch crashes if it does not exist). */
public final class CounterAction extends Action {
    private final long counterId;

    public CounterAction(int len, long counterId) {
        super(len);
        this.counterId = FieldChecks.u32(counterId, "counter_id");
    }

    public static CounterAction of(long counterId) {
        return new CounterAction(DEFAULT_LEN, counterId);
    }

    @Override
    public int type() {
        return ActionType.COUNTER;
    }

    public long counterId() {
        return counterId;
    }

    @Override
    protected Object[] components() {
        return new Object[] {counterId};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"counterId"};
    }
}
