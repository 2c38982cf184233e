package org.hsdba.compiler;

import static org.hsdba.compiler.Words.M_FAIR;
import static org.hsdba.compiler.Words.M_LENGTH;
import static org.hsdba.compiler.Words.M_LENGTH_BITS;
import static org.hsdba.compiler.Words.M_RATE;
import static org.hsdba.compiler.Words.M_SCRATCH;
import static org.hsdba.compiler.Words.M_TAG;
import static org.hsdba.compiler.Words.M_TAG_BITS;
import static org.hsdba.pof.ext.HxAluOp.ADD;
import static org.hsdba.pof.ext.HxAluOp.EXPNEG;
import static org.hsdba.pof.ext.HxAluOp.MAX;
import static org.hsdba.pof.ext.HxAluOp.MIN;
import static org.hsdba.pof.ext.HxAluOp.MULDIV;
import static org.hsdba.pof.ext.HxAluOp.SELECT;
import static org.hsdba.pof.ext.HxAluOp.SHR;
import static org.hsdba.pof.ext.HxAluOp.SUB;

import org.hsdba.algorithm.DropDraw;
import org.hsdba.algorithm.DropRule;
import org.hsdba.algorithm.HsdbaKernel;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.algorithm.PassDown;
import org.hsdba.model.Estimator;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.HxBranchCond;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.ApplyActions;

/**
 * The instruction blocks of a tree's program: the port block (start of every packet) and one
 * block per level, which every node of the level calls with its own params. A level block does,
 * for the packet's node at that level, what {@code org.hsdba.algorithm.HsdbaKernel} does per
 * level, in four visible parts: rate estimate, bandwidth enforcement (state and the parent's
 * sums), fair-share update of the parent, and the drop decision; its idle hook removes the node
 * from its parent's sums. See docs/hsdba-compiler.md section 4 for a listing.
 */
final class LevelBlocks {

    private final KernelOptions algo;
    private final boolean excess;
    private final ProgramLayout layout;
    private final CompilerOptions opts;

    LevelBlocks(KernelOptions algo, boolean guaranteeExcess, ProgramLayout layout, CompilerOptions opts) {
        this.algo = algo;
        this.excess = guaranteeExcess;
        this.layout = layout;
        this.opts = opts;
    }

    // ---------------------------------------------------------------- operands

    private static HxOperand param(int word) {
        return HxOperand.param(word);
    }

    /** A register of the current node's parent. */
    private static HxOperand parent(int word) {
        return HxOperand.reg(word, Words.P_PARENT_BASE);
    }

    /** A register of the current node's own block. */
    private static HxOperand self(int word) {
        return HxOperand.reg(word, Words.P_SELF_BASE);
    }

    private static HxOperand state(int word) {
        return HxOperand.state(word);
    }

    private static HxOperand scratch(int k) {
        return HxOperand.meta(M_SCRATCH + 64 * k, 64);
    }

    private static HxOperand imm(long v) {
        return HxOperand.imm(v);
    }

    private static final HxOperand FAIR = HxOperand.meta(M_FAIR, 64);
    private static final HxOperand RATE = HxOperand.meta(M_RATE, 64);
    private static final HxOperand LENGTH = HxOperand.meta(M_LENGTH, M_LENGTH_BITS);
    private static final HxOperand TAG = HxOperand.meta(M_TAG, M_TAG_BITS);
    private static final HxOperand DROP_MARK = HxOperand.meta(Words.M_DROP_MARK, Words.M_DROP_MARK_BITS);

    // ---------------------------------------------------------------- blocks

    /** The port block: look up level 1 (with join if params say so), forward what matches nothing. */
    BlockProgram portBlock() {
        BlockAssembler a = new BlockAssembler();
        a.mov(TAG, imm(SlotMap.PORT));
        lookupDispatch(a, 1);
        a.emit(output());
        return new BlockProgram(layout.portBlock(), a.build(), HxTypes.NONE_16);
    }

    /** The block of {@code level} (1..levels). */
    BlockProgram levelBlock(int level) {
        boolean deepest = level == layout.levels();
        BlockAssembler a = new BlockAssembler();
        activation(a, algo.estimator(level));
        rateEstimate(a, algo.estimator(level));
        if (algo.aging()) {
            agingGap(a);
        }
        if (hold() && !deepest) {
            if (summedHold()) {
                holdMarkUp(a);
            } else {
                holdMark(a);
            }
        }
        HxOperand claim = state(Words.holdClaimWord(algo.estimator(level)));
        enforce(a, deepest, claim);
        fairShareUpdate(a);
        if (!deepest) {
            passDown(a);
        }
        if (algo.dropRule() == DropRule.EVERY_LEVEL) {
            // Literal: draw here, but only mark the packet; the levels below still measure it.
            dropDraw(a, "forward");
            a.mov(DROP_MARK, imm(1));
            a.label("forward");
        }
        if (!deepest) {
            lookupDispatch(a, level + 1);
        }
        if (algo.dropRule() == DropRule.DEEPEST_LEVEL) {
            dropDecision(a, "out", claim);
        } else {
            a.branch(HxBranchCond.EQ, DROP_MARK, imm(0), "out");
            a.emit(ApplyActions.of(DropAction.of(opts.dropReason())));
        }
        a.label("out");
        a.emit(output());
        a.emit(HxReturn.INSTANCE);
        a.label("hook");
        idleHook(a);
        return new BlockProgram(layout.levelBlock(level), a.build(), a.position("hook"));
    }

