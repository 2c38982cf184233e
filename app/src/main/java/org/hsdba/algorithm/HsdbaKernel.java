package org.hsdba.algorithm;

import java.util.Objects;
import java.util.function.DoubleSupplier;

import org.hsdba.model.Estimator;

/**
 * The per-packet HSDBA algorithm (hsdba-algorithm.md section 3) in doubles: bytes/s and ns.
 * Stateless; every call reads and updates the caller's {@link KernelState}. For a packet of
 * {@code L} bytes at time {@code t} whose deepest matched node is {@code v}, for each node on the
 * path top-down:
 * <ol>
 * <li>activation: a node that was inactive joins its parent's sums as unsatisfied (and, with the
 *     EWMA, starts a fresh estimate);</li>
 * <li>rate measurement (EWMA {@code R <- (1 - e^(-T/K)) L/T + e^(-T/K) R}; with the warm-up, while
 *     the time {@code E} since the node's first packet is below {@code K}, the bytes since that
 *     first packet over {@code max(E, K/8)}, so the estimate is usable from the first packets
 *     instead of ramping from 0 over about 3 K; or a window counter);</li>
 * <li>effective demand: {@code D = min(l, R - X)} where {@code X} is the sum over the node's active
 *     children of {@code R_c - D_c}, the part of their offered load that their subtrees cannot use
 *     (peaks below); a node without children has {@code D = min(l, R)};</li>
 * <li>the node competes: its old contribution leaves the parent's sums and its weight joins the
 *     unsatisfied ones; its fair rate is then
 *     {@code f = min(l, max(w * alpha_parent, B - S_rate - U_demand))} (or {@code g + w * alpha_ex}
 *     for the first term in guarantee+excess mode), {@code alpha_parent} from the parent's sums
 *     ({@link #fairShare}: restart on congestion, never negative) and {@code U_demand} the other
 *     unsatisfied children's demands;</li>
 * <li>state: satisfied iff {@code D <= f}; a satisfied node's weight leaves the unsatisfied sum
 *     again and it contributes {@code D}, an unsatisfied one adds {@code D} to {@code U_demand};
 *     the parent's {@code X} gains {@code R - D};</li>
 * <li>pass the allocation down: the node's own {@code B = f}, or {@code min(f, R)} as section 3
 *     writes it ({@link PassDown});</li>
 * <li>drop decision with {@code p = max(0, 1 - f/R)}: at the deepest node only, or at every level
 *     with {@link DropRule#EVERY_LEVEL} (every level still measures the packet, as the paper's
 *     Algorithm 1 runs all levels before acting; it is dropped if any level's draw says so); by
 *     the node's stratified credit (one drop per unit of accumulated {@code p}, at a random point
 *     of the unit) or an independent draw per packet ({@link DropDraw}).</li>
 * </ol>
 * Idle nodes leave their parent's sums {@code idleTimeout} after their last packet; this is
 * checked lazily before each packet and by {@link #advanceTime}. With {@link KernelOptions#aging()}
 * estimates also age with time: a node that sees no packet for its aging gap
 * {@code max(AGE_GAPS * L / R, K/8)} (eight of its own mean packet gaps, at least an eighth of K)
 * leaves its parent's sums the same way but is only <em>aged</em>, not idle: its idle clock keeps
 * running, and its next packet puts it back with a fresh estimate (the warm-up restart, as from
 * idle; docs/hsdba-compiler.md section 5 item 8). So a stopped class hands its share to its siblings within a few of its own packet gaps
 * instead of at the idle timeout.
 * With {@link KernelOptions#responsiveHold()} {@code H} (off by default; docs/hsdba-compiler.md
 * section 5 item 11): a node whose packet was dropped within {@code H} counts as unsatisfied with a
 * demand of at least its fair rate (or, with {@link KernelOptions#holdClaim()}, at least its claim),
 * and may pass from a bank what it left unused of {@code f} ({@link #heldDrops}), so that AIMD
 * senders average their share (docs/evaluation/issue-14). A drop holds the dropping node and marks
 * its parent's slot; each node takes its slot's mark into its hold and marks its own parent's slot
 * at its packets (with {@link KernelOptions#holdClimbs()} off the mark climbs without holding, and
 * with {@link KernelOptions#holdSums()} raises its ancestors' demands to their children's).
 */
