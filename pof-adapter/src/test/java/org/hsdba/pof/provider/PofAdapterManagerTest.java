package org.hsdba.pof.provider;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortReason;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.server.FakeSwitch;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.SwitchMode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.IpAddress;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.NodeId;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceDescription;
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceProviderRegistryAdapter;
import org.onosproject.net.device.DeviceProviderService;
import org.onosproject.net.device.DeviceProviderServiceAdapter;
import org.onosproject.net.device.PortDescription;
import org.osgi.service.component.ComponentContext;

/**
 * The ONOS component over a real TCP switch: it serves PofSwitchService and registers the switch,
 * its ports and their changes as an ONOS device through ONOS's own provider test doubles.
 */
public class PofAdapterManagerTest {
    private static final DeviceId DEVICE_1 = DeviceId.deviceId("pof:0000000000000001");

    private final RecordingRegistry registry = new RecordingRegistry();
    private final List<FakeSwitch> fakes = new ArrayList<>();
    private PofAdapterManager manager;

    @Before
    public void activate() {
        manager = new PofAdapterManager();
        manager.providerRegistry = registry;
        manager.cfgService = new ComponentConfigAdapter();
        manager.clusterService = node("127.0.0.1");
        manager.activate(context(0));
    }

    @After
    public void deactivate() throws Exception {
        for (FakeSwitch f : fakes) {
            f.close();
        }
        if (manager != null) {
            manager.deactivate();
        }
    }

    @Test
    public void aSwitchBecomesAnOnosDeviceWithItsPorts() throws Exception {
        FakeSwitch fake = connect(FakeSwitch.options());
        Call connected = registry.service.await("deviceConnected");
        assertEquals(DEVICE_1, connected.device);
        DeviceDescription d = (DeviceDescription) connected.argument;
        assertEquals(Device.Type.SWITCH, d.type());
        assertEquals("Huawei", d.manufacturer());
        assertEquals("POFSwitch-1.4.0.015", d.swVersion());
        assertEquals("POFSwitch-1.4.0.015", d.hwVersion());
        assertEquals("1", d.serialNumber());
        assertEquals(1, d.chassisId().value());
        assertEquals("POF 1.4.0", d.annotations().value(AnnotationKeys.PROTOCOL));
        assertEquals(SwitchMode.CONTROLLER_ASSISTED.name(), d.annotations().value(PofDevices.MODE_ANNOTATION));
        assertEquals(DEVICE_1.uri(), d.deviceUri());

        @SuppressWarnings("unchecked")
        List<PortDescription> ports = (List<PortDescription>) registry.service.await("updatePorts").argument;
        assertEquals(2, ports.size());
        assertEquals(PortNumber.portNumber(1), ports.get(0).portNumber());
        assertEquals("s1-eth2", ports.get(1).annotations().value(AnnotationKeys.PORT_NAME));
        assertEquals("02:00:00:00:00:02", ports.get(1).annotations().value(AnnotationKeys.PORT_MAC));
        assertTrue(ports.get(1).isEnabled());

        PofSwitch sw = manager.getSwitch(1).orElseThrow();
        assertEquals(List.of(sw), List.copyOf(manager.switches()));
        assertTrue(registry.provider.isReachable(DEVICE_1));
        assertFalse(registry.provider.isReachable(DeviceId.deviceId("pof:0000000000000009")));
        assertFalse(registry.provider.isReachable(DeviceId.deviceId("of:0000000000000001")));
        assertTrue(fake.received().stream().anyMatch(m -> m.type() == MessageType.HELLO));
    }

    /** ONOS's DeviceManager waits for the answer to every role it asks (else: "Failed to assert role"). */
    @Test
    public void everyRoleOnosAsksForIsAnsweredAsGranted() throws Exception {
        connect(FakeSwitch.options());
        registry.service.await("deviceConnected");
        for (MastershipRole role : MastershipRole.values()) {
            registry.provider.roleChanged(DEVICE_1, role);
            Call reply = registry.service.await("receivedRoleReply");
            assertEquals(DEVICE_1, reply.device);
            assertEquals(role + " asked", List.of(role, role), reply.argument);
        }
    }

    @Test
    public void portChangesAndDisconnectionReachOnos() throws Exception {
        FakeSwitch fake = connect(FakeSwitch.options());
        registry.service.await("updatePorts");

        fake.sendUpward(vectorPortStatus(68)); // s1-eth2 link down
        PortDescription down = (PortDescription) registry.service.await("portStatusChanged").argument;
        assertEquals(PortNumber.portNumber(2), down.portNumber());
        assertFalse(down.isEnabled());

        PortDesc eth2 = vectorPortStatus(68).port();
        fake.sendUpward(new PortStatus(0, PortReason.DELETE, eth2));
        PortDescription gone = (PortDescription) registry.service.await("deletePort").argument;
        assertEquals(PortNumber.portNumber(2), gone.portNumber());

        fake.close();
        assertEquals(DEVICE_1, registry.service.await("deviceDisconnected").device);
        assertFalse(registry.provider.isReachable(DEVICE_1));
    }

