package org.hsdba.algorithm;

/** Where a packet may be dropped (algorithm section 3, step 5). */
public enum DropRule {
    /**
     * Only at the deepest matched level, with {@code p = max(0, 1 - f/R)} of that node, whose
     * {@code f} already includes every ancestor's limit. The project's default.
     */
    DEEPEST_LEVEL,
    /**
     * The paper read literally: an independent drop decision at every level, top-down. Survival
     * probabilities multiply, so satisfied children of an unsatisfied parent lose traffic; kept
     * only to show why {@link #DEEPEST_LEVEL} is needed.
     */
    EVERY_LEVEL
}