public final class HsdbaKernel {

    private final KernelTree tree;
    private final KernelOptions options;
    private final long idleNanos;
    private final long holdNanos;
    private final Estimator[] estimators;

    public HsdbaKernel(KernelTree tree, KernelOptions options) {
        this.tree = Objects.requireNonNull(tree, "tree");
        // A derived K (the default) takes this tree's port capacity.
        this.options = Objects.requireNonNull(options, "options").forCapacity(tree.tree().capacity().bps());
        this.idleNanos = this.options.idleTimeout().toNanos();
        this.holdNanos = this.options.responsiveHold().toNanos();
        this.estimators = new Estimator[tree.tree().levels().size() + 1];
        for (int level = 1; level < estimators.length; level++) {
            estimators[level] = this.options.estimator(level);
        }
    }

    public KernelTree tree() {
        return tree;
    }

    public KernelOptions options() {
        return options;
    }

    /**
     * Processes one packet whose deepest matched node is {@code deepest} (-1: no node matched; the
     * packet is forwarded unenforced, as the port has no drop decision of its own).
     *
     * @param uniform uniform numbers in [0, 1) for the drop decisions
     */
    public PacketVerdict onPacket(KernelState s, int deepest, int lengthBytes, long tNanos, DoubleSupplier uniform) {
        if (lengthBytes <= 0) {
            throw new IllegalArgumentException("packet length must be positive, got " + lengthBytes);
        }
        if (deepest < -1 || deepest >= tree.size() || (deepest >= 0 && !tree.installed(deepest))) {
            throw new IllegalArgumentException("node " + deepest + " is not an installed node of " + tree.tree());
        }
        if (tNanos >= s.nextExpiryScan) {
            advanceTime(s, tNanos);
        }
        if (deepest < 0) {
            return new PacketVerdict(true, -1, Double.POSITIVE_INFINITY, 0);
        }
        int[] path = tree.pathOf(deepest);
        double f = 0;
        double r = 0;
        int droppedAt = -1;
        double droppedF = 0;
        double droppedR = 0;
        for (int k = 0; k < path.length; k++) {
            int v = path[k];
            int p = KernelTree.slotOf(tree.parent(v));
            activate(s, v, p, k + 1, tNanos);
            double oldRate = s.rate[v];
            double oldDemand = s.demand[v];
            r = measure(s, v, k + 1, lengthBytes, tNanos);
            if (options.aging()) {
                s.ageNanos[v] = ageGap(lengthBytes, r, estimators[k + 1].period().toNanos());
                s.nextExpiryScan = Math.min(s.nextExpiryScan, ageExpiry(s, v));
            }
            boolean extended = false;
            if (holdNanos > 0) {
                // A drop marks only the dropping node and its parent's slot (all a level block can
                // address); each node takes its children's mark into its own hold and passes it up
                // at its packets, so the hold reaches every ancestor within a packet per level.
                long mark = s.holdMark[KernelTree.slotOf(v)];
                if (options.holdClimbs()) {
                    extended = mark > s.holdUntil[v];
                    s.holdUntil[v] = Math.max(s.holdUntil[v], mark);
                    s.holdMark[p] = Math.max(s.holdMark[p], s.holdUntil[v]);
                } else if (options.holdSums()) {
                    // The mark climbs without holding: it says a descendant is held until then.
                    s.holdMark[p] = Math.max(s.holdMark[p], mark);
                }
            }
            double d = demandOf(s, v, r);
            if (holdNanos > 0 && options.holdSums() && k + 1 < estimators.length - 1
                    && tNanos < s.holdMark[KernelTree.slotOf(v)]) {
                // While a descendant is held: its children's reported demands, held ones at their
                // claims (a node above the deepest level has a register slot in the program; a node
                // without children has nothing marked there).
                int own = KernelTree.slotOf(v);
                d = Math.max(d, capped(v, s.satisfiedRate[own] + s.unsatisfiedDemand[own]));
            }
            // The node competes: its old contribution out, its weight in, then its fair rate.
            compete(s, v, p, oldDemand);
            f = fairRate(s, v, p);
            // A held node (dropped within the hold time) stays unsatisfied and demands at least its f:
            // a responsive sender's trough after a loss is its reaction, not a lower demand.
            boolean held = holdNanos > 0 && tNanos < s.holdUntil[v];
            if (held && options.holdRelease()) {
                held = keepsHold(s, v, k == path.length - 1, extended, lengthBytes, f, tNanos);
            }
            boolean nowSatisfied;
            if (held && options.holdClaim()) {
                if (extended) {
                    s.holdClaim[v] = Math.min(f, d);
                }
                // Held at what it carried: satisfied with that demand unless it claims its whole f
                // (counted unsatisfied, a held node's weight would take w * alpha whatever it claims).
                d = Math.max(d, Math.min(f, s.holdClaim[v]));
                nowSatisfied = d < f;
            } else {
                if (held) {
                    d = Math.max(d, f);
                }
                nowSatisfied = d <= f && !held;
            }
            if (nowSatisfied) {
                settle(s, v, p, d);
            } else {
                s.unsatisfiedDemand[p] += d;
            }
            if (options.keepsExcess()) {
                // R - D is never negative but for a held node (D raised to f): it counts as 0 there.
                s.excess[p] = Math.max(0, s.excess[p] - Math.max(0, oldRate - oldDemand) + Math.max(0, r - d));
            }
            s.demand[v] = d;
            s.bandwidth[KernelTree.slotOf(v)] = options.passDown() == PassDown.SHARE ? f : Math.min(f, r);
            // Literal reading: every level measures the packet and draws its own decision; the
            // packet survives only if every level lets it pass (survival probabilities multiply).
            if (options.dropRule() == DropRule.EVERY_LEVEL && drops(s, v, f, r, uniform) && droppedAt < 0) {
                droppedAt = v;
                droppedF = f;
                droppedR = r;
            }
        }
        if (options.dropRule() == DropRule.EVERY_LEVEL) {
            count(s, path, path.length - 1, lengthBytes, droppedAt < 0);
            return droppedAt < 0 ? new PacketVerdict(true, deepest, f, r)
                    : new PacketVerdict(false, droppedAt, droppedF, droppedR);
        }
        boolean forwarded = holdNanos > 0
                ? !heldDrops(s, deepest, KernelTree.slotOf(tree.parent(deepest)), f, r, lengthBytes, tNanos, uniform)
                : !drops(s, deepest, f, r, uniform);
        count(s, path, path.length - 1, lengthBytes, forwarded);
        return new PacketVerdict(forwarded, deepest, f, r);
    }

