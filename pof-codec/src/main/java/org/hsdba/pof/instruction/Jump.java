package org.hsdba.pof.instruction;

import java.util.Objects;
import org.hsdba.pof.match.Operand;

/**
 * A CONDITIONAL_JMP target: move by {@code count} instructions forward or backward, relative to
 * the jump itself (forward 1 = the next instruction; 0 loops forever).
 */
public final class Jump {
    /** Direction byte for forward ({@code POFD_FORWARD}). */
    public static final int FORWARD = 0;
    /** Direction byte for backward ({@code POFD_BACKWARD}). */
    public static final int BACKWARD = 1;

    private final boolean backward;
    private final Operand count;

    private Jump(boolean backward, Operand count) {
        this.backward = backward;
        this.count = Objects.requireNonNull(count, "count");
    }

    public static Jump of(boolean backward, Operand count) {
        return new Jump(backward, count);
    }

    public static Jump forward(long instructions) {
        return new Jump(false, Operand.immediate(instructions));
    }

    public static Jump backward(long instructions) {
        return new Jump(true, Operand.immediate(instructions));
    }

    /** The next instruction (forward 1). */
    public static Jump next() {
        return forward(1);
    }

    public boolean isBackward() {
        return backward;
    }

    public Operand count() {
        return count;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Jump && backward == ((Jump) o).backward && count.equals(((Jump) o).count);
    }

    @Override
    public int hashCode() {
        return count.hashCode() * 2 + (backward ? 1 : 0);
    }

    @Override
    public String toString() {
        return (backward ? "-" : "+") + count;
    }
}
