package org.hsdba.pof.instruction;

import org.hsdba.pof.FieldChecks;

/** METER: look up a meter (the stock switch stores its rate but does not police). */
public final class Meter extends Instruction {
    private final long meterId;

    public Meter(int len, long meterId) {
        super(len);
        this.meterId = FieldChecks.u32(meterId, "meter_id");
    }

    public static Meter of(long meterId) {
        return new Meter(DEFAULT_LEN, meterId);
    }

    @Override
    public int type() {
        return InstructionType.METER;
    }

    public long meterId() {
        return meterId;
    }

    @Override
    protected Object[] components() {
        return new Object[] {meterId};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"meterId"};
    }
}