    /**
     * Deactivates every node idle for at least the idle timeout at {@code tNanos} (no-op when
     * inactive-weight removal is off). A deactivated node leaves its parent's sums: its rate if it
     * was satisfied, else its weight; its state is kept for its next packet.
     */
    public void advanceTime(KernelState s, long tNanos) {
        if (!options.removeInactiveWeights()) {
            s.nextExpiryScan = Long.MAX_VALUE;
            return;
        }
        long next = Long.MAX_VALUE;
        for (int v = 0; v < tree.size(); v++) {
            if (!s.active[v] && !s.aged[v]) {
                continue;
            }
            long idle = s.lastHit[v] + idleNanos;
            if (s.active[v]) {
                long age = ageExpiry(s, v);
                if (age < idle && age <= tNanos) {
                    // Aged: out of the parent's sums, the idle clock still running.
                    deactivate(s, v, KernelTree.slotOf(tree.parent(v)));
                    s.aged[v] = true;
                } else if (idle <= tNanos) {
                    deactivate(s, v, KernelTree.slotOf(tree.parent(v)));
                    continue;
                } else {
                    next = Math.min(next, Math.min(age, idle));
                    continue;
                }
            }
            if (idle <= tNanos) {
                s.aged[v] = false;
            } else {
                next = Math.min(next, idle);
            }
        }
        s.nextExpiryScan = next;
    }

