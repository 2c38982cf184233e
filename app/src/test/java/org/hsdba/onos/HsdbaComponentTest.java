package org.hsdba.onos;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import org.hsdba.api.DeviceStatus;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.TreeEdit;
import org.hsdba.onos.TestComponents.NoSwitches;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.store.cluster.messaging.ClusterCommunicationServiceAdapter;

/** The ONOS component with ONOS's own test doubles: activation, the service over the distributed store, deactivation. */
public class HsdbaComponentTest {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);

    private final NoSwitches switches = new NoSwitches();
    private HsdbaComponent component;

    @Before
    public void setUp() {
        component = TestComponents.activated(new SharedStorageService(), new MastershipServiceAdapter(),
                new ClusterCommunicationServiceAdapter(), switches, null);
    }

    @After
    public void tearDown() {
        component.deactivate();
        assertEquals("the manager stopped listening to the adapter", 0, switches.listeners);
    }

    @Test
    public void registersTheAppAndListensToTheAdapter() {
        assertEquals(HsdbaComponent.APP_NAME, component.appId().name());
        assertEquals(1, switches.listeners);
    }

    @Test
    public void masterTimeoutIsAComponentPropertyWithASaneDefault() {
        assertEquals(Duration.ofMillis(OsgiPropertyConstants.MASTER_TIMEOUT_MS_DEFAULT), component.masterTimeout());
        component.modified(TestComponents.context("750"));
        assertEquals(Duration.ofMillis(750), component.masterTimeout());
        component.modified(TestComponents.context(300));
        assertEquals(Duration.ofMillis(300), component.masterTimeout());
        component.modified(TestComponents.context("soon"));
        assertEquals("not a number: the default", 2000, component.masterTimeout().toMillis());
        component.modified(TestComponents.context(0));
        assertEquals("not positive: the default", 2000, component.masterTimeout().toMillis());
    }

    @Test
    public void localViewIsTheManagersNotTheComponent() {
        assertNotSame(component, component.local());
        assertSame(component.local(), component.local().local());
    }

    @Test
    public void treesGoThroughTheDistributedStore() {
        BandwidthTree t = component.putTree(tree(), OptionalLong.of(0));
        assertEquals(1, t.version());
        component.edit(PORT, TreeEdit.deleteSubtree("alice"), OptionalLong.of(1));
        assertFalse(component.tree(PORT).get().contains("alice"));
        assertEquals(2, component.trees().get(0).version());
        DeviceStatus d = component.device(PORT.deviceId()).get();
        assertFalse(d.isConnected());
        assertTrue(d.ports().get(0).isManaged());
    }

    private static BandwidthTree tree() {
        return BandwidthTree.builder(PORT).capacity(Rate.parse("1G"))
                .levels(List.of(LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("alice").key(MatchKey.parse("10.0.0.1", null, 32)).weight(1.0).build())
                .addNode(NodeSpec.builder("bob").key(MatchKey.parse("10.0.0.2", null, 32)).weight(1.0).build())
                .build();
    }
}
