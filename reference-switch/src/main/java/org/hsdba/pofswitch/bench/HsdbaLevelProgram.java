package org.hsdba.pofswitch.bench;

import static org.hsdba.pof.ext.HxOperand.entry;
import static org.hsdba.pof.ext.HxOperand.imm;
import static org.hsdba.pof.ext.HxOperand.meta;
import static org.hsdba.pof.ext.HxOperand.param;
import static org.hsdba.pof.ext.HxOperand.reg;
import static org.hsdba.pof.ext.HxOperand.state;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;

/**
 * A hand-written HSDBA level (hsdba-algorithm.md section 3) in the extension's instruction set,
 * the shape docs/pof-hsdba-extension.md section 12 sketches; the compiler replaces it. Rates are
 * bytes/s, fair shares are bytes/s per weight unit in Q16, {@code +inf} is a saturated value.
 *
 * <p>Params per node: {@link #P_WEIGHT}, {@link #P_PEAK} (bytes/s), {@link #P_K} (ns),
 * {@link #P_PARENT} and {@link #P_SELF} (register bases). State: {@link #S_RATE},
 * {@link #S_LAST}, {@link #S_SAT}, {@link #S_COUNTED} (the rate included in the parent's
 * satisfied sum). Registers at a parent's base: {@link #R_ALPHA}, {@link #R_SRATE},
 * {@link #R_UWEIGHT}, {@link #R_B}, {@link #R_WALL}.
 */
public final class HsdbaLevelProgram {
    public static final int P_WEIGHT = 0;
    public static final int P_PEAK = 1;
    public static final int P_K = 2;
    public static final int P_PARENT = 3;
    public static final int P_SELF = 4;
    public static final int S_RATE = 0;
    public static final int S_LAST = 1;
    public static final int S_SAT = 2;
    public static final int S_COUNTED = 3;
    /** State words the program uses. */
    public static final int STATE_WORDS_USED = 4;
    public static final int R_ALPHA = 0;
    public static final int R_SRATE = 1;
    public static final int R_UWEIGHT = 2;
    public static final int R_B = 3;
    public static final int R_WALL = 4;
    /** Register words per node. */
    public static final int REGS_PER_NODE = 8;
    /** Drop reason code of HSDBA drops. */
    public static final int DROP_REASON = 0x48;
    /** PACKET_IN reason of join requests. */
    public static final int JOIN_REASON = 0x80;

    private static final long Q16 = 1L << 16;
    private static final long Q32 = 1L << 32;
    private static final HxOperand LEN = meta(0, 16);
    private static final HxOperand F_DEEP = meta(32, 64);
    private static final HxOperand R_DEEP = meta(96, 64);
    private static final HxOperand T = meta(160, 64);
    private static final HxOperand E = meta(224, 64);
    private static final HxOperand X = meta(288, 64);
    private static final HxOperand F = meta(352, 64);
    private static final HxOperand TMP = meta(416, 64);

    private final List<Instruction> instructions;
    private final int idlePc;

