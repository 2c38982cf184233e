package org.hsdba.onos;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.hsdba.api.DeviceStatus;
import org.hsdba.api.EditResult;
import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaListener;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.PortState;
import org.hsdba.api.PreviewResult;
import org.hsdba.impl.DeviceIds;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.TreeEdit;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.DistributedHsdbaStore;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hsdba application in ONOS: registers {@value #APP_NAME}, builds the manager on the
 * distributed store and the POF adapter's {@link PofSwitchService}, and programs the devices
 * this instance masters. A device ONOS has no master for (the POF adapter may not register its
 * switches as ONOS devices) is programmed by the instance its switch is connected to, the only
 * one that can reach it. Every {@link HsdbaService} call is the manager's.
 */
@Component(immediate = true, service = HsdbaService.class)
public class HsdbaComponent implements HsdbaService {

    public static final String APP_NAME = "org.hsdba.app";

    private static final Logger LOG = LoggerFactory.getLogger(HsdbaComponent.class);

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PofSwitchService pofSwitchService;

    private final MastershipListener mastershipListener = this::mastershipChanged;
    private ApplicationId appId;
    private DistributedHsdbaStore store;
    private ScheduledExecutorService executor;
    private HsdbaManager manager;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(APP_NAME);
        store = DistributedHsdbaStore.create(storageService);
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hsdba-control");
            t.setDaemon(true);
            return t;
        });
        manager = new HsdbaManager(store, pofSwitchService, new CompilerPrograms(), executor, TimeSource.SYSTEM,
                mastership());
        manager.start();
        mastershipService.addListener(mastershipListener);
        LOG.info("Started {}", appId == null ? APP_NAME : appId.name());
    }

    @Deactivate
    protected void deactivate() {
        mastershipService.removeListener(mastershipListener);
        manager.stop();
        store.close();
        executor.shutdownNow();
        LOG.info("Stopped {}", APP_NAME);
    }

    /** Ours if we are master, or if nobody is (the switch's session is then only here). */
    private Mastership mastership() {
        return deviceId -> {
            if (!DeviceIds.isPof(deviceId)) {
                return false;
            }
            DeviceId did = DeviceId.deviceId(deviceId);
            return mastershipService.getMasterFor(did) == null || mastershipService.isLocalMaster(did);
        };
    }

    private void mastershipChanged(MastershipEvent event) {
        manager.mastershipChanged(event.subject().toString());
    }

    ApplicationId appId() {
        return appId;
    }

    @Override
    public List<DeviceStatus> devices() {
        return manager.devices();
    }

    @Override
    public Optional<DeviceStatus> device(String deviceId) {
        return manager.device(deviceId);
    }

    @Override
    public List<BandwidthTree> trees() {
        return manager.trees();
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return manager.tree(port);
    }

    @Override
    public BandwidthTree putTree(BandwidthTree tree, OptionalLong expectedVersion) {
        return manager.putTree(tree, expectedVersion);
    }

    @Override
    public void removeTree(PortRef port, OptionalLong expectedVersion) {
        manager.removeTree(port, expectedVersion);
    }

    @Override
    public EditResult edit(PortRef port, TreeEdit edit, OptionalLong expectedVersion) {
        return manager.edit(port, edit, expectedVersion);
    }

    @Override
    public BandwidthTree setLevels(PortRef port, List<LevelSpec> levels, OptionalLong expectedVersion) {
        return manager.setLevels(port, levels, expectedVersion);
    }

    @Override
    public HsdbaParameters parameters() {
        return manager.parameters();
    }

    @Override
    public HsdbaParameters setParameters(HsdbaParameters parameters) {
        return manager.setParameters(parameters);
    }

    @Override
    public HsdbaConfig exportConfig() {
        return manager.exportConfig();
    }

    @Override
    public void importConfig(HsdbaConfig config) {
        manager.importConfig(config);
    }

    @Override
    public PreviewResult preview(PortRef port, TreeEdit edit, Map<String, Double> demandsBps) {
        return manager.preview(port, edit, demandsBps);
    }

    @Override
    public PreviewResult preview(BandwidthTree tree, Map<String, Double> demandsBps) {
        return manager.preview(tree, demandsBps);
    }

    @Override
    public PortState state(PortRef port) {
        return manager.state(port);
    }

    @Override
    public List<HistorySample> history(PortRef port, String nodeId) {
        return manager.history(port, nodeId);
    }

    @Override
    public List<HsdbaEvent> events(int limit) {
        return manager.events(limit);
    }

    @Override
    public void addListener(HsdbaListener listener) {
        manager.addListener(listener);
    }

    @Override
    public void removeListener(HsdbaListener listener) {
        manager.removeListener(listener);
    }
}
