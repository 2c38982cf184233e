package org.hsdba.pof.match;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;

/**
 * An instruction/action operand that is either an immediate unsigned 32-bit number or a packet/
 * metadata field: the 8-byte {@code union {u32 value; pof_match field}} selected by a separate
 * type byte (0 immediate, 1 field) on the wire.
 */
public final class Operand {
    /** Type byte of an immediate operand (POFVT_IMMEDIATE_NUM). */
    public static final int IMMEDIATE = 0;
    /** Type byte of a field operand (POFVT_FIELD). */
    public static final int FIELD = 1;
    /** Size of the union on the wire. */
    public static final int LENGTH = 8;

    private final long value;
    private final Match field;

    private Operand(long value, Match field) {
        this.value = value;
        this.field = field;
    }

    public static Operand immediate(long value) {
        return new Operand(FieldChecks.u32(value, "immediate operand"), null);
    }

    public static Operand field(Match field) {
        return new Operand(0, Objects.requireNonNull(field, "field"));
    }

    public boolean isField() {
        return field != null;
    }

    /** The wire type byte: {@link #IMMEDIATE} or {@link #FIELD}. */
    public int typeCode() {
        return field == null ? IMMEDIATE : FIELD;
    }

    /** The immediate value; only meaningful if {@code !isField()}. */
    public long value() {
        return value;
    }

    /** The field, or null for an immediate. */
    public Match field() {
        return field;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Operand)) {
            return false;
        }
        Operand p = (Operand) o;
        return value == p.value && Objects.equals(field, p.field);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value) * 31 + Objects.hashCode(field);
    }

    @Override
    public String toString() {
        return field == null ? "#" + value : field.toString();
    }
}
