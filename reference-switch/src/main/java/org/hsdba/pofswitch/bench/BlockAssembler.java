package org.hsdba.pofswitch.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.pof.ext.HxBranch;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.instruction.Instruction;

/** Writes a block with labels; branches to labels become relative HX_BRANCH counts. */
public final class BlockAssembler {
    private final List<Object> items = new ArrayList<>();
    private final Map<String, Integer> labels = new HashMap<>();

    /** A branch whose target is a label, resolved in {@link #build()}. */
    private static final class Pending {
        final HxBranchCond cond;
        final HxOperand a;
        final HxOperand b;
        final String target;

        Pending(HxBranchCond cond, HxOperand a, HxOperand b, String target) {
            this.cond = cond;
            this.a = a;
            this.b = b;
            this.target = target;
        }
    }

    public BlockAssembler add(Instruction... ins) {
        items.addAll(List.of(ins));
        return this;
    }

    /** Marks the next instruction's position. */
    public BlockAssembler label(String name) {
        if (labels.put(name, items.size()) != null) {
            throw new IllegalArgumentException("label " + name + " defined twice");
        }
        return this;
    }

    /** Jumps to {@code target} if {@code a cond b}. */
    public BlockAssembler branch(HxBranchCond cond, HxOperand a, HxOperand b, String target) {
        items.add(new Pending(cond, a, b, target));
        return this;
    }

    /** Always jumps to {@code target}. */
    public BlockAssembler jump(String target) {
        return branch(HxBranchCond.EQ, HxOperand.imm(0), HxOperand.imm(0), target);
    }

    /** Position of a label. */
    public int position(String name) {
        Integer at = labels.get(name);
        if (at == null) {
            throw new IllegalArgumentException("undefined label " + name);
        }
        return at;
    }

    public List<Instruction> build() {
        List<Instruction> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            if (item instanceof Pending) {
                Pending p = (Pending) item;
                int target = position(p.target);
                out.add(target >= i ? HxBranch.forward(p.cond, target - i, p.a, p.b)
                        : HxBranch.backward(p.cond, i - target, p.a, p.b));
            } else {
                out.add((Instruction) item);
            }
        }
        return out;
    }
}
