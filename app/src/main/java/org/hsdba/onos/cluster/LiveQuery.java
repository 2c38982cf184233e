package org.hsdba.onos.cluster;

import java.util.Objects;
import java.util.Optional;

import org.hsdba.model.PortRef;

/**
 * What a non-master instance asks a device's master: a port's live state, a node's history, or a
 * device's status. Immutable.
 */
final class LiveQuery {

    /** The master-only figures one query is about. */
    enum Kind {
        STATE, HISTORY, DEVICE
    }

    private final Kind kind;
    private final String deviceId;
    private final PortRef port;
    private final String nodeId;

    private LiveQuery(Kind kind, String deviceId, PortRef port, String nodeId) {
        this.kind = kind;
        this.deviceId = Objects.requireNonNull(deviceId, "deviceId");
        this.port = port;
        this.nodeId = nodeId;
    }

    static LiveQuery state(PortRef port) {
        return new LiveQuery(Kind.STATE, port.deviceId(), port, null);
    }

    static LiveQuery history(PortRef port, String nodeId) {
        return new LiveQuery(Kind.HISTORY, port.deviceId(), port, Objects.requireNonNull(nodeId, "nodeId"));
    }

    static LiveQuery device(String deviceId) {
        return new LiveQuery(Kind.DEVICE, deviceId, null, null);
    }

    Kind kind() {
        return kind;
    }

    /** The device whose master answers. */
    String deviceId() {
        return deviceId;
    }

    /** The port, for {@link Kind#STATE} and {@link Kind#HISTORY}. */
    Optional<PortRef> port() {
        return Optional.ofNullable(port);
    }

    /** The node, for {@link Kind#HISTORY}. */
    Optional<String> nodeId() {
        return Optional.ofNullable(nodeId);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LiveQuery)) {
            return false;
        }
        LiveQuery q = (LiveQuery) o;
        return q.kind == kind && q.deviceId.equals(deviceId) && Objects.equals(q.port, port)
                && Objects.equals(q.nodeId, nodeId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, deviceId, port, nodeId);
    }

    @Override
    public String toString() {
        switch (kind) {
            case STATE:
                return "state of " + port;
            case HISTORY:
                return "history of " + nodeId + " under " + port;
            default:
                return "status of " + deviceId;
        }
    }
}
