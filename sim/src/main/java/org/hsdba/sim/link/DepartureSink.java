package org.hsdba.sim.link;

/** Receives packets as they finish leaving the link, in departure order. */
public interface DepartureSink {

    /**
     * A packet of {@code bytes} of flow {@code flow} that reached the queue at {@code arrivalNs}
     * finished its last bit at {@code departureNs}.
     */
    void departed(long arrivalNs, long departureNs, int bytes, int flow);
}
