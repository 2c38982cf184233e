package org.hsdba.sim.engine;

/**
 * Sees every packet's fate right after the switch decided it and the link took or refused it
 * (for per-packet measurements such as convergence counts). Called from the simulation's thread
 * in arrival order; it must not keep the frame.
 */
public interface PacketObserver {

    /**
     * @param tNs         arrival time
     * @param sourceIndex the packet's source (index in the run's source list)
     * @param node        the source's leaf (index in the run's node tree)
     * @param delivered   true if the switch forwarded it and the output buffer accepted it
     */
    void packet(long tNs, int sourceIndex, int node, int bytes, boolean delivered);
}