    /** When an active node ages out: its last packet plus its aging gap (MAX_VALUE: never). */
    private static long ageExpiry(KernelState s, int v) {
        long gap = s.ageNanos[v];
        long at = s.lastHit[v] + gap;
        return gap == Long.MAX_VALUE || at < s.lastHit[v] ? Long.MAX_VALUE : at;
    }

    /** The aging gap is this many of the node's mean packet gaps {@code L / R}. */
    public static final int AGE_GAPS = 8;

    /**
     * The aging gap of a node after a packet of {@code len} bytes with estimate {@code r} bytes/s
     * and estimator period {@code k} ns: {@code max(AGE_GAPS * L / R, K/8 + 1)} ns, as the
     * compiled program computes it ({@code MULDIV(L, AGE_GAPS * 10^9, R)}, floored); none while
     * {@code R} is 0.
     */
    public static long ageGap(int len, double r, long k) {
        long floor = (k >> WARM_UP_FLOOR_SHIFT) + 1;
        long rate = (long) Math.floor(r);
        if (rate <= 0) {
            return Long.MAX_VALUE;
        }
        double gap = Math.floor(len * (AGE_GAPS * 1e9) / rate);
        return gap >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.max((long) gap, floor);
    }

    /**
     * The fair share {@code alpha} of a parent slot (bytes/s per unit of weight; in
     * guarantee+excess mode the excess share {@code alpha_ex}) from its current sums:
     * {@code (B - S_rate) / U_weight}; +inf when no child is unsatisfied and {@code S_rate <= B};
     * on congestion that the sets miss ({@code S_rate > B}) the water-filling restarts with
     * {@code B / (sum of active weights)}; never negative.
     */
    public double fairShare(KernelState s, int slot) {
        double b = s.bandwidth[slot];
        if (tree.guaranteeExcess()) {
            double committed = s.satisfiedRate[slot] + s.unsatisfiedGuarantee[slot];
            if (options.congestionRestart() && committed > b) {
                return share(b - s.activeGuarantee[slot], s.activeWeight[slot]);
            }
            return share(b - committed, s.unsatisfiedWeight[slot]);
        }
        if (options.congestionRestart() && s.satisfiedRate[slot] > b) {
            return share(b, s.activeWeight[slot]);
        }
        return share(b - s.satisfiedRate[slot], s.unsatisfiedWeight[slot]);
    }

    /** The warm-up's time since the first packet is at least K / 2^this (+ 1 ns). */
    public static final int WARM_UP_FLOOR_SHIFT = 3;

    /** Sums of doubles leave residues: below this a weight sum counts as zero. */
    private static final double ZERO_WEIGHT = 1e-9;

    private static double share(double free, double weight) {
        if (weight <= ZERO_WEIGHT) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(0, free) / weight;
    }

    /** {@code max(0, 1 - f/R)}; 0 when {@code R <= f} (including R = 0). */
    static double dropProbability(double f, double r) {
        return r <= f ? 0 : 1 - f / r;
    }

    /** The drop decision of node {@code v} at {@code p = max(0, 1 - f/R)}, by the options' {@link DropDraw}. */
    private boolean drops(KernelState s, int v, double f, double r, DoubleSupplier uniform) {
        double p = dropProbability(f, r);
        if (p <= 0) {
            return false;
        }
        if (options.dropDraw() == DropDraw.INDEPENDENT) {
            return uniform.getAsDouble() < p;
        }
        return creditDrops(s, v, p, uniform);
    }

    /** With {@link KernelOptions#responsiveHold()} {@code H}, a held node's bank holds at most its f over H / 2^this. */
    public static final int HOLD_BANK_SHIFT = 3;

