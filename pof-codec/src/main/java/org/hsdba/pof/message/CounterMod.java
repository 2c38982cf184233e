package org.hsdba.pof.message;

/** COUNTER_MOD: add, delete or clear a counter. */
public final class CounterMod extends CounterMessage {
    public CounterMod(long xid, int command, int slotId, long counterId, long packets, long bytes) {
        super(xid, command, slotId, counterId, packets, bytes);
    }

    /** {@code command} is one of {@link CounterCommand#ADD}, {@link CounterCommand#DELETE}, {@link CounterCommand#CLEAR}. */
    public static CounterMod of(long xid, int command, long counterId) {
        return new CounterMod(xid, command, 0, counterId, 0, 0);
    }

    @Override
    public int type() {
        return MessageType.COUNTER_MOD;
    }
}
