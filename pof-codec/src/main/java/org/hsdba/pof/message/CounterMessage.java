package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;

/**
 * The {@code pof_counter} body (24 bytes) shared by COUNTER_MOD, COUNTER_REQUEST and
 * COUNTER_REPLY: {@code u8 command | pad | u16 slotID | u32 counter_id | u64 value |
 * u64 byte_value}.
 */
public abstract class CounterMessage extends PofMessage {
    public static final int BODY_LENGTH = 24;

    private final int command;
    private final int slotId;
    private final long counterId;
    private final long packets;
    private final long bytes;

    protected CounterMessage(long xid, int command, int slotId, long counterId, long packets, long bytes) {
        super(xid);
        this.command = FieldChecks.u8(command, "command");
        this.slotId = FieldChecks.u16(slotId, "slotID");
        this.counterId = FieldChecks.u32(counterId, "counter_id");
        this.packets = packets;
        this.bytes = bytes;
    }

    /** {@link CounterCommand} code. */
    public final int command() {
        return command;
    }

    public final int slotId() {
        return slotId;
    }

    public final long counterId() {
        return counterId;
    }

    /** Packet count ({@code value}, u64 bits). */
    public final long packets() {
        return packets;
    }

    /** Byte count ({@code byte_value}, u64 bits). */
    public final long bytes() {
        return bytes;
    }

    @Override
    protected final Object[] components() {
        return new Object[] {command, slotId, counterId, packets, bytes};
    }

    @Override
    protected final String[] componentNames() {
        return new String[] {"command", "slotId", "counterId", "packets", "bytes"};
    }
}
