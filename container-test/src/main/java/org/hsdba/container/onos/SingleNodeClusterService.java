package org.hsdba.container.onos;

import java.util.Set;

import org.onosproject.cluster.ClusterEventListener;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.Node;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.Version;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * The cluster of one node ({@link LocalNode}, 127.0.0.1), always ready: what the POF adapter asks
 * (its local node's address for the bind address {@code node}). Membership never changes, so
 * listeners hear nothing.
 */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = ClusterService.class)
public final class SingleNodeClusterService implements ClusterService {

    @Override
    public ControllerNode getLocalNode() {
        return LocalNode.NODE;
    }

    @Override
    public Set<ControllerNode> getNodes() {
        return Set.of(LocalNode.NODE);
    }

    @Override
    public Set<Node> getConsensusNodes() {
        return Set.of(LocalNode.NODE);
    }

    @Override
    public ControllerNode getNode(NodeId nodeId) {
        return LocalNode.ID.equals(nodeId) ? LocalNode.NODE : null;
    }

    @Override
    public ControllerNode.State getState(NodeId nodeId) {
        return LocalNode.ID.equals(nodeId) ? ControllerNode.State.READY : null;
    }

    @Override
    public Version getVersion(NodeId nodeId) {
        return null; // not asked by the app; ONOS too answers null for a node it has no version of
    }

    @Override
    public void addListener(ClusterEventListener listener) {
        // one node, no membership events
    }

    @Override
    public void removeListener(ClusterEventListener listener) {
        // as above
    }
}
