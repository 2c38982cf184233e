package org.hsdba.onos;

import static org.hsdba.onos.OsgiPropertyConstants.MASTER_TIMEOUT_MS;
import static org.hsdba.onos.OsgiPropertyConstants.MASTER_TIMEOUT_MS_DEFAULT;

import java.time.Duration;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.hsdba.api.DeviceStatus;
import org.hsdba.api.EditResult;
import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaListener;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.OperatorHistory;
import org.hsdba.api.Precondition;
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
import org.hsdba.onos.cluster.FallbackLog;
import org.hsdba.onos.cluster.MasterClient;
import org.hsdba.onos.cluster.MasterForwarding;
import org.hsdba.onos.cluster.MasterResponder;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.DistributedHsdbaStore;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hsdba application in ONOS: registers {@value #APP_NAME}, builds the manager on the
 * distributed store and the POF adapter's {@link PofSwitchService}, and programs the devices
 * this instance masters. A device ONOS has no master for (the POF adapter may not register its
 * switches as ONOS devices) is programmed by the instance its switch is connected to, the only
 * one that can reach it. Every {@link HsdbaService} call is the manager's, except the master-only
 * live figures (port state, history, device status) of a device another instance masters: those
 * are asked of that master over cluster messaging ({@link MasterForwarding}), and this instance
 * answers such questions about the devices it programs ({@link MasterResponder}).
 * {@link #local()} is the manager, for exporters that must not ask the cluster.
 */
@Component(immediate = true, service = HsdbaService.class,
        property = {
            MASTER_TIMEOUT_MS + ":Integer=" + MASTER_TIMEOUT_MS_DEFAULT,
        })
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

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterCommunicationService clusterCommunicator;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    private final MastershipListener mastershipListener = this::mastershipChanged;
    private final FallbackLog fallbackLog = new FallbackLog(LOG::warn, LOG::info);
    // Named like the property: onos-maven-plugin's cfg goal writes the .cfgdef from this comment.
    /** How long (ms) a non-master instance waits for the master's live state before showing its own. */
    private volatile long masterTimeoutMs = MASTER_TIMEOUT_MS_DEFAULT;
    private ApplicationId appId;
    private DistributedHsdbaStore store;
    private ScheduledExecutorService executor;
    private ExecutorService workers;
    private ExecutorService answerExecutor;
    private HsdbaManager manager;
    private MasterResponder responder;
    private MasterForwarding forwarding;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        readProperties(context);
        appId = coreService.registerApplication(APP_NAME);
        store = DistributedHsdbaStore.create(storageService);
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hsdba-timer");
            t.setDaemon(true);
            return t;
        });
        workers = HsdbaManager.newWorkerPool("hsdba-lane");
        manager = new HsdbaManager(store, pofSwitchService, new CompilerPrograms(), executor, workers,
                TimeSource.SYSTEM, mastership());
        manager.start();
        mastershipService.addListener(mastershipListener);
        forwarding = new MasterForwarding(manager, this::masterElsewhere,
                new MasterClient(clusterCommunicator, this::masterTimeout, fallbackLog));
        // its own thread: answering other instances must not queue behind (or delay) programming
        answerExecutor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "hsdba-cluster-answers");
            t.setDaemon(true);
            return t;
        });
        responder = new MasterResponder(manager, mastership()::isMaster);
        responder.start(clusterCommunicator, answerExecutor);
        LOG.info("Started {}", appId == null ? APP_NAME : appId.name());
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
    }

    @Deactivate
    protected void deactivate() {
        responder.stop(clusterCommunicator);
        answerExecutor.shutdownNow();
        mastershipService.removeListener(mastershipListener);
        manager.stop();
        store.close();
        executor.shutdownNow();
        workers.shutdownNow();
        cfgService.unregisterProperties(getClass(), false);
        LOG.info("Stopped {}", APP_NAME);
    }

    private void readProperties(ComponentContext context) {
        masterTimeoutMs = masterTimeoutMillis(context == null ? null : context.getProperties());
    }

    /** {@value OsgiPropertyConstants#MASTER_TIMEOUT_MS} from the properties; absent or invalid: the default. */
    static long masterTimeoutMillis(Dictionary<?, ?> properties) {
        if (properties == null) {
            return MASTER_TIMEOUT_MS_DEFAULT;
        }
        Integer v;
        try {
            v = Tools.getIntegerProperty(properties, MASTER_TIMEOUT_MS);
        } catch (NumberFormatException e) {
            LOG.warn("component property {} is not an integer; using {}", MASTER_TIMEOUT_MS, MASTER_TIMEOUT_MS_DEFAULT);
            return MASTER_TIMEOUT_MS_DEFAULT;
        }
        if (v == null) {
            return MASTER_TIMEOUT_MS_DEFAULT;
        }
        if (v <= 0) {
            LOG.warn("component property {} = {} must be positive; using {}", MASTER_TIMEOUT_MS, v,
                    MASTER_TIMEOUT_MS_DEFAULT);
            return MASTER_TIMEOUT_MS_DEFAULT;
        }
        return v;
    }

    /** The device's master if it is another instance; null if it is us or nobody (then it is ours). */
    private NodeId masterElsewhere(String deviceId) {
        if (!DeviceIds.isPof(deviceId)) {
            return null;
        }
        DeviceId did = DeviceId.deviceId(deviceId);
        NodeId master = mastershipService.getMasterFor(did);
        return master == null || mastershipService.isLocalMaster(did) ? null : master;
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

    Duration masterTimeout() {
        return Duration.ofMillis(masterTimeoutMs);
    }

    /** The manager: this instance's own figures, without asking any other instance. */
    @Override
    public HsdbaService local() {
        return manager;
    }

    @Override
    public List<DeviceStatus> devices() {
        return forwarding.devices();
    }

    @Override
    public Optional<DeviceStatus> device(String deviceId) {
        return forwarding.device(deviceId);
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
    public BandwidthTree putTree(BandwidthTree tree, Precondition expected) {
        return manager.putTree(tree, expected);
    }

    @Override
    public void removeTree(PortRef port, Precondition expected) {
        manager.removeTree(port, expected);
    }

    @Override
    public EditResult edit(PortRef port, TreeEdit edit, Precondition expected) {
        return manager.edit(port, edit, expected);
    }

    @Override
    public java.util.concurrent.CompletableFuture<EditResult> editAsync(PortRef port, TreeEdit edit,
                                                                        Precondition expected) {
        return manager.editAsync(port, edit, expected);
    }

    @Override
    public BandwidthTree setLevels(PortRef port, List<LevelSpec> levels, Precondition expected) {
        return manager.setLevels(port, levels, expected);
    }

    @Override
    public BandwidthTree undo(PortRef port, Precondition expected) {
        return manager.undo(port, expected);
    }

    @Override
    public BandwidthTree redo(PortRef port, Precondition expected) {
        return manager.redo(port, expected);
    }

    @Override
    public List<org.hsdba.api.Warning> warnings(PortRef port) {
        return manager.warnings(port);
    }

    @Override
    public OperatorHistory operatorHistory(PortRef port) {
        return manager.operatorHistory(port);
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
    public org.hsdba.api.ParametersPreview previewParameters(HsdbaParameters parameters) {
        return manager.previewParameters(parameters);
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
        return forwarding.state(port);
    }

    @Override
    public List<HistorySample> history(PortRef port, String nodeId) {
        return forwarding.history(port, nodeId);
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
