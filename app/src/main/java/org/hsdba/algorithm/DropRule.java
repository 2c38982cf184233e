package org.hsdba.algorithm;

/** Where a packet may be dropped (algorithm section 3, step 5). */
public enum DropRule {
    /**
     * Only at the deepest matched level, with {@code p = max(0, 1 - f/R)} of that node, whose
     * {@code f} already includes every ancestor's limit. The project's default.
     */
    DEEPEST_LEVEL,
    /**
     * The paper read literally: every level measures the packet (its offered rate) and draws an
     * independent drop decision; the packet is dropped if any level drops it. Survival
     * probabilities multiply, so satisfied children of an unsatisfied parent lose traffic (on the
     * two-level case of the paper's Fig. 8b, 30-40 s: 1.56/1.56/2.33/3 Gb/s instead of 2/2/3/3,
     * the link at about 84 %); kept only to show why {@link #DEEPEST_LEVEL} is needed.
     */
    EVERY_LEVEL
}