    // ---------------------------------------------------------------- parts

    /**
     * A node that was inactive (new, idle, or modified) joins its parent's sums as unsatisfied; with
     * the EWMA warm-up its estimate starts afresh (R := 0, first packet now). Its R - D left the
     * parent's X with the hook, so D := R.
     */
    private void activation(BlockAssembler a, Estimator e) {
        a.branch(HxBranchCond.EQ, HxOperand.entry(HxOperand.ENTRY_REACTIVATED), imm(0), "measure");
        a.alu(ADD, parent(Words.R_UNSATISFIED_WEIGHT), parent(Words.R_UNSATISFIED_WEIGHT), param(Words.P_WEIGHT));
        a.alu(ADD, parent(Words.R_ACTIVE_WEIGHT), parent(Words.R_ACTIVE_WEIGHT), param(Words.P_WEIGHT));
        if (excess) {
            a.alu(ADD, parent(Words.R_UNSATISFIED_GUARANTEE), parent(Words.R_UNSATISFIED_GUARANTEE),
                    param(Words.P_GUARANTEE));
            a.alu(ADD, parent(Words.R_ACTIVE_GUARANTEE), parent(Words.R_ACTIVE_GUARANTEE), param(Words.P_GUARANTEE));
        }
        a.mov(state(Words.S_SATISFIED), imm(0));
        if (warmUp(e)) {
            // Back from idle or from aging alike, the estimate restarts. An estimate kept over an
            // aging gap averages the node's own silence in (R ~ q x for a sender on a fraction q of
            // the time) while its siblings' silences shrink the parent's sums: real TCP, on and off
            // at that time scale after losses, then passed at 2.2-2.9x the port's capacity.
            a.mov(state(Words.S_RATE), imm(0));
            a.mov(state(Words.S_TIME), HxOperand.time());
            a.mov(state(Words.S_START), HxOperand.time());
        }
        a.mov(state(Words.S_DEMAND), state(Words.S_RATE));
        a.alu(ADD, parent(Words.R_UNSATISFIED_DEMAND), parent(Words.R_UNSATISFIED_DEMAND), state(Words.S_DEMAND));
        a.label("measure");
    }

    /** Rate estimate into META.R; the state word R still holds the previous estimate afterwards. */
    private void rateEstimate(BlockAssembler a, Estimator e) {
        HxOperand t = scratch(4);
        HxOperand decay = scratch(5);
        HxOperand x = scratch(6);
        HxOperand y = scratch(7);
        if (e.kind() == Estimator.Kind.EWMA) {
            a.alu(SUB, t, HxOperand.time(), state(Words.S_TIME));
            a.mov(state(Words.S_TIME), HxOperand.time());
            a.mov(RATE, state(Words.S_RATE));
            a.branch(HxBranchCond.EQ, t, imm(0), "estimated");
            if (warmUp(e)) {
                // Warm-up while E = TIME - first packet < K: R = bytes since the first packet over
                // max(E, K/8 + 1 ns), kept as R := L/M + R * M_prev / M (M_prev: the same at the
                // previous packet); the floor keeps a burst's first gaps from reading as line rate.
                HxOperand elapsed = scratch(3);
                HxOperand floor = scratch(2);
                HxOperand m = decay;
                a.alu(SUB, elapsed, HxOperand.time(), state(Words.S_START));
                a.branch(HxBranchCond.GE, elapsed, param(Words.P_PERIOD), "ewma");
                a.alu(SHR, floor, param(Words.P_PERIOD), imm(org.hsdba.algorithm.HsdbaKernel.WARM_UP_FLOOR_SHIFT));
                a.alu(ADD, floor, floor, imm(1));
                a.alu(MAX, m, elapsed, floor);
                a.alu(SUB, elapsed, elapsed, t);
                a.alu(MAX, elapsed, elapsed, floor);
                a.alu(MULDIV, x, LENGTH, imm(FixedPoint.NANOS_PER_SECOND), m);
                a.alu(MULDIV, y, state(Words.S_RATE), elapsed, m);
                a.alu(ADD, RATE, x, y);
                a.jump("estimated");
                a.label("ewma");
            }
            a.alu(EXPNEG, decay, t, param(Words.P_PERIOD));
            a.alu(MULDIV, x, LENGTH, imm(FixedPoint.NANOS_PER_SECOND), t);
            a.alu(SUB, y, imm(FixedPoint.Q32_ONE), decay);
            a.alu(MULDIV, x, y, x, imm(FixedPoint.Q32_ONE));
            a.alu(MULDIV, y, decay, state(Words.S_RATE), imm(FixedPoint.Q32_ONE));
            a.alu(ADD, RATE, x, y);
            if (algo.fallRestart()) {
                fallCheck(a, x, y, decay);
            }
            a.label("estimated");
            return;
        }
        a.alu(ADD, state(Words.S_WINDOW_BYTES), state(Words.S_WINDOW_BYTES), LENGTH);
        a.mov(RATE, state(Words.S_RATE));
        a.branch(HxBranchCond.NE, state(Words.S_TIME), imm(0), "windowStarted");
        a.mov(state(Words.S_TIME), HxOperand.time());
        a.label("windowStarted");
        a.alu(SUB, t, HxOperand.time(), state(Words.S_TIME));
        a.branch(HxBranchCond.LT, t, param(Words.P_PERIOD), "measured");
        a.alu(MULDIV, RATE, state(Words.S_WINDOW_BYTES), imm(FixedPoint.NANOS_PER_SECOND), t);
        a.mov(state(Words.S_WINDOW_BYTES), imm(0));
        a.mov(state(Words.S_TIME), HxOperand.time());
        a.label("measured");
    }