    /**
     * @param nextTable global id of the next level's table, or -1 at the leaf level
     * @param outputPort where passed packets go
     */
    public HsdbaLevelProgram(int nextTable, int outputPort) {
        HxOperand w = param(P_WEIGHT);
        HxOperand peak = param(P_PEAK);
        HxOperand alpha = reg(R_ALPHA, P_PARENT);
        HxOperand sRate = reg(R_SRATE, P_PARENT);
        HxOperand uWeight = reg(R_UWEIGHT, P_PARENT);
        HxOperand b = reg(R_B, P_PARENT);
        HxOperand wAll = reg(R_WALL, P_PARENT);
        HxOperand rate = state(S_RATE);
        HxOperand sat = state(S_SAT);
        HxOperand counted = state(S_COUNTED);

        BlockAssembler a = new BlockAssembler();
        a.branch(HxBranchCond.EQ, entry(HxOperand.ENTRY_REACTIVATED), imm(0), "measure")
                .add(op(HxAluOp.ADD, uWeight, uWeight, w), HxAlu.mov(sat, imm(0)), HxAlu.mov(counted, imm(0)));
        // CSFQ rate estimate: R = (1 - e^-T/K) L/T + e^-T/K R
        a.label("measure").add(
                op(HxAluOp.SUB, T, HxOperand.time(), state(S_LAST)),
                HxAlu.mov(state(S_LAST), HxOperand.time()),
                op(HxAluOp.EXPNEG, E, T, param(P_K)),
                muldiv(X, LEN, imm(1_000_000_000L), T),
                op(HxAluOp.SUB, TMP, imm(Q32), E),
                muldiv(X, TMP, X, imm(Q32)),
                muldiv(TMP, E, rate, imm(Q32)),
                op(HxAluOp.ADD, rate, X, TMP),
                // f = min(l, w * alpha); satisfied iff min(R, l) <= f
                muldiv(F, w, alpha, imm(Q16)),
                op(HxAluOp.MIN, F, F, peak),
                op(HxAluOp.MIN, TMP, rate, peak));
        a.branch(HxBranchCond.GT, TMP, F, "unsatisfied")
                .branch(HxBranchCond.NE, sat, imm(0), "stillSatisfied")
                .add(op(HxAluOp.ADD, sRate, sRate, rate), op(HxAluOp.SUB, uWeight, uWeight, w), HxAlu.mov(sat, imm(1)),
                        HxAlu.mov(counted, rate))
                .jump("share");
        a.label("stillSatisfied").add(op(HxAluOp.SUB, sRate, sRate, counted), op(HxAluOp.ADD, sRate, sRate, rate),
                HxAlu.mov(counted, rate)).jump("share");
        a.label("unsatisfied").branch(HxBranchCond.EQ, sat, imm(0), "share")
                .add(op(HxAluOp.SUB, sRate, sRate, counted), op(HxAluOp.ADD, uWeight, uWeight, w),
                        HxAlu.mov(sat, imm(0)), HxAlu.mov(counted, imm(0)));
        // alpha = (B - S_rate) / U_weight (+inf when no unsatisfied weight); restart if S_rate > B
        a.label("share").branch(HxBranchCond.GT, sRate, b, "restart")
                .add(op(HxAluOp.SUB, TMP, b, sRate), muldiv(alpha, TMP, imm(Q16), uWeight)).jump("down");
        a.label("restart").add(muldiv(alpha, b, imm(Q16), wAll));
        // this packet's fair share; B of this node's children; the deepest level's f and R
        a.label("down").add(
                muldiv(F, w, alpha, imm(Q16)),
                op(HxAluOp.MIN, F, F, peak),
                op(HxAluOp.MIN, reg(R_B, P_SELF), F, rate),
                HxAlu.mov(F_DEEP, F),
                HxAlu.mov(R_DEEP, rate));
        if (nextTable >= 0) {
            a.add(new HxLookup(nextTable, true, 0, JOIN_REASON, 0));
        }
        // drop with probability 1 - f/R at the deepest matched level
        a.branch(HxBranchCond.LE, R_DEEP, F_DEEP, "forward")
                .add(op(HxAluOp.SUB, TMP, R_DEEP, F_DEEP), muldiv(TMP, TMP, imm(Q32), R_DEEP))
                .branch(HxBranchCond.GE, HxOperand.rand(), TMP, "forward")
                .add(ApplyActions.of(DropAction.of(DROP_REASON)));
        a.label("forward").add(ApplyActions.of(OutputAction.toPort(outputPort)), HxReturn.INSTANCE);
        // deactivation hook: leave the parent's sums
        a.label("idle").branch(HxBranchCond.EQ, sat, imm(0), "idleUnsatisfied")
                .add(op(HxAluOp.SUB, sRate, sRate, counted), HxAlu.mov(sat, imm(0)), HxAlu.mov(counted, imm(0)),
                        HxReturn.INSTANCE);
        a.label("idleUnsatisfied").add(op(HxAluOp.SUB, uWeight, uWeight, w), HxReturn.INSTANCE);
        this.instructions = a.build();
        this.idlePc = a.position("idle");
    }

    private static HxAlu op(HxAluOp op, HxOperand dst, HxOperand x, HxOperand y) {
        return HxAlu.of(op, dst, x, y);
    }

    private static HxAlu muldiv(HxOperand dst, HxOperand x, HxOperand y, HxOperand z) {
        return new HxAlu(HxAluOp.MULDIV, dst, x, y, z);
    }

    public List<Instruction> instructions() {
        return instructions;
    }

    /** Index of the deactivation hook. */
    public int idlePc() {
        return idlePc;
    }

    /** HX_BLOCK_MOD messages installing this program as block {@code blockId} (ADD, APPEND..., FINAL). */
    public List<HxBlockMod> messages(long xid, int blockId) {
        List<HxBlockMod> out = new ArrayList<>();
        List<RawInstruction> chunk = new ArrayList<>();
        int bytes = HxBlockMod.HEADER_LENGTH + 8;
        for (Instruction ins : instructions) {
            RawInstruction raw = ExtCodec.compact(ins);
            if (bytes + raw.len() > 2560) {
                out.add(next(out.isEmpty(), xid + out.size(), blockId, chunk, false));
                chunk = new ArrayList<>();
                bytes = HxBlockMod.HEADER_LENGTH + 8;
            }
            chunk.add(raw);
            bytes += raw.len();
        }
        out.add(next(out.isEmpty(), xid + out.size(), blockId, chunk, true));
        return out;
    }

    private HxBlockMod next(boolean first, long xid, int blockId, List<RawInstruction> chunk, boolean last) {
        return first ? HxBlockMod.add(xid, blockId, idlePc, last, chunk) : HxBlockMod.append(xid, blockId, last, chunk);
    }

    /** The HX_CALL_BLOCK of a node. */
    public static HxCallBlock call(int blockId, long weight, long peakBytesPerSecond, long kNanos, int parentBase,
            int selfBase, int idleTimeoutMs) {
        return new HxCallBlock(blockId, idleTimeoutMs, HxCallBlock.words(weight, peakBytesPerSecond, kNanos, parentBase,
                selfBase));
    }
}
