package org.hsdba.sim.link;

/**
 * An output link with a buffer. Calls come in non-decreasing time: the engine calls
 * {@link #advanceTo} before each {@link #offer} at the same time, so a packet that finishes
 * exactly when another arrives has left first.
 */
public interface LinkModel {

    /** Line rate, bits/s. */
    double capacityBps();

    /**
     * A packet of {@code bytes} of flow {@code flow} (the leaf index; schedulers classify by it)
     * arrives at {@code tNs}.
     *
     * @return true if queued, false if the buffer had no room (the packet is dropped)
     */
    boolean offer(long tNs, int bytes, int flow);

    /** Emits every departure that completes at or before {@code tNs}. */
    void advanceTo(long tNs, DepartureSink sink);

    /** Bytes held (waiting or being sent) after the last call. */
    long backlogBytes();
}
