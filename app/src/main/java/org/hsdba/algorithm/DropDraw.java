package org.hsdba.algorithm;

/**
 * How a node that must drop with probability {@code p = max(0, 1 - f/R)} decides which packets
 * (algorithm section 3, step 5). Both drop {@code p} of the packets on average; they differ in
 * how far a count of drops strays from {@code sum p} over a window.
 */
public enum DropDraw {
    /**
     * One independent draw per packet: {@code RAND < p}. Over {@code n} packets the drops spread by
     * {@code sqrt(n p (1 - p))}: at 500 frames/s and a 2.5 s window about 4 % of a leaf's kept
     * count, the floor of issue 18. Kept for comparison.
     */
    INDEPENDENT,
    /**
     * Stratified credit, the default: every packet adds {@code p} to the node's credit, and each
     * whole unit of credit owes exactly one drop, made at the first packet at which the unit's
     * credit reaches a point drawn uniformly in the unit (one random number per unit, not per
     * packet). So the drops of any window differ from its {@code sum p} by less than two, whatever
     * its length, where independent draws spread by {@code sqrt(n p (1 - p))}; yet the position of
     * a drop within its unit is random, so packets that alternate between flows (two flows at
     * {@code p = 1/2}) lose alike, where a deterministic credit (drop every {@code 1/p}-th packet)
     * would always drop the same flow. A unit whose drop is still owed when it ends drops the
     * packet that ends it; a drop the next unit then owes at once waits for the next packet.
     * The price: an AIMD sender, which halves on each drop, keeps a little less of its share
     * when its drops come at regular gaps than at geometric ones (simulated congestion-control
     * mix, seeds 1-5: its subnet 6.0-7.0 % below its share against 4.8-5.8 %): its rate grows with
     * the square root of the packets between its losses, so for the same mean gap irregular gaps
     * give it more (traced: 54 packets per loss, cv 1.26, against 43 and 1.54; docs/evaluation/issue-14).
     */
    STRATIFIED
}
