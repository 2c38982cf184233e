package org.hsdba.onos;

import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;

/** One master for every device (or none), as each instance's MastershipService sees it. */
final class SharedMastership {

    private volatile NodeId master;

    void master(NodeId node) {
        this.master = node;
    }

    MastershipService viewOf(NodeId self) {
        return new MastershipServiceAdapter() {
            @Override
            public NodeId getMasterFor(DeviceId deviceId) {
                return master;
            }

            @Override
            public MastershipRole getLocalRole(DeviceId deviceId) {
                return self.equals(master) ? MastershipRole.MASTER
                        : master == null ? MastershipRole.NONE : MastershipRole.STANDBY;
            }
        };
    }
}