    /**
     * {@link KernelOptions#fallRestart()} after an EWMA step (HsdbaKernel.fallCheck): the warm-up's
     * word holds the fall clock Z once the warm-up is over, kept at or below TIME - K so that the
     * warm-up test still reads "over". Z := min(Z + MULDIV(L, 4 * 10^9, R'), TIME - K) (what the
     * packet covers at R'/4; R' = 0 covers "forever"); if TIME - K - Z exceeds the aging gap
     * max(MULDIV(L, 8 * 10^9, R'), K/8 + 1), the estimate restarts as at activation (R' := 0, the
     * first packet now; the arrival time is already TIME) and a hold ends (HOLD_END := min(it, TIME)).
     */
    private void fallCheck(BlockAssembler a, HxOperand x, HxOperand y, HxOperand z) {
        HxOperand clock = state(Words.S_START);
        a.alu(MULDIV, x, LENGTH, imm(FixedPoint.NANOS_PER_SECOND << HsdbaKernel.FALL_SHIFT), RATE);
        a.alu(SUB, y, HxOperand.time(), param(Words.P_PERIOD));
        a.alu(ADD, clock, clock, x);
        a.alu(MIN, clock, clock, y);
        a.alu(SUB, y, y, clock);
        agingGap(a, x, x, z);
        a.branch(HxBranchCond.LE, y, x, "estimated");
        a.mov(RATE, imm(0));
        a.mov(clock, HxOperand.time());
        if (hold()) {
            a.alu(MIN, state(Words.S_HOLD_END), state(Words.S_HOLD_END), HxOperand.time());
        }
    }

    /**
     * ENTRY[AGE_NS] := max(MULDIV(L, AGE_GAPS * 10^9, R'), K/8 + 1): eight of the node's mean packet
     * gaps, at least an eighth of K; R' = 0 gives MAX (no aging). The switch takes the node out of
     * its parent's sums (the hook) when no packet follows within that gap.
     */
    private void agingGap(BlockAssembler a) {
        agingGap(a, HxOperand.entry(HxOperand.ENTRY_AGE_NS), scratch(4), scratch(5));
    }

    /** {@code into} := max(MULDIV(L, AGE_GAPS * 10^9, R'), K/8 + 1), with {@code gap} and {@code floor} as scratch. */
    private void agingGap(BlockAssembler a, HxOperand into, HxOperand gap, HxOperand floor) {
        a.alu(MULDIV, gap, LENGTH, imm(HsdbaKernel.AGE_GAPS * FixedPoint.NANOS_PER_SECOND), RATE);
        a.alu(SHR, floor, param(Words.P_PERIOD), imm(HsdbaKernel.WARM_UP_FLOOR_SHIFT));
        a.alu(ADD, floor, floor, imm(1));
        a.alu(MAX, into, gap, floor);
    }

