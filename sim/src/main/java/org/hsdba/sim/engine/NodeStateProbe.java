package org.hsdba.sim.engine;

/** Reads a node's enforcement state (e.g. "S" or "U") from the processor, when it has one. */
public interface NodeStateProbe {

    /** The state of {@code nodeId} now, or null if unknown. */
    String state(String nodeId);
}