    /**
     * The drop decision with {@link KernelOptions#responsiveHold()} {@code H}, as the compiled
     * program makes it (LevelBlocks.heldDropDecision), in integer ns. While a node is held its bank
     * fills at its fair rate {@code f}, kept as a clock {@code V}: the bank holds {@code f (t - V)}
     * bytes, at most {@code f H/8} ({@code V >= t - H/8}). A packet the bank can pay for
     * ({@code V + L/f <= t}) passes without a draw; any other is judged by the drop draw, and if it
     * passes it is charged all the same, down to a debt of {@code f H/8} ({@code V <= t + H/8}). So
     * a responsive sender may pass, above {@code f}, what its trough after a loss left unused, and its
     * sawtooth averages {@code f} instead of peaking at it. A node that is not held keeps an empty
     * bank ({@code V = t}). A drop below the node's peak ({@code f < l}) (re)starts the node's hold
     * and marks its parent's slot, from which the hold climbs to every ancestor (onPacket).
     */
    private boolean heldDrops(KernelState s, int v, int parentSlot, double f, double r, int len, long t,
                              DoubleSupplier uniform) {
        long eighth = holdNanos >> HOLD_BANK_SHIFT;
        boolean held = t < s.holdUntil[v];
        // With the stratified draw a held node's bank alone decides (a packet it cannot pay for is
        // dropped while R > f): the bank bounds its passed bytes to f t within f H/8 without the
        // draw's noise. An independent draw there, whose shortfalls the bank banked and paid back,
        // let a leaf held far above its share pass 1-3 % above it over seconds (random tree 6).
        boolean policed = options.dropDraw() == DropDraw.STRATIFIED;
        // Independent draws take one number per packet, drawn or not, as the program does: the
        // switch's random stream then stays aligned with a kernel fed from it (KernelAgreementTest).
        DoubleSupplier draw = uniform;
        if (options.dropDraw() == DropDraw.INDEPENDENT) {
            double u = uniform.getAsDouble();
            draw = () -> u;
        }
        if (!held) {
            if (s.holdUntil[v] != 0 && options.dropDraw() == DropDraw.STRATIFIED && !options.holdClimbs()) {
                // The hold ran out: the program (which compiles the stratified draw with a hold that
                // does not climb) kept it in the credit's words (bank clock and claim), which start
                // afresh, owing nothing; its hold end reads 0 again. (A climbing hold re-marks past
                // ends from below, so the kernel keeps its credit apart there.)
                s.holdUntil[v] = 0;
                s.dropCredit[v] = 0;
                s.dropOwed[v] = 0;
                s.holdClaim[v] = 0;
            }
            s.bankClock[v] = t;
            if (!drops(s, v, f, r, draw)) {
                return false;
            }
        } else {
            long clock = Math.max(s.bankClock[v], Math.max(0, t - eighth));
            long paid = saturatedAdd(clock, bankCost(len, f));
            if (paid <= t) {
                s.bankClock[v] = paid;
                return false;
            }
            if (policed ? r <= f : !drops(s, v, f, r, draw)) {
                s.bankClock[v] = Math.min(paid, saturatedAdd(t, eighth));
                return false;
            }
            s.bankClock[v] = clock;
        }
        // Only a drop by the share starts a hold: one by the node's own peak (f = l) says nothing
        // about a responsive trough, and holding its ancestors would claim shares their subtrees
        // cannot use (issue 14's peak below a congested node).
        if (f < tree.peak(v) || !options.peakCap()) {
            long end = saturatedAdd(t, holdNanos);
            if (end > s.holdUntil[v] && options.holdClaim()) {
                s.holdClaim[v] = Math.min(f, r);
            }
            s.holdUntil[v] = Math.max(s.holdUntil[v], end);
            if (options.holdClimbs() || options.holdSums()) {
                s.holdMark[parentSlot] = Math.max(s.holdMark[parentSlot], s.holdUntil[v]);
            }
        }
        return true;
    }