    @Test
    public void onosCanDisableAPortAndDisconnectTheSwitch() throws Exception {
        FakeSwitch fake = connect(FakeSwitch.options());
        registry.service.await("updatePorts");

        registry.provider.changePortState(DEVICE_1, PortNumber.portNumber(2), false);
        PortMod mod = (PortMod) fake.await(MessageType.PORT_MOD, 2000);
        while (mod.port().portId() != 2 || mod.port().openflowEnable() != 0) {
            mod = (PortMod) fake.await(MessageType.PORT_MOD, 2000);
        }

        registry.provider.triggerDisconnect(DEVICE_1);
        assertEquals(DEVICE_1, registry.service.await("deviceDisconnected").device);
        assertTrue(fake.awaitClosed(2000));
    }

    @Test
    public void aReconnectionKeepsTheDeviceConnected() throws Exception {
        connect(FakeSwitch.options());
        registry.service.await("deviceConnected");
        registry.service.await("updatePorts");
        connect(FakeSwitch.options()); // same device id: replaces the first session
        assertEquals(DEVICE_1, registry.service.await("deviceConnected").device);
        registry.service.await("updatePorts");
        Thread.sleep(200);
        assertNull("the replaced session must not mark the device disconnected",
                registry.service.poll("deviceDisconnected"));
        assertTrue(registry.provider.isReachable(DEVICE_1));
    }

