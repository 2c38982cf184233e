package org.hsdba.container.onos;

import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.NodeId;
import org.onlab.packet.IpAddress;

/** The one ONOS node of the container. */
final class LocalNode {

    static final NodeId ID = NodeId.nodeId("container-test");
    static final DefaultControllerNode NODE = new DefaultControllerNode(ID, IpAddress.valueOf("127.0.0.1"));

    private LocalNode() {
    }
}