    /**
     * {@link KernelOptions#holdRelease()}: whether held node {@code v} stays held at this packet.
     * The deepest node's bank is the one its drop decisions keep ({@link #heldDrops}); once it is
     * full the hold ends there. An ancestor's bank starts empty when a drop below extends its hold
     * and is charged each packet it carries; once full it is released (not charged any more, so it
     * stays full) until the next extension: its held children re-mark its slot at their packets,
     * so its hold end alone cannot say it was released.
     */
    private boolean keepsHold(KernelState s, int v, boolean deepest, boolean extended, int len, double f, long t) {
        long eighth = holdNanos >> HOLD_BANK_SHIFT;
        if (deepest) {
            if (s.bankClock[v] <= t - eighth) {
                s.holdUntil[v] = t;
                return false;
            }
            return true;
        }
        if (extended) {
            s.bankClock[v] = t;
        }
        if (s.bankClock[v] <= t - eighth) {
            return false;
        }
        s.bankClock[v] = Math.min(saturatedAdd(s.bankClock[v], bankCost(len, f)), saturatedAdd(t, eighth));
        return true;
    }

    /**
     * What a packet of {@code len} bytes costs a bank filled at {@code f} bytes/s, ns:
     * {@code floor(L 10^9 / floor(f))} as the program's MULDIV computes it; f below 1 B/s costs
     * "forever" ({@link Long#MAX_VALUE}, MULDIV's divide-by-zero).
     */
    static long bankCost(int len, double f) {
        double rate = Math.floor(f);
        if (!(rate >= 1)) {
            return Long.MAX_VALUE;
        }
        return (long) Math.floor(len * 1e9 / rate);
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < a ? Long.MAX_VALUE : sum;
    }

    /**
     * {@link DropDraw#STRATIFIED}, as the compiled program does it in Q32 (LevelBlocks.dropDraw):
     * the credit gains {@code p}; a packet that completes a unit starts the next one, owed at a
     * fresh uniform point {@code u} (kept as {@code 1 - u}, so that 0 means "made"), and is itself
     * dropped if the finished unit's drop was still owed; otherwise a packet is dropped when the
     * credit reaches the owed point.
     */
    private static boolean creditDrops(KernelState s, int v, double p, DoubleSupplier uniform) {
        double credit = s.dropCredit[v] + p;
        if (credit >= 1) {
            credit -= 1;
            s.dropCredit[v] = credit;
            boolean owed = s.dropOwed[v] > 0;
            s.dropOwed[v] = 1 - uniform.getAsDouble();
            if (owed) {
                return true;
            }
        } else {
            s.dropCredit[v] = credit;
        }
        if (credit + s.dropOwed[v] >= 1) {
            s.dropOwed[v] = 0;
            return true;
        }
        return false;
    }

    /**
     * The fair rate f of node {@code v}, called while it competes (counted unsatisfied, its demand
     * not in the sums): the larger of its weighted share {@code w * alpha} and what is left of
     * {@code B} once every other active child has its demand ({@code B - S_rate - U_demand}),
     * capped at its peak. Both are lower bounds of the rate water-filling would give {@code v} with
     * the siblings' states as they stand; the second covers a sibling still marked unsatisfied
     * whose demand is below its share (it was judged at a moment of congestion and has not sent
     * since): its weight alone would hold {@code v} to {@code w * alpha} and leave capacity unused.
     */
    private double fairRate(KernelState s, int v, int p) {
        double alpha = fairShare(s, p);
        double w = tree.weight(v);
        double share = Double.isInfinite(alpha) ? alpha : w * alpha;
        if (tree.guaranteeExcess()) {
            share += tree.guarantee(v);
        }
        double left = s.bandwidth[p] - s.satisfiedRate[p] - s.unsatisfiedDemand[p];
        return capped(v, Math.max(share, left));
    }

    /**
     * What the node's subtree can use of its measured rate {@code r}: {@code r} less its children's
     * unusable load, capped at its peak. With {@link KernelOptions#subtreeDemand()} off, the raw
     * {@code min(R, l)} of the original algorithm.
     */
    private double demandOf(KernelState s, int v, double r) {
        if (!options.subtreeDemand()) {
            return capped(v, r);
        }
        int own = KernelTree.slotOf(v);
        if (options.childDemand() && s.activeChildren[own] > 0) {
            // The children's estimates follow a start or stop within their own packet gaps; this
            // node's EWMA would lag it by about K (KernelOptions.childDemand).
            return capped(v, s.satisfiedRate[own] + s.unsatisfiedDemand[own]);
        }
        // Without active children X is 0 (each child took its R - D out as it left); not kept at all
        // with the children's demands.
        return capped(v, Math.max(0, r - s.excess[own]));
    }

