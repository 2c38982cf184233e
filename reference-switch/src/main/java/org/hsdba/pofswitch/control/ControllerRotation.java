package org.hsdba.pofswitch.control;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * Which controller address the switch tries next, when it has several (the nodes of a cluster):
 * it stays with an address while the connection lasts, and when a connection fails or ends it
 * moves on to the next address at once (a dead node's neighbour is tried without delay). Only when
 * every address failed in a row does it ask for the reconnect interval's pause, so one controller
 * address behaves as POFSwitch does (a pause before every reconnect). Not thread-safe: the
 * switch's connect loop is its only user.
 */
final class ControllerRotation {
    private final List<InetSocketAddress> addresses;
    private int index;
    private int failedInRow;

    ControllerRotation(List<InetSocketAddress> addresses) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no controller address");
        }
        this.addresses = List.copyOf(addresses);
    }

    /** The address to connect to now. */
    InetSocketAddress current() {
        return addresses.get(index);
    }

    /** The connection to {@link #current()} completed its TCP handshake. */
    void established() {
        failedInRow = 0;
    }

    /**
     * The connection to {@link #current()} could not be made or has ended: moves to the next
     * address. True when every address has now failed in a row, so the caller pauses first.
     */
    boolean failed() {
        index = (index + 1) % addresses.size();
        failedInRow++;
        if (failedInRow >= addresses.size()) {
            failedInRow = 0;
            return true;
        }
        return false;
    }
}
