package org.hsdba.compiler;

/**
 * The word layouts the compiled program agrees on with itself (docs/hsdba-compiler.md section 2):
 * per-entry params (read-only, carried in HX_CALL_BLOCK), per-entry state words, per-parent
 * register words, and metadata bit fields. Units: rates in bytes/s, times in ns, weights in the
 * Q24 fixed point of {@link FixedPoint}.
 */
public final class Words {

    private Words() {
    }

    /** Param word: the node's weight, Q24. */
    public static final int P_WEIGHT = 0;
    /** Param word: peak rate l, bytes/s ({@link FixedPoint#UNLIMITED} if none or peak cap off). */
    public static final int P_PEAK = 1;
    /** Param word: EWMA time constant K, or the window length, ns. */
    public static final int P_PERIOD = 2;
    /** Param word: register word of the parent's block (its fair-share state). */
    public static final int P_PARENT_BASE = 3;
    /** Param word: register word of the node's own block (what it passes down); 0 at the deepest level. */
    public static final int P_SELF_BASE = 4;
    /** Param word: guaranteed rate g, bytes/s (guarantee+excess mode; 0 otherwise). */
    public static final int P_GUARANTEE = 5;
    /** Param word: the node's handle, written as the parent tag of the next level's lookup. */
    public static final int P_TAG = 6;
    /** Param word: 0 = no lookup below (a leaf), 1 = look up the next level, 2 = look up with join. */
    public static final int P_LOOKUP = 7;
    /** Number of param words. */
    public static final int PARAM_WORDS = 8;

    /** {@link #P_LOOKUP} values. */
    public static final long LOOKUP_NONE = 0;
    public static final long LOOKUP_PLAIN = 1;
    public static final long LOOKUP_JOIN = 2;

    /** State word: measured rate R, bytes/s. */
    public static final int S_RATE = 0;
    /** State word: last arrival (EWMA) or window start (window), ns. */
    public static final int S_TIME = 1;
    /** State word: 1 = satisfied, 0 = unsatisfied. */
    public static final int S_SATISFIED = 2;
    /** State word: bytes counted in the current window (window estimator). */
    public static final int S_WINDOW_BYTES = 3;
    /** State word: effective demand D the node last reported to its parent (bytes/s): min(l, R - X of its children). */
    public static final int S_DEMAND = 4;
    /** State word: time of the node's first packet since activation (EWMA warm-up), ns. */
    public static final int S_START = 5;
    /** State word (stratified drop draw): the node's drop credit within its current unit, Q32, below 2^32. */
    public static final int S_DROP_CREDIT = 6;
    /**
     * State word (stratified drop draw): 2^32 - u while the current unit's drop is owed (due once
     * the credit reaches u, a RAND drawn when the unit began), 0 once it is made.
     */
    public static final int S_DROP_OWED = 7;
    /**
     * State word (responsive hold, which draws independently, so words 6 and 7 are free): the
     * node counts as unsatisfied until this time, ns (0: never held).
     */
    public static final int S_HOLD_END = 6;
    /**
     * State word (responsive hold): the held node's bank as a clock, ns: the bank holds
     * {@code f * (TIME - clock)} bytes (HsdbaKernel.heldDrops).
     */
    public static final int S_BANK_CLOCK = 7;
    /**
     * State word (the summed hold: claim, no climb, sums; docs/hsdba-compiler.md section 5 item 11):
     * what the held node claims, bytes/s, min(f, R) at the drop that began or extended its hold; with
     * the stratified draw, the draw's OWED point while the node is not held (its credit is then in
     * {@link #S_BANK_CLOCK}'s word). With the EWMA the window estimator's byte count
     * ({@link #S_WINDOW_BYTES}); with the window estimator the warm-up's first-packet time
     * ({@link #S_START}, EWMA only). See {@link #holdClaimWord}.
     */
    public static int holdClaimWord(org.hsdba.model.Estimator e) {
        return e.kind() == org.hsdba.model.Estimator.Kind.EWMA ? S_WINDOW_BYTES : S_START;
    }

    /** State words the program needs per entry. */
    public static final int STATE_WORDS = 8;

    /** Register word (offset in a parent's block): allocatable bandwidth B, bytes/s. */
    public static final int R_BANDWIDTH = 0;
    /** Register word: sum of min(R, l) of satisfied children. */
    public static final int R_SATISFIED_RATE = 1;
    /** Register word: sum of weights of unsatisfied active children (Q24). */
    public static final int R_UNSATISFIED_WEIGHT = 2;
    /** Register word: sum of weights of active children (Q24). */
    public static final int R_ACTIVE_WEIGHT = 3;
    /** Register word: numerator of the fair share alpha = num / den (bytes/s). */
    public static final int R_ALPHA_NUM = 4;
    /** Register word: denominator of alpha (Q24 weight; 0 means +inf). */
    public static final int R_ALPHA_DEN = 5;
    /** Register word: sum of g of unsatisfied active children (guarantee+excess). */
    public static final int R_UNSATISFIED_GUARANTEE = 6;
    /** Register word: sum of g of active children (guarantee+excess). */
    public static final int R_ACTIVE_GUARANTEE = 7;
    /** Register word: sum over active children of R - D, the offered load their subtrees cannot use (bytes/s). */
    public static final int R_EXCESS = 8;
    /** Register word: sum of the effective demands D of unsatisfied active children (bytes/s). */
    public static final int R_UNSATISFIED_DEMAND = 9;
    /**
     * Register word (responsive hold): the latest hold end a child's drop set, ns; the slot's node
     * takes it into its own hold at its next packet and passes it up (0 without the hold).
     */
    public static final int R_HOLD_MARK = 10;
    /** Register words per parent block. */
    public static final int REGISTERS_PER_SLOT = 11;

    /** Metadata bits 0-15: the packet length (stock POF). */
    public static final int M_LENGTH = 0;
    public static final int M_LENGTH_BITS = 16;
    /** Metadata: the parent tag the level tables match on (32 bits). */
    public static final int M_TAG = 32;
    public static final int M_TAG_BITS = 32;
    /** Metadata: the deepest matched level's fair rate f (64 bits). */
    public static final int M_FAIR = 64;
    /** Metadata: the deepest matched level's measured rate R (64 bits). */
    public static final int M_RATE = 128;
    /** Metadata scratch words (64 bits each) from here on. */
    public static final int M_SCRATCH = 192;
    /** Number of 64-bit scratch words the programs use. */
    public static final int M_SCRATCH_WORDS = 8;
    /** Metadata, literal variant only: set to 1 by a level whose drop draw says drop (8 bits after the scratch words). */
    public static final int M_DROP_MARK = M_SCRATCH + 64 * M_SCRATCH_WORDS;
    public static final int M_DROP_MARK_BITS = 8;
}