    @Test
    public void changingThePortRestartsTheServerThere() throws Exception {
        connect(FakeSwitch.options());
        assertEquals(DEVICE_1, registry.service.await("deviceConnected").device);
        int before = manager.localAddress().getPort();

        manager.modified(context(0)); // same settings: nothing happens
        assertEquals(before, manager.localAddress().getPort());
        assertNull(registry.service.poll("deviceDisconnected"));

        int free;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            free = probe.getLocalPort();
        }
        manager.modified(context(free));
        assertEquals(DEVICE_1, registry.service.await("deviceDisconnected").device);
        assertEquals(free, manager.localAddress().getPort());
        assertNotEquals(before, free);
        connect(FakeSwitch.options().deviceId(2));
        assertEquals(DeviceId.deviceId("pof:0000000000000002"), registry.service.await("deviceConnected").device);
    }

    @Test
    public void deactivationDisconnectsDevicesAndUnregisters() throws Exception {
        connect(FakeSwitch.options());
        registry.service.await("updatePorts");
        manager.deactivate();
        manager = null;
        assertEquals(DEVICE_1, registry.service.await("deviceDisconnected").device);
        assertTrue(registry.unregistered);
    }

    @Test
    public void propertiesFallBackToDefaults() {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.POF_PORT, "not a number");
        props.put(OsgiPropertyConstants.LIVENESS_TIMEOUT_MS, "-5");
        props.put(OsgiPropertyConstants.PROBE_TIMEOUT_MS, "1500");
        assertEquals(6643, PofAdapterManager.configOf(props, () -> "127.0.0.1").port());
        assertEquals(10_000, PofAdapterManager.configOf(props, () -> "127.0.0.1").livenessTimeout().toMillis());
        assertEquals(1500, PofAdapterManager.configOf(props, () -> "127.0.0.1").probeTimeout().toMillis());
    }

    /** ONOS's configuration is cluster-wide: the default means each node's own cluster address. */
    @Test
    public void theDefaultBindAddressIsTheLocalNodesClusterAddress() {
        assertEquals("127.0.0.2", PofAdapterManager.configOf(null, () -> "127.0.0.2").bindAddress());
        Hashtable<String, Object> all = new Hashtable<>();
        all.put(OsgiPropertyConstants.POF_BIND_ADDRESS, "0.0.0.0");
        assertEquals("0.0.0.0", PofAdapterManager.configOf(all, () -> "127.0.0.2").bindAddress());
        all.put(OsgiPropertyConstants.POF_BIND_ADDRESS, " NODE ");
        assertEquals("127.0.0.3", PofAdapterManager.configOf(all, () -> "127.0.0.3").bindAddress());
    }

    /** Two nodes of one host (127.0.0.1 and 127.0.0.2) listen on the same POF port side by side. */
    @Test
    public void twoNodesOfOneHostListenOnTheirOwnAddressesAtTheSamePort() {
        int port = manager.localAddress().getPort();
        PofAdapterManager second = new PofAdapterManager();
        second.providerRegistry = new RecordingRegistry();
        second.cfgService = new ComponentConfigAdapter();
        second.clusterService = node("127.0.0.2");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.POF_PORT, port);
        ComponentContext context = mock(ComponentContext.class);
        when(context.getProperties()).thenReturn(props);
        second.activate(context);
        try {
            assertEquals(new InetSocketAddress("127.0.0.2", port), second.localAddress());
            assertEquals(new InetSocketAddress("127.0.0.1", port), manager.localAddress());
        } finally {
            second.deactivate();
        }
    }

    @Test(expected = IllegalStateException.class)
    public void nodeWithoutAnAddressIsAClearError() {
        PofAdapterManager.configOf(null, () -> null);
    }

    /** A cluster service whose local node has cluster address {@code ip}. */
    private static ClusterServiceAdapter node(String ip) {
        ControllerNode local = new DefaultControllerNode(NodeId.nodeId(ip), IpAddress.valueOf(ip));
        return new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return local;
            }
        };
    }

    private FakeSwitch connect(FakeSwitch.Options options) throws Exception {
        FakeSwitch f = FakeSwitch.connect(new InetSocketAddress("127.0.0.1", manager.localAddress().getPort()),
                options);
        fakes.add(f);
        return f;
    }

    private static PortStatus vectorPortStatus(int index) throws Exception {
        return (PortStatus) org.hsdba.pof.codec.PofCodec.standard()
                .decode(org.hsdba.pof.codec.SessionVectors.all().get(index).bytes());
    }

    private static ComponentContext context(int port) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.POF_PORT, port);
        props.put(OsgiPropertyConstants.POF_BIND_ADDRESS, BindAddress.NODE);
        ComponentContext context = mock(ComponentContext.class);
        when(context.getProperties()).thenReturn(props);
        return context;
    }

    /** One call ONOS received from the provider. */
    static final class Call {
        final String method;
        final DeviceId device;
        final Object argument;

        Call(String method, DeviceId device, Object argument) {
            this.method = method;
            this.device = device;
            this.argument = argument;
        }

        @Override
        public String toString() {
            return method + "(" + device + ")";
        }
    }

    /** ONOS's provider service double, recording the calls. */
    static final class RecordingService extends DeviceProviderServiceAdapter {
        private final BlockingQueue<Call> calls = new LinkedBlockingQueue<>();
        private final List<Call> skipped = new ArrayList<>();

        @Override
        public void deviceConnected(DeviceId deviceId, DeviceDescription description) {
            calls.add(new Call("deviceConnected", deviceId, description));
        }

        @Override
        public void deviceDisconnected(DeviceId deviceId) {
            calls.add(new Call("deviceDisconnected", deviceId, null));
        }

        @Override
        public void updatePorts(DeviceId deviceId, List<PortDescription> portDescriptions) {
            calls.add(new Call("updatePorts", deviceId, portDescriptions));
        }

        @Override
        public void portStatusChanged(DeviceId deviceId, PortDescription portDescription) {
            calls.add(new Call("portStatusChanged", deviceId, portDescription));
        }

        @Override
        public void deletePort(DeviceId deviceId, PortDescription portDescription) {
            calls.add(new Call("deletePort", deviceId, portDescription));
        }

        @Override
        public void receivedRoleReply(DeviceId deviceId, MastershipRole requested, MastershipRole response) {
            calls.add(new Call("receivedRoleReply", deviceId, List.of(requested, response)));
        }

        /** The next call of that method (earlier calls of other methods are kept aside). */
        synchronized Call await(String method) throws InterruptedException {
            Call c = poll(method, 5000);
            if (c == null) {
                throw new AssertionError("ONOS got no " + method + " within 5 s; other calls: " + skipped);
            }
            return c;
        }

        synchronized Call poll(String method) throws InterruptedException {
            return poll(method, 0);
        }

        private Call poll(String method, long millis) throws InterruptedException {
            for (Call c : skipped) {
                if (c.method.equals(method)) {
                    skipped.remove(c);
                    return c;
                }
            }
            long end = System.currentTimeMillis() + millis;
            do {
                Call c = calls.poll(Math.max(0, end - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                if (c == null) {
                    return null;
                }
                if (c.method.equals(method)) {
                    return c;
                }
                skipped.add(c);
            } while (true);
        }
    }

    /** ONOS's registry double, handing out the recording service. */
    static final class RecordingRegistry extends DeviceProviderRegistryAdapter {
        final RecordingService service = new RecordingService();
        DeviceProvider provider;
        boolean unregistered;

        @Override
        public DeviceProviderService register(DeviceProvider p) {
            provider = p;
            return service;
        }

        @Override
        public void unregister(DeviceProvider p) {
            unregistered = p == provider;
        }
    }
}
