package org.hsdba.compiler;

import java.util.List;

import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.Instruction;

/** One instruction block: its id, instructions and the index of its idle hook ({@link HxTypes#NONE_16} if none). */
public final class BlockProgram {

    private final int blockId;
    private final List<Instruction> instructions;
    private final int idlePc;

    BlockProgram(int blockId, List<Instruction> instructions, int idlePc) {
        this.blockId = blockId;
        this.instructions = List.copyOf(instructions);
        this.idlePc = idlePc;
    }

    public int blockId() {
        return blockId;
    }

    public List<Instruction> instructions() {
        return instructions;
    }

    public int idlePc() {
        return idlePc;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("block ").append(blockId).append(" (").append(instructions.size())
                .append(" instructions");
        if (idlePc != HxTypes.NONE_16) {
            sb.append(", idle hook at ").append(idlePc);
        }
        sb.append(")\n");
        for (int i = 0; i < instructions.size(); i++) {
            sb.append(String.format("%4d%s %s%n", i, i == idlePc ? "*" : " ", instructions.get(i)));
        }
        return sb.toString();
    }
}