    /**
     * The effective demand D = min(l, R - X) (X: the node's own register, its children's unusable
     * load; none at the deepest level); the node competes (its old contribution leaves the
     * parent's sums, its weight joins U_weight); f = min(l, max(w * alpha, B - S_rate - U_demand))
     * from the parent's sums as they then stand; satisfied iff D &lt;= f, which moves its weight
     * back out and adds D to S_rate, else D joins U_demand; R - D goes to the parent's X; the
     * state words take the new R, D and S.
     */
    private void enforce(BlockAssembler a, boolean deepest, HxOperand claim) {
        HxOperand contribution = scratch(0);
        HxOperand old = scratch(1);
        HxOperand left = scratch(2);
        if (algo.childDemand() && !deepest) {
            // With active children (a non-zero active weight) the sum of their D: their estimates
            // follow a start or stop sooner than this node's EWMA (KernelOptions.childDemand).
            // Without active children: min(l, R) (X is not kept).
            a.mov(contribution, RATE);
            a.branch(HxBranchCond.EQ, self(Words.R_ACTIVE_WEIGHT), imm(0), "demandCap");
            a.alu(ADD, contribution, self(Words.R_SATISFIED_RATE), self(Words.R_UNSATISFIED_DEMAND));
            a.label("demandCap");
            capped(a, contribution, contribution);
        } else if (algo.subtreeDemand() && !deepest) {
            a.alu(SUB, contribution, RATE, self(Words.R_EXCESS));
            capped(a, contribution, contribution);
        } else {
            capped(a, contribution, RATE);
        }
        if (summedHold() && !deepest) {
            // While a descendant is held (its drop's mark, passed up, is ahead of TIME): at least its
            // children's reported demands, a held child at its claim, and no more.
            a.branch(HxBranchCond.GE, HxOperand.time(), self(Words.R_HOLD_MARK), "unsummed");
            a.alu(ADD, left, self(Words.R_SATISFIED_RATE), self(Words.R_UNSATISFIED_DEMAND));
            capped(a, left, left);
            a.alu(MAX, contribution, contribution, left);
            a.label("unsummed");
        }
        a.branch(HxBranchCond.EQ, state(Words.S_SATISFIED), imm(0), "removeUnsatisfied");
        a.alu(SUB, parent(Words.R_SATISFIED_RATE), parent(Words.R_SATISFIED_RATE), state(Words.S_DEMAND));
        a.alu(ADD, parent(Words.R_UNSATISFIED_WEIGHT), parent(Words.R_UNSATISFIED_WEIGHT), param(Words.P_WEIGHT));
        if (excess) {
            a.alu(ADD, parent(Words.R_UNSATISFIED_GUARANTEE), parent(Words.R_UNSATISFIED_GUARANTEE),
                    param(Words.P_GUARANTEE));
        }
        a.jump("compete");
        a.label("removeUnsatisfied");
        a.alu(SUB, parent(Words.R_UNSATISFIED_DEMAND), parent(Words.R_UNSATISFIED_DEMAND), state(Words.S_DEMAND));
        a.label("compete");
        fairShare(a, scratch(4));
        a.alu(MULDIV, FAIR, param(Words.P_WEIGHT), parent(Words.R_ALPHA_NUM), parent(Words.R_ALPHA_DEN));
        if (excess) {
            a.alu(ADD, FAIR, FAIR, param(Words.P_GUARANTEE));
        }
        a.alu(SUB, left, parent(Words.R_BANDWIDTH), parent(Words.R_SATISFIED_RATE));
        a.alu(SUB, left, left, parent(Words.R_UNSATISFIED_DEMAND));
        a.alu(MAX, FAIR, FAIR, left);
        if (algo.peakCap()) {
            a.alu(MIN, FAIR, FAIR, param(Words.P_PEAK));
        }
        if (summedHold()) {
            // Held: at least its claim (up to f), satisfied at it unless it claims its whole f.
            a.branch(HxBranchCond.GE, HxOperand.time(), state(Words.S_HOLD_END), "notHeld");
            a.alu(MIN, left, FAIR, claim);
            a.alu(MAX, contribution, contribution, left);
            a.branch(HxBranchCond.GE, contribution, FAIR, "addUnsatisfied");
            a.jump("settle");
            a.label("notHeld");
        } else if (hold()) {
            // Held (dropped within H): unsatisfied, with a demand of at least f.
            a.branch(HxBranchCond.GE, HxOperand.time(), state(Words.S_HOLD_END), "notHeld");
            a.alu(MAX, contribution, contribution, FAIR);
            a.jump("addUnsatisfied");
            a.label("notHeld");
        }
        a.branch(HxBranchCond.GT, contribution, FAIR, "addUnsatisfied");
        if (summedHold()) {
            a.label("settle");
        }
        removeWeight(a, Words.R_UNSATISFIED_WEIGHT, Words.R_UNSATISFIED_GUARANTEE);
        a.alu(ADD, parent(Words.R_SATISFIED_RATE), parent(Words.R_SATISFIED_RATE), contribution);
        a.mov(state(Words.S_SATISFIED), imm(1));
        a.jump("stored");
        a.label("addUnsatisfied");
        a.alu(ADD, parent(Words.R_UNSATISFIED_DEMAND), parent(Words.R_UNSATISFIED_DEMAND), contribution);
        a.mov(state(Words.S_SATISFIED), imm(0));
        a.label("stored");
        if (algo.keepsExcess()) {
            a.alu(SUB, old, state(Words.S_RATE), state(Words.S_DEMAND));
            a.alu(SUB, parent(Words.R_EXCESS), parent(Words.R_EXCESS), old);
            a.alu(SUB, old, RATE, contribution);
            a.alu(ADD, parent(Words.R_EXCESS), parent(Words.R_EXCESS), old);
        }
        a.mov(state(Words.S_DEMAND), contribution);
        a.mov(state(Words.S_RATE), RATE);
    }

