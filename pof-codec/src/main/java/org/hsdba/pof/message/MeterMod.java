package org.hsdba.pof.message;

import org.hsdba.pof.FieldChecks;

/**
 * METER_MOD ({@code pof_meter}, 16-byte body): {@code u8 command | pad | u16 slotID |
 * u32 meter_id | u32 rate | pad[4]}. The stock switch stores the rate but does not police.
 */
public final class MeterMod extends PofMessage {
    public static final int BODY_LENGTH = 16;

    private final int command;
    private final int slotId;
    private final long meterId;
    private final long rate;

    /** @param command one of {@link MeterCommand} */
    public MeterMod(long xid, int command, int slotId, long meterId, long rate) {
        super(xid);
        this.command = FieldChecks.u8(command, "command");
        this.slotId = FieldChecks.u16(slotId, "slotID");
        this.meterId = FieldChecks.u32(meterId, "meter_id");
        this.rate = FieldChecks.u32(rate, "rate");
    }

    @Override
    public int type() {
        return MessageType.METER_MOD;
    }

    public int command() {
        return command;
    }

    public int slotId() {
        return slotId;
    }

    public long meterId() {
        return meterId;
    }

    public long rate() {
        return rate;
    }

    @Override
    protected Object[] components() {
        return new Object[] {command, slotId, meterId, rate};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"command", "slotId", "meterId", "rate"};
    }
}
