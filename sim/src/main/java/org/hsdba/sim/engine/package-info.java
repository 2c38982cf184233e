/**
 * The simulation engine: a {@link org.hsdba.sim.engine.PacketProcessor} (the switch under test or
 * a baseline) fed with the merged arrival stream, followed by an output
 * {@link org.hsdba.sim.link.LinkModel}; per-bin accounting per node, the oracle from the exact
 * allocator per phase, latency statistics and progress lines.
 */
package org.hsdba.sim.engine;