    /** The parent's fair share after this node's transition, kept in its registers. */
    private void fairShareUpdate(BlockAssembler a) {
        fairShare(a, scratch(0));
    }

    /** The node's own B for its children: its fair rate f, or min(f, R) with {@link PassDown#SHARE_OR_DEMAND}. */
    private void passDown(BlockAssembler a) {
        if (algo.passDown() == PassDown.SHARE_OR_DEMAND) {
            a.alu(MIN, self(Words.R_BANDWIDTH), FAIR, RATE);
        } else {
            a.mov(self(Words.R_BANDWIDTH), FAIR);
        }
        a.mov(TAG, param(Words.P_TAG));
    }

    /** Drop with probability p = (R - f) / R, by the options' {@link DropDraw}. */
    private void dropDecision(BlockAssembler a, String keep, HxOperand claim) {
        if (hold()) {
            heldDropDecision(a, keep, claim);
        } else {
            dropDraw(a, keep);
        }
        a.emit(ApplyActions.of(DropAction.of(opts.dropReason())));
    }

    private boolean hold() {
        return !algo.responsiveHold().isZero();
    }

    /**
     * The summed hold (HsdbaCompiler.checkHold admits it and the plain one): a held node claims
     * min(f, R) as of its drop, the hold stays on the dropped node, and its mark climbs to raise
     * its ancestors' demands to their children's reported ones.
     */
    private boolean summedHold() {
        return hold() && algo.holdClaim();
    }

    /** The summed hold's mark climbs one level per packet without holding anyone: MARK@parent := max(it, MARK@self). */
    private void holdMarkUp(BlockAssembler a) {
        a.alu(MAX, parent(Words.R_HOLD_MARK), parent(Words.R_HOLD_MARK), self(Words.R_HOLD_MARK));
    }

    /**
     * The responsive hold's part of a node that is not at the deepest level: its children's drops
     * marked its register slot (R_HOLD_MARK@self); it takes that into its own hold and marks its
     * parent's slot in turn, so a drop's hold climbs one level per packet (a block can only address
     * its own and its parent's registers).
     */
    private void holdMark(BlockAssembler a) {
        a.alu(MAX, state(Words.S_HOLD_END), state(Words.S_HOLD_END), self(Words.R_HOLD_MARK));
        a.alu(MAX, parent(Words.R_HOLD_MARK), parent(Words.R_HOLD_MARK), state(Words.S_HOLD_END));
    }

    /**
     * The drop decision with the responsive hold {@code H} (HsdbaKernel.heldDrops in the kernel),
     * falling through to drop, else jumping to {@code keep}. Not held (TIME &gt;= HOLD_END): an empty
     * bank (CLOCK := TIME) and the independent draw. Held: CLOCK := max(CLOCK, TIME - H/8) (the
     * bank, f (TIME - CLOCK) bytes, holds at most f H/8); cost := MULDIV(L, 10^9, f); a packet the
     * bank pays for (CLOCK + cost &lt;= TIME) passes and is charged; any other is drawn for, and if it
     * passes it is charged too, down to a debt of f H/8 (CLOCK &lt;= TIME + H/8). A drop below the
     * node's peak (f &lt; l) sets HOLD_END := TIME + H and marks the parent's slot with it.
     */
    private void heldDropDecision(BlockAssembler a, String keep, HxOperand claim) {
        if (summedHold()) {
            summedHoldDropDecision(a, keep, claim);
            return;
        }
        long h = algo.responsiveHold().toNanos();
        long eighth = h >> HsdbaKernel.HOLD_BANK_SHIFT;
        HxOperand clock = state(Words.S_BANK_CLOCK);
        HxOperand end = state(Words.S_HOLD_END);
        HxOperand cost = scratch(1);
        HxOperand x = scratch(2);
        HxOperand rand = scratch(3);
        // One RAND per packet, used or not: the stream's position depends on the packets alone.
        a.mov(rand, HxOperand.rand());
        a.branch(HxBranchCond.LT, HxOperand.time(), end, "held");
        a.mov(clock, HxOperand.time());
        independentDraw(a, rand, keep);
        a.jump("holdDrop");
        a.label("held");
        chargeBank(a, clock, cost, x, eighth, keep, "heldDraw");
        independentDraw(a, rand, "heldPass");
        a.jump("holdDrop");
        a.label("heldPass");
        a.alu(ADD, x, HxOperand.time(), imm(eighth));
        a.alu(MIN, clock, cost, x);
        a.jump(keep);
        a.label("holdDrop");
        if (algo.peakCap()) {
            // A drop by the node's own peak (f = l) starts no hold (HsdbaKernel.heldDrops).
            a.branch(HxBranchCond.GE, FAIR, param(Words.P_PEAK), "holdDropped");
        }
        a.alu(ADD, end, HxOperand.time(), imm(h));
        a.mov(parent(Words.R_HOLD_MARK), end);
        a.label("holdDropped");
    }

