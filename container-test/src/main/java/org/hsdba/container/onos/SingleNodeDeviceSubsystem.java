package org.hsdba.container.onos;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.google.common.collect.ImmutableMap;

import org.onosproject.cluster.NodeId;
import org.onosproject.cluster.RoleInfo;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceDescription;
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceProviderRegistry;
import org.onosproject.net.device.DeviceProviderService;
import org.onosproject.net.device.PortDescription;
import org.onosproject.net.device.PortStatistics;
import org.onosproject.net.provider.ProviderId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * The device side of one ONOS node: device providers register and report devices and ports, and
 * this node is master of every device. As in ONOS, a newly connected device gets a mastership
 * decision: listeners hear MASTER_CHANGED and the provider is told {@code roleChanged(MASTER)}.
 */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = {DeviceProviderRegistry.class, MastershipService.class})
public final class SingleNodeDeviceSubsystem implements DeviceProviderRegistry, MastershipService {

    private static final MastershipInfo LOCAL_MASTER =
            new MastershipInfo(1, Optional.of(LocalNode.ID), ImmutableMap.of(LocalNode.ID, MastershipRole.MASTER));

    private final Map<ProviderId, DeviceProvider> providers = new ConcurrentHashMap<>();
    private final Map<DeviceId, DeviceDescription> devices = new ConcurrentHashMap<>();
    private final Map<DeviceId, Map<PortNumber, PortDescription>> ports = new ConcurrentHashMap<>();
    private final List<MastershipListener> listeners = new CopyOnWriteArrayList<>();

    // ------------------------------------------------------------------ DeviceProviderRegistry

    @Override
    public DeviceProviderService register(DeviceProvider provider) {
        if (providers.putIfAbsent(provider.id(), provider) != null) {
            throw new IllegalStateException("device provider " + provider.id() + " is already registered");
        }
        return new ProviderService(provider);
    }

    @Override
    public void unregister(DeviceProvider provider) {
        providers.remove(provider.id(), provider);
    }

    @Override
    public Set<ProviderId> getProviders() {
        return Set.copyOf(providers.keySet());
    }

    // ------------------------------------------------------------------ MastershipService

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        return MastershipRole.MASTER;
    }

    @Override
    public CompletableFuture<MastershipRole> requestRoleFor(DeviceId deviceId) {
        return CompletableFuture.completedFuture(MastershipRole.MASTER);
    }

    /** The only node stays master: there is nobody to hand the device to. */
    @Override
    public CompletableFuture<Void> relinquishMastership(DeviceId deviceId) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public NodeId getMasterFor(DeviceId deviceId) {
        return LocalNode.ID;
    }

    @Override
    public RoleInfo getNodesFor(DeviceId deviceId) {
        return new RoleInfo(LocalNode.ID, List.of());
    }

    @Override
    public MastershipInfo getMastershipFor(DeviceId deviceId) {
        return LOCAL_MASTER;
    }

    @Override
    public Set<DeviceId> getDevicesOf(NodeId nodeId) {
        return LocalNode.ID.equals(nodeId) ? Set.copyOf(devices.keySet()) : Set.of();
    }

    @Override
    public void addListener(MastershipListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(MastershipListener listener) {
        listeners.remove(listener);
    }

    /** What one registered provider reports. */
    private final class ProviderService implements DeviceProviderService {
        private final DeviceProvider provider;

        ProviderService(DeviceProvider provider) {
            this.provider = provider;
        }

        @Override
        public DeviceProvider provider() {
            return provider;
        }

        @Override
        public void deviceConnected(DeviceId deviceId, DeviceDescription description) {
            boolean isNew = devices.put(deviceId, description) == null;
            if (isNew) {
                MastershipEvent event = new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, deviceId, LOCAL_MASTER);
                listeners.forEach(l -> l.event(event));
                provider.roleChanged(deviceId, MastershipRole.MASTER);
            }
        }

        @Override
        public void deviceDisconnected(DeviceId deviceId) {
            devices.remove(deviceId);
            ports.remove(deviceId);
        }

        @Override
        public void updatePorts(DeviceId deviceId, List<PortDescription> descriptions) {
            Map<PortNumber, PortDescription> now = new ConcurrentHashMap<>();
            descriptions.forEach(p -> now.put(p.portNumber(), p));
            ports.put(deviceId, now);
        }

        @Override
        public void portStatusChanged(DeviceId deviceId, PortDescription description) {
            ports.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>()).put(description.portNumber(), description);
        }

        /** Replies confirm role requests, and this node never needs to make one. */
        @Override
        public void receivedRoleReply(DeviceId deviceId, MastershipRole requested, MastershipRole response) {
        }

        /** Statistics are not kept: nothing in the container reads them. */
        @Override
        public void updatePortStatistics(DeviceId deviceId, Collection<PortStatistics> statistics) {
        }
    }
}
