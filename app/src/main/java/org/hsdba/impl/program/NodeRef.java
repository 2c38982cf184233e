package org.hsdba.impl.program;

import java.util.Objects;

import org.hsdba.model.PortRef;

/** A node of a device's program: the tree's port and the node id. */
public final class NodeRef {

    private final PortRef port;
    private final String nodeId;

    private NodeRef(PortRef port, String nodeId) {
        this.port = Objects.requireNonNull(port, "port");
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    }

    public static NodeRef of(PortRef port, String nodeId) {
        return new NodeRef(port, nodeId);
    }

    public PortRef port() {
        return port;
    }

    public String nodeId() {
        return nodeId;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeRef && ((NodeRef) o).port.equals(port) && ((NodeRef) o).nodeId.equals(nodeId);
    }

    @Override
    public int hashCode() {
        return port.hashCode() * 31 + nodeId.hashCode();
    }

    @Override
    public String toString() {
        return port + "/" + nodeId;
    }
}
