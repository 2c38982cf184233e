package org.hsdba.container.onos;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.onlab.packet.ChassisId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DefaultDeviceDescription;
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceProviderService;
import org.onosproject.net.provider.ProviderId;
import org.junit.Test;

public class SingleNodeDeviceSubsystemTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("pof:0000000000000001");

    /** Remembers the roles it is told. */
    private static final class Provider implements DeviceProvider {
        final List<String> roles = new ArrayList<>();

        @Override
        public ProviderId id() {
            return new ProviderId("pof", "org.hsdba.pof");
        }

        @Override
        public void triggerProbe(DeviceId deviceId) {
        }

        @Override
        public void roleChanged(DeviceId deviceId, MastershipRole newRole) {
            roles.add(deviceId + " " + newRole);
        }

        @Override
        public boolean isReachable(DeviceId deviceId) {
            return true;
        }

        @Override
        public void changePortState(DeviceId deviceId, PortNumber portNumber, boolean enable) {
        }
    }

    private final SingleNodeDeviceSubsystem devices = new SingleNodeDeviceSubsystem();

    @Test
    public void aConnectedDeviceIsMasteredHereAndEveryoneIsTold() {
        Provider provider = new Provider();
        List<MastershipEvent> events = new ArrayList<>();
        devices.addListener(events::add);
        DeviceProviderService service = devices.register(provider);

        service.deviceConnected(DEVICE, new DefaultDeviceDescription(URI.create(DEVICE.toString()), Device.Type.SWITCH,
                "vendor", "hw", "sw", "1", new ChassisId(1)));
        service.deviceConnected(DEVICE, new DefaultDeviceDescription(URI.create(DEVICE.toString()), Device.Type.SWITCH,
                "vendor", "hw", "sw", "1", new ChassisId(1)));

        assertEquals("told once, on first connection", List.of(DEVICE + " MASTER"), provider.roles);
        assertEquals(1, events.size());
        assertEquals(MastershipEvent.Type.MASTER_CHANGED, events.get(0).type());
        assertTrue(devices.isLocalMaster(DEVICE));
        assertEquals(Set.of(DEVICE), devices.getDevicesOf(devices.getMasterFor(DEVICE)));

        service.deviceDisconnected(DEVICE);
        assertEquals(Set.of(), devices.getDevicesOf(devices.getMasterFor(DEVICE)));
    }

    @Test(expected = IllegalStateException.class)
    public void aProviderRegistersOnce() {
        devices.register(new Provider());
        devices.register(new Provider());
    }

    @Test
    public void unregisteringFreesTheProviderId() {
        Provider p = new Provider();
        devices.register(p);
        devices.unregister(p);
        assertEquals(Set.of(), devices.getProviders());
        devices.register(p);
    }
}
