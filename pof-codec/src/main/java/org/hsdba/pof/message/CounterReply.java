package org.hsdba.pof.message;

/** COUNTER_REPLY: a counter's packets and bytes (command QUERY_RESULT), to a request or in a QUERYALL dump. */
public final class CounterReply extends CounterMessage {
    public CounterReply(long xid, int command, int slotId, long counterId, long packets, long bytes) {
        super(xid, command, slotId, counterId, packets, bytes);
    }

    public static CounterReply of(long xid, long counterId, long packets, long bytes) {
        return new CounterReply(xid, CounterCommand.QUERY_RESULT, 0, counterId, packets, bytes);
    }

    @Override
    public int type() {
        return MessageType.COUNTER_REPLY;
    }
}
