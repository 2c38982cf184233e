package org.hsdba.algorithm;

import java.util.Arrays;

/**
 * Everything the algorithm remembers between packets, in the data plane's units (bytes/s,
 * nanoseconds). Per node (what a flow entry holds): measured rate {@code R}, state bit S/U, last
 * arrival, activity, window-counter fields, and passed/dropped byte counters (as the switch's HX
 * counters: a packet counts at every node of its path). Per parent slot (what the switch keeps in
 * registers; slot 0 is the port, slot {@code i + 1} node {@code i}): allocatable {@code B},
 * satisfied-rate sum, unsatisfied-weight sum, active-weight sum and, for guarantee+excess, the
 * unsatisfied and active guarantee sums.
 *
 * <p>Mutable on purpose: the kernel updates it in place per packet (copying arrays per packet
 * would dominate the cost). It is owned by one caller; nothing else holds hidden state.
 */
public final class KernelState {

    final double[] rate;
    /** The effective demand the node last reported to its parent: {@code min(l, R - excess of its children)}. */
    final double[] demand;
    /** Start of the node's current estimate (its first packet since activation), ns; for the warm-up. */
    final long[] warmStart;
    final boolean[] satisfied;
    final long[] lastArrival;
    final boolean[] active;
    /** Out of its parent's sums after its aging gap without a packet, not idle yet (kernel javadoc). */
    final boolean[] aged;
    /** The node's aging gap as of its last packet, ns ({@link Long#MAX_VALUE}: none). */
    final long[] ageNanos;
    final long[] lastHit;
    final long[] windowBytes;
    final long[] windowStart;
    final long[] passedBytes;
    final long[] droppedBytes;
    /** {@link DropDraw#STRATIFIED}: the node's credit within its current unit, in [0, 1). */
    final double[] dropCredit;
    /**
     * {@link DropDraw#STRATIFIED}: {@code 1 - u} while the current unit's drop is owed (due once the
     * credit reaches {@code u}), 0 once it is made (and at first: the first unit owes none).
     */
    final double[] dropOwed;
    /** {@link KernelOptions#responsiveHold()}: the node counts as unsatisfied until this time, ns (0: not held). */
    final long[] holdUntil;
    /**
     * {@link KernelOptions#responsiveHold()}: the held node's bank as a clock, ns: the bank holds
     * {@code f * (t - bankClock)} bytes at time {@code t} (a bucket filled at its fair rate f;
     * ahead of {@code t} it is in debt). State word 7 of the compiled program.
     */
    final long[] bankClock;
    /** {@link KernelOptions#holdClaim()}: what the held node claims, bytes/s. */
    final double[] holdClaim;

    final double[] bandwidth;
    final double[] satisfiedRate;
    final double[] unsatisfiedWeight;
    /** Per parent slot: sum of the effective demands {@code D} of the unsatisfied active children. */
    final double[] unsatisfiedDemand;
    final double[] activeWeight;
    /** Per parent slot: how many of its children are active (not idle, not aged). */
    final int[] activeChildren;
    final double[] unsatisfiedGuarantee;
    final double[] activeGuarantee;
    /** Per parent slot: sum over active children of {@code R - D}, the offered load they cannot use. */
    final double[] excess;
    /**
     * Per parent slot, {@link KernelOptions#responsiveHold()}: the latest hold end a child's drop
     * (or a child's own hold, passed up at its packets) set, ns; the slot's node takes it into its
     * own hold at its next packet (register word 10 of the compiled program).
     */
    final long[] holdMark;

    /** No idle node can expire before this time (ns); recomputed at each scan. */
    long nextExpiryScan;

    private KernelState(int n, double rootBandwidth) {
        rate = new double[n];
        demand = new double[n];
        warmStart = new long[n];
        satisfied = new boolean[n];
        lastArrival = new long[n];
        active = new boolean[n];
        aged = new boolean[n];
        ageNanos = new long[n];
        Arrays.fill(ageNanos, Long.MAX_VALUE);
        lastHit = new long[n];
        windowBytes = new long[n];
        windowStart = new long[n];
        Arrays.fill(windowStart, -1);
        passedBytes = new long[n];
        droppedBytes = new long[n];
        dropCredit = new double[n];
        dropOwed = new double[n];
        holdUntil = new long[n];
        bankClock = new long[n];
        holdClaim = new double[n];
        bandwidth = new double[n + 1];
        satisfiedRate = new double[n + 1];
        unsatisfiedWeight = new double[n + 1];
        unsatisfiedDemand = new double[n + 1];
        activeWeight = new double[n + 1];
        activeChildren = new int[n + 1];
        unsatisfiedGuarantee = new double[n + 1];
        activeGuarantee = new double[n + 1];
        excess = new double[n + 1];
        holdMark = new long[n + 1];
        bandwidth[KernelTree.ROOT_SLOT] = rootBandwidth;
        nextExpiryScan = Long.MAX_VALUE;
    }

