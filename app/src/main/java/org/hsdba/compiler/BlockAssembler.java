package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.instruction.Instruction;

/**
 * Builds one instruction list with named labels, so that forward HX_BRANCH counts are computed
 * rather than hand-counted. Only forward branches are produced (the programs have no loops).
 */
final class BlockAssembler {

    private final List<Instruction> instructions = new ArrayList<>();
    private final Map<Integer, Branch> pending = new HashMap<>();
    private final Map<String, Integer> labels = new HashMap<>();

    private static final class Branch {
        final HxBranchCond cond;
        final HxOperand a;
        final HxOperand b;
        final String target;

        Branch(HxBranchCond cond, HxOperand a, HxOperand b, String target) {
            this.cond = cond;
            this.a = a;
            this.b = b;
            this.target = target;
        }
    }

    /** Marks the position of the next instruction. */
    void label(String name) {
        if (labels.put(name, instructions.size()) != null) {
            throw new IllegalStateException("label " + name + " defined twice");
        }
    }

    int position(String label) {
        Integer at = labels.get(label);
        if (at == null) {
            throw new IllegalStateException("label " + label + " is not defined");
        }
        return at;
    }

    int size() {
        return instructions.size();
    }

    void emit(Instruction ins) {
        instructions.add(ins);
    }

    /** {@code dst := op(a, b)}. */
    void alu(HxAluOp op, HxOperand dst, HxOperand a, HxOperand b) {
        emit(HxAlu.of(op, dst, a, b));
    }

    /** {@code dst := op(a, b, c)} (MULDIV, SELECT). */
    void alu(HxAluOp op, HxOperand dst, HxOperand a, HxOperand b, HxOperand c) {
        emit(new HxAlu(op, dst, a, b, c));
    }

    void mov(HxOperand dst, HxOperand a) {
        emit(HxAlu.mov(dst, a));
    }

    /** Jumps to {@code target} if {@code a cond b}. */
    void branch(HxBranchCond cond, HxOperand a, HxOperand b, String target) {
        pending.put(instructions.size(), new Branch(cond, a, b, target));
        instructions.add(null);
    }

    void jump(String target) {
        branch(HxBranchCond.EQ, HxOperand.imm(0), HxOperand.imm(0), target);
    }

    /** The list with every branch resolved; a label may sit one past the last instruction. */
    List<Instruction> build() {
        List<Instruction> out = new ArrayList<>(instructions);
        for (Map.Entry<Integer, Branch> e : pending.entrySet()) {
            int at = e.getKey();
            Branch b = e.getValue();
            int target = position(b.target);
            if (target <= at) {
                throw new IllegalStateException("branch at " + at + " to " + b.target + " is not forward");
            }
            out.set(at, HxBranch.forward(b.cond, target - at, b.a, b.b));
        }
        return out;
    }
}
