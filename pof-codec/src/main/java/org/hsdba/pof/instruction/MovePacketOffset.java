package org.hsdba.pof.instruction;

import java.util.Objects;
import org.hsdba.pof.match.Operand;

/** MOVE_PACKET_OFFSET: move the current packet offset forward or backward by a number of bytes. */
public final class MovePacketOffset extends Instruction {
    private final boolean backward;
    private final Operand movement;

    public MovePacketOffset(int len, boolean backward, Operand movement) {
        super(len);
        this.backward = backward;
        this.movement = Objects.requireNonNull(movement, "movement");
    }

    public static MovePacketOffset of(boolean backward, Operand movementBytes) {
        return new MovePacketOffset(DEFAULT_LEN, backward, movementBytes);
    }

    @Override
    public int type() {
        return InstructionType.MOVE_PACKET_OFFSET;
    }

    public boolean isBackward() {
        return backward;
    }

    public Operand movement() {
        return movement;
    }

    @Override
    protected Object[] components() {
        return new Object[] {backward, movement};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"backward", "movement"};
    }
}
