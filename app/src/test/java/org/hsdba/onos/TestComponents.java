package org.hsdba.onos;

import java.util.Collection;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;

import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.mockito.Mockito;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;

/** Builds {@link HsdbaComponent}s wired to ONOS test doubles, as DS would wire them. */
final class TestComponents {

    private TestComponents() {
    }

    /** A POF adapter with no switch connected. */
    static final class NoSwitches implements PofSwitchService {
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

    /** An activated component; {@code masterTimeoutMs} null: no properties (the default). */
    static HsdbaComponent activated(StorageService storage, MastershipService mastership,
                                    ClusterCommunicationService cluster, PofSwitchService switches,
                                    Integer masterTimeoutMs) {
        HsdbaComponent c = new HsdbaComponent();
        c.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return new DefaultApplicationId(7, name);
            }
        };
        c.storageService = storage;
        c.mastershipService = mastership;
        c.pofSwitchService = switches;
        c.clusterCommunicator = cluster;
        c.cfgService = new ComponentConfigAdapter();
        c.activate(masterTimeoutMs == null ? null : context(masterTimeoutMs));
        return c;
    }

    static ComponentContext context(Object masterTimeoutMs) {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(OsgiPropertyConstants.MASTER_TIMEOUT_MS, masterTimeoutMs);
        ComponentContext context = Mockito.mock(ComponentContext.class);
        Mockito.when(context.getProperties()).thenReturn(properties);
        return context;
    }
}
