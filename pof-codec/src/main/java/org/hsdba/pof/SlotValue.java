package org.hsdba.pof;

/**
 * A value that fills one fixed-size slot whose header starts {@code u16 type | u16 len}: an
 * action or an instruction. Both keep {@code len} as received, since the switch ignores it or only
 * range-checks it and re-encoding must be exact. Values are equal when class, type, len and
 * components are.
 */
public abstract class SlotValue {
    private final int len;

    /** @param lenField the field name an out-of-range {@code len} is reported under */
    protected SlotValue(int len, String lenField) {
        this.len = FieldChecks.u16(len, lenField);
    }

    /** The header type code. */
    public abstract int type();

    /** The header {@code len} field. */
    public final int len() {
        return len;
    }

    /** The {@code len} new values of this kind carry; toString leaves it out when it is this. */
    protected abstract int defaultLen();

    /** The values that make up this value besides type and len, for equals/hashCode/toString. */
    protected abstract Object[] components();

    /** Names of {@link #components()}, in order, for toString. */
    protected abstract String[] componentNames();

    @Override
    public final boolean equals(Object o) {
        return o instanceof SlotValue && len == ((SlotValue) o).len && type() == ((SlotValue) o).type()
                && Components.equal(this, components(), o, ((SlotValue) o).components());
    }

    @Override
    public final int hashCode() {
        return Components.hash(this, components()) * 31 + len;
    }

    @Override
    public String toString() {
        String name = getClass().getSimpleName() + (len == defaultLen() ? "" : "(len " + len + ")");
        return Components.describe(name, componentNames(), components());
    }
}
