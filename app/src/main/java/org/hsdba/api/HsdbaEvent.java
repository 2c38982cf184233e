package org.hsdba.api;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import org.hsdba.model.PortRef;
import org.onosproject.event.AbstractEvent;

/**
 * Something that happened to a device, a tree or a node; kept in a bounded log and given to
 * listeners. An ONOS event: its subject is the device id (every event concerns one device), its
 * time the wall clock in ms.
 */
public final class HsdbaEvent extends AbstractEvent<HsdbaEvent.Type, String> {

    /** Event types. */
    public enum Type {
        /** A node was created from a template by a join packet-in and confirmed by the switch. */
        NODE_JOINED,
        /** A node (with its subtree) was removed for lack of traffic or at the end of its lifetime. */
        NODE_PRUNED,
        /** An inactive leaf saw traffic again. */
        NODE_REACTIVATED,
        /** A leaf saw no traffic for the idle timeout; its weight left its parent's sums. */
        NODE_INACTIVE,
        /** A join was refused (admission, no template, rate limit); the message says why. */
        ADMISSION_REFUSED,
        SWITCH_CONNECTED,
        SWITCH_DISCONNECTED,
        /** Every tree of the device is installed and confirmed by the switch. */
        SWITCH_PROGRAMMED,
        /** A switch or programming error; the message says what and where. */
        ERROR
    }

    private final Long port;
    private final String nodeId;
    private final String message;

    private HsdbaEvent(long timeMillis, Type type, String deviceId, Long port, String nodeId, String message) {
        super(Objects.requireNonNull(type, "type"), Objects.requireNonNull(deviceId, "deviceId"), timeMillis);
        this.port = port;
        this.nodeId = nodeId;
        this.message = Objects.requireNonNull(message, "message");
    }

    /** An event about a whole device. */
    public static HsdbaEvent device(long timeMillis, Type type, String deviceId, String message) {
        return new HsdbaEvent(timeMillis, type, deviceId, null, null, message);
    }

    /** An event about a tree ({@code nodeId} null) or a node of it. */
    public static HsdbaEvent node(long timeMillis, Type type, PortRef port, String nodeId, String message) {
        return new HsdbaEvent(timeMillis, type, port.deviceId(), port.port(), nodeId, message);
    }

    /** Wall-clock time in ms since the epoch ({@link #time()}). */
    public long timeMillis() {
        return time();
    }

    /** The device ({@link #subject()}); present for every event. */
    public Optional<String> deviceId() {
        return Optional.of(subject());
    }

    public OptionalLong port() {
        return port == null ? OptionalLong.empty() : OptionalLong.of(port);
    }

    public Optional<String> nodeId() {
        return Optional.ofNullable(nodeId);
    }

    public String message() {
        return message;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HsdbaEvent)) {
            return false;
        }
        HsdbaEvent e = (HsdbaEvent) o;
        return e.time() == time() && e.type() == type() && e.subject().equals(subject())
                && Objects.equals(e.port, port) && Objects.equals(e.nodeId, nodeId) && e.message.equals(message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(time(), type(), subject(), port, nodeId, message);
    }

    @Override
    public String toString() {
        return time() + " " + type() + " " + subject() + (port == null ? "" : "/" + port)
                + (nodeId == null ? "" : " node " + nodeId) + ": " + message;
    }
}