    /**
     * A held node's bank: the clock is kept within H/8 behind TIME, the packet costs L/f of it; if
     * the bank can pay (clock + cost <= TIME) the packet is charged and kept, else the block goes on
     * at {@code unpaid} with the cost in {@code cost}.
     */
    private static void chargeBank(BlockAssembler a, HxOperand clock, HxOperand cost, HxOperand x, long eighth,
                                   String keep, String unpaid) {
        a.alu(SUB, x, HxOperand.time(), imm(eighth));
        a.alu(MAX, clock, clock, x);
        a.alu(MULDIV, cost, LENGTH, imm(FixedPoint.NANOS_PER_SECOND), FAIR);
        a.alu(ADD, cost, clock, cost);
        a.branch(HxBranchCond.GT, cost, HxOperand.time(), unpaid);
        a.mov(clock, cost);
        a.jump(keep);
        a.label(unpaid);
    }

    /**
     * The summed hold's drop decision (HsdbaKernel.heldDrops), falling through to drop, else jumping
     * to {@code keep}. Not held: the options' draw (the stratified one keeps its credit in CLOCK's
     * word and OWED in CLAIM's, reset to 0 with HOLD_END at the first packet after a hold; the
     * independent one draws a RAND per packet and keeps CLOCK := TIME). Held: the bank as in the
     * plain hold; a packet it cannot pay for is drawn for (one RAND per held packet) with the
     * independent draw, and dropped while R &gt; f with the stratified one. A drop below the peak
     * (f &lt; l) starts or extends the hold: CLAIM := min(f, R) and HOLD_END := TIME + H if that is
     * later, CLOCK := TIME (an empty bank) if the node was not held, and the parent's slot is
     * marked with HOLD_END.
     */
    private void summedHoldDropDecision(BlockAssembler a, String keep, HxOperand claim) {
        long h = algo.responsiveHold().toNanos();
        long eighth = h >> HsdbaKernel.HOLD_BANK_SHIFT;
        HxOperand clock = state(Words.S_BANK_CLOCK);
        HxOperand end = state(Words.S_HOLD_END);
        HxOperand cost = scratch(1);
        HxOperand x = scratch(2);
        HxOperand rand = scratch(3);
        boolean stratified = algo.dropDraw() == DropDraw.STRATIFIED;
        a.branch(HxBranchCond.LT, HxOperand.time(), end, "held");
        if (stratified) {
            a.branch(HxBranchCond.EQ, end, imm(0), "unheldDraw");
            a.mov(end, imm(0));
            a.mov(clock, imm(0));
            a.mov(claim, imm(0));
            a.label("unheldDraw");
            // Not held: CLOCK's word is the credit, CLAIM's the owed point.
            stratifiedDraw(a, clock, claim, keep);
        } else {
            a.mov(rand, HxOperand.rand());
            a.mov(clock, HxOperand.time());
            independentDraw(a, rand, keep);
        }
        if (algo.peakCap()) {
            // A drop by the node's own peak (f = l) starts no hold (HsdbaKernel.heldDrops).
            a.branch(HxBranchCond.GE, FAIR, param(Words.P_PEAK), "holdDropped");
        }
        a.mov(clock, HxOperand.time());
        a.jump("holdStart");
        a.label("held");
        if (!stratified) {
            a.mov(rand, HxOperand.rand());
        }
        chargeBank(a, clock, cost, x, eighth, keep, "heldDraw");
        if (stratified) {
            // The bank alone (HsdbaKernel.heldDrops): what it cannot pay for is dropped while R > f.
            a.branch(HxBranchCond.LE, RATE, FAIR, "heldPass");
        } else {
            independentDraw(a, rand, "heldPass");
        }
        if (algo.peakCap()) {
            a.branch(HxBranchCond.GE, FAIR, param(Words.P_PEAK), "holdDropped");
        }
        a.jump("holdStart");
        a.label("heldPass");
        a.alu(ADD, x, HxOperand.time(), imm(eighth));
        a.alu(MIN, clock, cost, x);
        a.jump(keep);
        a.label("holdStart");
        a.alu(ADD, x, HxOperand.time(), imm(h));
        a.branch(HxBranchCond.LE, x, end, "holdMarked");
        a.alu(MIN, claim, FAIR, RATE);
        a.mov(end, x);
        a.label("holdMarked");
        a.alu(MAX, parent(Words.R_HOLD_MARK), parent(Words.R_HOLD_MARK), end);
        a.label("holdDropped");
    }

