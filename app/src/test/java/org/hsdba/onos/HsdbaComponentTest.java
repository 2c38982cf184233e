package org.hsdba.onos;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
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
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.store.service.TestStorageService;

/** The ONOS component with ONOS's own test doubles: activation, the service over the distributed store, deactivation. */
public class HsdbaComponentTest {

    private static final PortRef PORT = PortRef.of("pof:0000000000000001", 3);

    private final HsdbaComponent component = new HsdbaComponent();
    private final NoSwitches switches = new NoSwitches();

    /** A POF adapter with no switch connected. */
    private static final class NoSwitches implements PofSwitchService {
        int listeners;

        @Override
        public Collection<PofSwitch> switches() {
            return List.of();
        }

        @Override
        public Optional<PofSwitch> getSwitch(long deviceId) {
            return Optional.empty();
        }

        @Override
        public void addListener(PofSwitchListener listener) {
            listeners++;
        }

        @Override
        public void removeListener(PofSwitchListener listener) {
            listeners--;
        }
    }

    @Before
    public void setUp() {
        component.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return new DefaultApplicationId(7, name);
            }
        };
        component.storageService = new TestStorageService();
        component.mastershipService = new MastershipServiceAdapter();
        component.pofSwitchService = switches;
        component.activate();
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
