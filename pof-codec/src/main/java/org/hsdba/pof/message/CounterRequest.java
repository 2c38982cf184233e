package org.hsdba.pof.message;

/** COUNTER_REQUEST: read one counter (command QUERY); the switch answers COUNTER_REPLY after ~100 ms. */
public final class CounterRequest extends CounterMessage {
    public CounterRequest(long xid, int command, int slotId, long counterId, long packets, long bytes) {
        super(xid, command, slotId, counterId, packets, bytes);
    }

    public static CounterRequest of(long xid, long counterId) {
        return new CounterRequest(xid, CounterCommand.QUERY, 0, counterId, 0, 0);
    }

    @Override
    public int type() {
        return MessageType.COUNTER_REQUEST;
    }
}
