package org.hsdba.southbound;

import java.net.InetSocketAddress;

import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortStatus;

/**
 * Events from switches. Called on adapter threads (the switch connection's event loop): return
 * quickly, never block for long. A listener may do a bounded amount of work there (hsdba handles a
 * join within a per-switch time budget); what it sends to a switch from there is written by that
 * loop without a thread hand-off.
 */
public interface PofSwitchListener {

    /** Handshake done, ports enabled, capability probed; the switch is empty and ready. */
    default void switchReady(PofSwitch sw) {
    }

    default void switchDisconnected(PofSwitch sw, String reason) {
    }

    /**
     * A switch was turned away during its handshake (it declared resources beyond the documented
     * maxima): its connection is closed, it never became ready. {@code deviceId} is -1 if unknown.
     */
    default void switchRefused(InetSocketAddress remote, long deviceId, String reason) {
    }

    default void portStatus(PofSwitch sw, PortStatus status) {
    }

    default void packetIn(PofSwitch sw, PacketIn packetIn) {
    }

    /** An ERROR; {@code cause} is the request it refers to by xid, or null (datapath errors). */
    default void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
    }

    /** Any other unsolicited message (for example the extension's entry status reports). */
    default void message(PofSwitch sw, PofMessage message) {
    }
}
