package org.hsdba.algorithm;

/** What a node passes down to its children as their allocatable bandwidth {@code B} (algorithm section 3, step 4). */
public enum PassDown {
    /**
     * {@code B = min(w * alpha_parent, R, l)}, as section 3 writes it. When the node is satisfied
     * its {@code B} is its own measured rate, which its children's satisfied rates match only up
     * to estimator noise: half the time they exceed it, the water-filling restarts and satisfied
     * children are dropped by a few percent.
     */
    SHARE_OR_DEMAND,
    /**
     * {@code B = min(w * alpha_parent, l)}: the node's share, whether or not it uses it. A
     * satisfied node's children then see a {@code B} above their total demand and stay satisfied;
     * an unsatisfied node's children share exactly its fair rate. Same allocation, no noise drops.
     */
    SHARE
}