    private double capped(int v, double x) {
        return options.peakCap() ? Math.min(x, tree.peak(v)) : x;
    }

    private void activate(KernelState s, int v, int p, int level, long t) {
        s.lastHit[v] = t;
        if (s.active[v]) {
            return;
        }
        s.aged[v] = false;
        s.active[v] = true;
        s.satisfied[v] = false;
        // Back from idle or from aging alike the estimate restarts (see LevelBlocks.activation).
        if (options.warmUp() && estimators[level].kind() == Estimator.Kind.EWMA) {
            // A fresh estimate: the old one is stale after an idle period, and a new node has none.
            s.rate[v] = 0;
            s.lastArrival[v] = t;
            s.warmStart[v] = t;
        }
        // The parent's X lost this node's R - D when it went inactive; start from no excess.
        s.demand[v] = s.rate[v];
        s.unsatisfiedDemand[p] += s.demand[v];
        s.unsatisfiedWeight[p] += tree.weight(v);
        s.activeWeight[p] += tree.weight(v);
        s.activeChildren[p]++;
        s.unsatisfiedGuarantee[p] += tree.guarantee(v);
        s.activeGuarantee[p] += tree.guarantee(v);
        if (options.removeInactiveWeights()) {
            s.nextExpiryScan = Math.min(s.nextExpiryScan, t + idleNanos);
        }
    }

    private void deactivate(KernelState s, int v, int p) {
        s.aged[v] = false;
        removeContribution(s, v, p, s.demand[v]);
        if (options.keepsExcess()) {
            s.excess[p] = Math.max(0, s.excess[p] - Math.max(0, s.rate[v] - s.demand[v]));
        }
        s.activeWeight[p] = Math.max(0, s.activeWeight[p] - tree.weight(v));
        s.activeChildren[p]--;
        s.activeGuarantee[p] = Math.max(0, s.activeGuarantee[p] - tree.guarantee(v));
        s.active[v] = false;
    }

    private double measure(KernelState s, int v, int level, int len, long t) {
        Estimator e = estimators[level];
        if (e.kind() == Estimator.Kind.EWMA) {
            long gap = t - s.lastArrival[v];
            s.lastArrival[v] = t;
            if (gap > 0) {
                long k = e.period().toNanos();
                long elapsed = t - s.warmStart[v];
                if (options.warmUp() && elapsed < k) {
                    // Bytes since the first packet over the time since, that time floored at K/8 so
                    // that a burst's first gaps do not read as its line rate (an overestimate drops).
                    long floor = (k >> WARM_UP_FLOOR_SHIFT) + 1;
                    double m = Math.max(elapsed, floor);
                    double before = Math.max(elapsed - gap, floor);
                    s.rate[v] = len * 1e9 / m + s.rate[v] * before / m;
                } else {
                    double decay = Math.exp(-(double) gap / k);
                    s.rate[v] = (1 - decay) * len * 1e9 / gap + decay * s.rate[v];
                    if (options.fallRestart()) {
                        fallCheck(s, v, len, t, k);
                    }
                }
            }
            return s.rate[v];
        }
        if (s.windowStart[v] < 0) {
            s.windowStart[v] = t;
        }
        s.windowBytes[v] += len;
        long elapsed = t - s.windowStart[v];
        if (elapsed >= e.period().toNanos()) {
            s.rate[v] = s.windowBytes[v] * 1e9 / elapsed;
            s.windowBytes[v] = 0;
            s.windowStart[v] = t;
        }
        return s.rate[v];
    }

    /**
     * {@link KernelOptions#fallRestart()}: the fall clock counts the node's packets at R / 2^this, a
     * quarter of the estimate: below any congestion window's decrease over two round trips (a sender
     * that halved twice keeps its responsive hold; ResponsiveHoldTest), above a tenfold fall.
     */
    public static final int FALL_SHIFT = 2;