    /** The state of a freshly installed program: every node inactive, every sum zero, B of the port = eta * C. */
    public static KernelState initial(KernelTree tree) {
        return new KernelState(tree.size(), tree.rootBandwidth());
    }

    /** Measured rate of a node, bytes/s. */
    public double rate(int node) {
        return rate[node];
    }

    /**
     * Effective demand of a node as of its last packet, bytes/s: what its subtree can use,
     * {@code min(l, R - excess of its children)} (for a node without children {@code min(l, R)}).
     */
    public double demand(int node) {
        return demand[node];
    }

    /** Sum over the slot's active children of their offered load they cannot use ({@code R - D}), bytes/s. */
    public double excess(int slot) {
        return excess[slot];
    }

    public boolean satisfied(int node) {
        return satisfied[node];
    }

    public boolean active(int node) {
        return active[node];
    }

    /**
     * The warm-up's first-packet time, ns; with {@link KernelOptions#fallRestart()}, once the
     * warm-up is over, the fall clock kept in the same word (at or below the last packet's time
     * less K; HsdbaKernel.fallCheck).
     */
    public long estimateClock(int node) {
        return warmStart[node];
    }

    /** Whether the node aged out of its parent's sums (no packet for its aging gap) and is not idle yet. */
    public boolean aged(int node) {
        return aged[node];
    }

    /** The node's aging gap as of its last packet, ns ({@link Long#MAX_VALUE}: none yet). */
    public long ageNanos(int node) {
        return ageNanos[node];
    }

    /** Bytes of the node's subtree that were forwarded. */
    public long passedBytes(int node) {
        return passedBytes[node];
    }

    /** Bytes of the node's subtree that were dropped. */
    public long droppedBytes(int node) {
        return droppedBytes[node];
    }

    /** {@link DropDraw#STRATIFIED}: the node's drop credit within its current unit, in [0, 1). */
    public double dropCredit(int node) {
        return dropCredit[node];
    }

    /** {@link DropDraw#STRATIFIED}: {@code 1 - u} while the current unit's drop is owed, else 0. */
    public double dropOwed(int node) {
        return dropOwed[node];
    }

    /** {@link KernelOptions#responsiveHold()}: the node counts as unsatisfied until this time, ns (0: never held). */
    public long holdUntil(int node) {
        return holdUntil[node];
    }

    /** {@link KernelOptions#holdClaim()}: what the node claims while held, bytes/s. */
    public double holdClaim(int node) {
        return holdClaim[node];
    }

    /** {@link KernelOptions#responsiveHold()}: the node's bank clock, ns ({@link #bankClock}). */
    public long bankClock(int node) {
        return bankClock[node];
    }

    /** {@link KernelOptions#responsiveHold()}: the latest hold end marked on a parent slot by its children, ns. */
    public long holdMark(int slot) {
        return holdMark[slot];
    }

    /** Allocatable bandwidth of a parent slot, bytes/s. */
    public double bandwidth(int slot) {
        return bandwidth[slot];
    }

    public double satisfiedRate(int slot) {
        return satisfiedRate[slot];
    }

    public double unsatisfiedWeight(int slot) {
        return unsatisfiedWeight[slot];
    }

    /** Sum of the effective demands of the slot's unsatisfied active children, bytes/s. */
    public double unsatisfiedDemand(int slot) {
        return unsatisfiedDemand[slot];
    }

    public double activeWeight(int slot) {
        return activeWeight[slot];
    }

    /** Sum of guaranteed rates of unsatisfied active children (guarantee+excess mode), bytes/s. */
    public double unsatisfiedGuarantee(int slot) {
        return unsatisfiedGuarantee[slot];
    }

    /** Sum of guaranteed rates of active children (guarantee+excess mode), bytes/s. */
    public double activeGuarantee(int slot) {
        return activeGuarantee[slot];
    }
}
