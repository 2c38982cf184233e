package org.hsdba.sim.engine;

import java.util.Map;

/**
 * The reference allocation: given each leaf's demand (bits/s; leaves absent have none), every
 * node's target rate (bits/s). Implemented over the exact hierarchical water-filling allocator.
 */
public interface Oracle {

    Map<String, Double> allocate(Map<String, Double> leafDemandsBps);
}
