package org.hsdba.sim.engine;

/**
 * Reads, from the switch under test, what it currently enforces on a node: its measured rate
 * {@code R} and its fair rate {@code f} (both bits/s). With them a harness can tell, packet by
 * packet, the rate a flow is held to: {@code offered * min(1, f / R)}.
 */
public interface EnforcementProbe {

    /** The node's measured rate R, b/s; NaN if the node is not installed or not active. */
    double measuredBps(String nodeId);

    /** The node's fair rate f (its share of its parent, capped at its peak), b/s; +inf if unlimited, NaN if unknown. */
    double fairBps(String nodeId);
}
