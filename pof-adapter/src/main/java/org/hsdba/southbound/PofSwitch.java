package org.hsdba.southbound;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.ResourceReport;

/**
 * One connected POF switch session. A switch that reconnects gets a new session (and has been
 * wiped by the HELLO), so callers re-program it when {@link PofSwitchListener#switchReady} fires.
 * The futures complete on adapter I/O threads: callbacks must return quickly and never block.
 */
public interface PofSwitch {

    /** Device id from FEATURES_REPLY (u32). */
    long deviceId();

    /** Increases with every (re)connection of this device; messages are tied to one session. */
    long sessionId();

    InetSocketAddress remoteAddress();

    FeaturesReply features();

    ResourceReport resources();

    /** Current port descriptions (kept up to date from PORT_STATUS). */
    List<PortDesc> ports();

    SwitchMode mode();

    /**
     * The HSDBA extension's limits (state words, blocks, registers, ...) from the capability
     * probe, present exactly when {@link #mode()} is {@link SwitchMode#IN_SWITCH}.
     */
    default Optional<HxFeaturesReply> extensionFeatures() {
        return Optional.empty();
    }

    boolean isConnected();

    /** Global table id of a per-type table id, from the RESOURCE_REPORT's table counts. */
    int globalTableId(int tableType, int tableId);

    /**
     * Sends messages in order (the adapter assigns the xids) and completes when all are
     * confirmed: a round trip after the last one came back without an ERROR for any of them.
     * Completes exceptionally with {@link PofErrorException} naming the first failed message,
     * with {@link SwitchDisconnectedException} if the session ends first, or with a
     * {@link java.util.concurrent.TimeoutException}.
     */
    CompletableFuture<Void> send(List<? extends PofMessage> messages);

    /** Sends one request and completes with its reply (same xid), or fails on ERROR or timeout. */
    CompletableFuture<PofMessage> request(PofMessage request);

    /**
     * QUERYALL: every table, entry, group, meter and counter of the switch, up to QUERYALL_FIN
     * (which is not included).
     */
    CompletableFuture<List<PofMessage>> queryAll();

    /** Closes the session; the switch will reconnect. */
    void disconnect(String reason);
}