    /**
     * {@link KernelOptions#fallRestart()}, after an EWMA step (the warm-up is over, so the warm-up's
     * first-packet time is free: the program keeps the fall clock in that state word, offset by K
     * so that the warm-up test {@code TIME - word < K} stays false). The clock {@code Z} advances by
     * what the packet covers at a quarter of the new estimate, {@code MULDIV(L, 4 * 10^9, R)} ns, and never
     * past {@code TIME - K}; its lag {@code TIME - K - Z} is a CUSUM, in time, of the arrivals'
     * shortfall below {@code R/4}. When it exceeds the node's aging gap the node's rate has fallen
     * below a quarter of its estimate for longer than aging tolerates a silence: the estimate restarts as
     * after aging (R := 0, warm-up from this packet) and a hold ends (its claim was the old rate).
     * A source at its estimate, or one that halves, even twice (a congestion window's decreases), keeps the
     * clock at {@code TIME - K}; an on/off source's off periods add at most one gap each, which
     * its on periods at above R/4 take back.
     */
    private void fallCheck(KernelState s, int v, int len, long t, long k) {
        long rate = (long) Math.floor(s.rate[v]);
        long limit = t - k;
        long cover = rate <= 0 ? Long.MAX_VALUE : (long) Math.floor(len * (1e9 * (1 << FALL_SHIFT)) / rate);
        long clock = Math.min(saturatedAdd(s.warmStart[v], cover), limit);
        s.warmStart[v] = clock;
        if (limit - clock > ageGap(len, s.rate[v], k)) {
            s.rate[v] = 0;
            s.lastArrival[v] = t;
            s.warmStart[v] = t;
            if (holdNanos > 0) {
                s.holdUntil[v] = Math.min(s.holdUntil[v], t);
            }
        }
    }

    /**
     * The node's old contribution leaves the parent's sums and its weight joins the unsatisfied
     * ones (its demand does not join {@code U_demand} yet), so that its fair rate is what
     * water-filling would give it with its siblings' states as they stand. Excluding its own
     * contribution matters: judged against sums that still hold its own {@code D}, a satisfied
     * node near its share saw the congestion restart whenever estimation noise pushed
     * {@code S_rate} above {@code B} and was dropped at {@code 1 - (B / W_active) / R}.
     */
    private void compete(KernelState s, int v, int p, double oldDemand) {
        removeContribution(s, v, p, oldDemand);
        s.satisfied[v] = false;
        s.unsatisfiedWeight[p] += tree.weight(v);
        s.unsatisfiedGuarantee[p] += tree.guarantee(v);
    }

    /**
     * A satisfied node takes back its weight and contributes its effective demand {@code D}, not
     * {@code R} as section 3 literally says: a node above its own peak, or above what its
     * children's peaks let through, is satisfied yet only takes {@code D}, and counting its whole
     * offered rate would hold its siblings below their share.
     */
    private void settle(KernelState s, int v, int p, double demand) {
        removeContribution(s, v, p, 0);
        s.satisfied[v] = true;
        s.satisfiedRate[p] += demand;
    }

    private void removeContribution(KernelState s, int v, int p, double oldDemand) {
        if (s.satisfied[v]) {
            s.satisfiedRate[p] = Math.max(0, s.satisfiedRate[p] - oldDemand);
        } else {
            s.unsatisfiedWeight[p] = Math.max(0, s.unsatisfiedWeight[p] - tree.weight(v));
            s.unsatisfiedGuarantee[p] = Math.max(0, s.unsatisfiedGuarantee[p] - tree.guarantee(v));
            s.unsatisfiedDemand[p] = Math.max(0, s.unsatisfiedDemand[p] - oldDemand);
        }
    }

    private static void count(KernelState s, int[] path, int upTo, int len, boolean forwarded) {
        long[] counter = forwarded ? s.passedBytes : s.droppedBytes;
        for (int k = 0; k <= upTo; k++) {
            counter[path[k]] += len;
        }
    }
}