    /**
     * Falls through if the independent draw says drop, else jumps to {@code pass}: R &gt; f and
     * {@code rand} (32 random bits) &lt; (R - f) 2^32 / R.
     */
    private void independentDraw(BlockAssembler a, HxOperand rand, String pass) {
        HxOperand p = dropProbability(a, pass);
        a.branch(HxBranchCond.GE, rand, p, pass);
    }

    /**
     * Jumps to {@code keep} if R &lt;= f, else leaves p := floor((R - f) 2^32 / R) (Q32) in scratch
     * word 0 and returns it: the drop probability both draws start from.
     */
    private HxOperand dropProbability(BlockAssembler a, String keep) {
        HxOperand p = scratch(0);
        a.branch(HxBranchCond.LE, RATE, FAIR, keep);
        a.alu(SUB, p, RATE, FAIR);
        a.alu(MULDIV, p, p, imm(FixedPoint.Q32_ONE), RATE);
        return p;
    }

    /**
     * Falls through to drop, else jumps to {@code keep}. p := floor((R - f) 2^32 / R) (Q32). With
     * {@link DropDraw#INDEPENDENT}: drop iff RAND (32 bits) &lt; p. With {@link DropDraw#STRATIFIED}
     * (HsdbaKernel.creditDrops in doubles): CREDIT += p; a packet that completes a unit
     * (CREDIT &gt;= 2^32) takes 2^32 off and owes the next unit's drop at OWED := 2^32 - RAND,
     * dropping itself if the finished unit's OWED was not 0 yet; otherwise the packet drops iff
     * CREDIT + OWED &gt;= 2^32 (the credit reached the owed point), which sets OWED := 0.
     */
    private void dropDraw(BlockAssembler a, String keep) {
        if (algo.dropDraw() == DropDraw.INDEPENDENT) {
            independentDraw(a, HxOperand.rand(), keep);
            return;
        }
        stratifiedDraw(a, state(Words.S_DROP_CREDIT), state(Words.S_DROP_OWED), keep);
    }

    /** {@link DropDraw#STRATIFIED} (see {@link #dropDraw}) with its credit and owed point in the given state words. */
    private void stratifiedDraw(BlockAssembler a, HxOperand credit, HxOperand owed, String keep) {
        HxOperand p = dropProbability(a, keep);
        HxOperand reached = scratch(1);
        a.alu(ADD, credit, credit, p);
        a.branch(HxBranchCond.LT, credit, imm(FixedPoint.Q32_ONE), "creditCheck");
        a.alu(SUB, credit, credit, imm(FixedPoint.Q32_ONE));
        a.branch(HxBranchCond.EQ, owed, imm(0), "creditUnit");
        a.alu(SUB, owed, imm(FixedPoint.Q32_ONE), HxOperand.rand());
        a.jump("creditDrop");
        a.label("creditUnit");
        a.alu(SUB, owed, imm(FixedPoint.Q32_ONE), HxOperand.rand());
        a.label("creditCheck");
        a.alu(ADD, reached, credit, owed);
        a.branch(HxBranchCond.LT, reached, imm(FixedPoint.Q32_ONE), keep);
        a.mov(owed, imm(0));
        a.label("creditDrop");
    }

    /** By the entry's lookup param: no lookup, a plain lookup, or one that sends a join on a miss. */
    private void lookupDispatch(BlockAssembler a, int nextLevel) {
        int next = layout.globalId(layout.levelTable(nextLevel));
        a.branch(HxBranchCond.EQ, param(Words.P_LOOKUP), imm(Words.LOOKUP_NONE), "decide");
        a.branch(HxBranchCond.EQ, param(Words.P_LOOKUP), imm(Words.LOOKUP_PLAIN), "plainLookup");
        a.emit(new HxLookup(next, true, 0, opts.joinReason(), opts.joinHoldMs()));
        a.jump("decide");
        a.label("plainLookup");
        a.emit(new HxLookup(next, false, 0, opts.joinReason(), opts.joinHoldMs()));
        a.label("decide");
    }

