package org.hsdba.algorithm;

/** What a node passes down to its children as their allocatable bandwidth {@code B} (algorithm section 3, step 4). */
public enum PassDown {
    /**
     * {@code B = min(w * alpha_parent, R, l)}, as section 3 writes it; kept for comparison. When
     * the node is satisfied its {@code B} is its own EWMA estimate, while its children's
     * {@code S_rate} sums their separate estimates of the same traffic. The two differ by
     * estimator noise (the CSFQ average is not additive, and each is as of a different packet);
     * whenever {@code S_rate} is the larger, the water-filling restarts with
     * {@code alpha = B / W_active} and every child above that split is dropped, below capacity:
     * about 0.5 % of a 30 Mb/s child with two CBR children, 2 % with arrivals in 1 ms batches,
     * up to 45 % per packet in the first milliseconds after a second child starts.
     */
    SHARE_OR_DEMAND,
    /**
     * {@code B = min(w * alpha_parent, l)}: the node's share, whether or not it uses it; the
     * default. A satisfied node's children then see a {@code B} above their total demand and stay
     * satisfied (below capacity the share is +inf, so nothing below the port is ever restarted);
     * an unsatisfied node's children share exactly its fair rate, as with the {@code R} term.
     * Same allocation as section 2's oracle, no noise drops, and no slower convergence.
     */
    SHARE
}
