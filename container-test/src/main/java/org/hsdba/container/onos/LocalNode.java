package org.hsdba.container.onos;

import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.NodeId;
import org.onlab.packet.IpAddress;

/** The one ONOS node of the container. */
final class LocalNode {

    static final NodeId ID = NodeId.nodeId("container-test");
    static final DefaultControllerNode NODE = new DefaultControllerNode(ID, IpAddress.valueOf("127.0.0.1"));

    /**
     * The configuration every stand-in requires before it starts: the fixture writes it only when
     * no real ONOS core runs, so that in a real ONOS this bundle adds the probe and nothing else.
     */
    static final String STAND_IN_PID = "org.hsdba.container.onos";

    private LocalNode() {
    }
}