    /**
     * The idle hook: the node leaves its parent's sums (its demand D if satisfied, else its weight;
     * its R - D from X) and active weight.
     */
    private void idleHook(BlockAssembler a) {
        HxOperand old = scratch(1);
        if (algo.keepsExcess()) {
            a.alu(SUB, old, state(Words.S_RATE), state(Words.S_DEMAND));
            a.alu(SUB, parent(Words.R_EXCESS), parent(Words.R_EXCESS), old);
        }
        a.branch(HxBranchCond.EQ, state(Words.S_SATISFIED), imm(0), "hookUnsatisfied");
        a.alu(SUB, parent(Words.R_SATISFIED_RATE), parent(Words.R_SATISFIED_RATE), state(Words.S_DEMAND));
        a.jump("hookActive");
        a.label("hookUnsatisfied");
        removeWeight(a, Words.R_UNSATISFIED_WEIGHT, Words.R_UNSATISFIED_GUARANTEE);
        a.alu(SUB, parent(Words.R_UNSATISFIED_DEMAND), parent(Words.R_UNSATISFIED_DEMAND), state(Words.S_DEMAND));
        a.label("hookActive");
        removeWeight(a, Words.R_ACTIVE_WEIGHT, Words.R_ACTIVE_GUARANTEE);
        fairShare(a, scratch(0));
    }

    // ---------------------------------------------------------------- shared pieces

    /**
     * The parent's fair share alpha = num / den from its sums: (B - S_rate) / U_weight; on
     * congestion the sets miss (S_rate &gt; B) restart with B / W_active; in guarantee+excess mode
     * (B - S_rate - G_unsat) / U_weight, restarting with (B - G_active) / W_active. den = 0 is +inf.
     */
    private void fairShare(BlockAssembler a, HxOperand over) {
        HxOperand free = scratch(1);
        HxOperand committed = excess ? scratch(2) : parent(Words.R_SATISFIED_RATE);
        if (excess) {
            a.alu(ADD, committed, parent(Words.R_SATISFIED_RATE), parent(Words.R_UNSATISFIED_GUARANTEE));
        }
        a.alu(SUB, free, parent(Words.R_BANDWIDTH), committed);
        if (!algo.congestionRestart()) {
            a.mov(parent(Words.R_ALPHA_NUM), free);
            a.mov(parent(Words.R_ALPHA_DEN), parent(Words.R_UNSATISFIED_WEIGHT));
            return;
        }
        a.alu(SUB, over, committed, parent(Words.R_BANDWIDTH));
        HxOperand restart = parent(Words.R_BANDWIDTH);
        if (excess) {
            restart = scratch(3);
            a.alu(SUB, restart, parent(Words.R_BANDWIDTH), parent(Words.R_ACTIVE_GUARANTEE));
        }
        a.alu(SELECT, parent(Words.R_ALPHA_NUM), over, restart, free);
        a.alu(SELECT, parent(Words.R_ALPHA_DEN), over, parent(Words.R_ACTIVE_WEIGHT), parent(Words.R_UNSATISFIED_WEIGHT));
    }

    /** dst := min(l, w * alpha_parent) (+ g in guarantee+excess mode, before the cap). */
    private void share(BlockAssembler a, HxOperand dst) {
        a.alu(MULDIV, dst, param(Words.P_WEIGHT), parent(Words.R_ALPHA_NUM), parent(Words.R_ALPHA_DEN));
        if (excess) {
            a.alu(ADD, dst, dst, param(Words.P_GUARANTEE));
        }
        if (algo.peakCap()) {
            a.alu(MIN, dst, dst, param(Words.P_PEAK));
        }
    }

    /** dst := min(x, l) with the peak cap, else x. */
    private void capped(BlockAssembler a, HxOperand dst, HxOperand x) {
        if (algo.peakCap()) {
            a.alu(MIN, dst, x, param(Words.P_PEAK));
        } else {
            a.mov(dst, x);
        }
    }

    private boolean warmUp(Estimator e) {
        return algo.warmUp() && e.kind() == Estimator.Kind.EWMA;
    }

    private void removeWeight(BlockAssembler a, int weightWord, int guaranteeWord) {
        a.alu(SUB, parent(weightWord), parent(weightWord), param(Words.P_WEIGHT));
        if (excess) {
            a.alu(SUB, parent(guaranteeWord), parent(guaranteeWord), param(Words.P_GUARANTEE));
        }
    }

    private ApplyActions output() {
        return ApplyActions.of(OutputAction.toPort(layout.egressPort()));
    }
}
