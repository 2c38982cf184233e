package org.hsdba.pof.provider;

import static org.hsdba.pof.provider.OsgiPropertyConstants.CONFIRM_TIMEOUT_MS;
import static org.hsdba.pof.provider.OsgiPropertyConstants.CONFIRM_TIMEOUT_MS_DEFAULT;
import static org.hsdba.pof.provider.OsgiPropertyConstants.LIVENESS_TIMEOUT_MS;
import static org.hsdba.pof.provider.OsgiPropertyConstants.LIVENESS_TIMEOUT_MS_DEFAULT;
import static org.hsdba.pof.provider.OsgiPropertyConstants.POF_BIND_ADDRESS;
import static org.hsdba.pof.provider.OsgiPropertyConstants.POF_BIND_ADDRESS_DEFAULT;
import static org.hsdba.pof.provider.OsgiPropertyConstants.POF_PORT;
import static org.hsdba.pof.provider.OsgiPropertyConstants.POF_PORT_DEFAULT;
import static org.hsdba.pof.provider.OsgiPropertyConstants.PROBE_TIMEOUT_MS;
import static org.hsdba.pof.provider.OsgiPropertyConstants.PROBE_TIMEOUT_MS_DEFAULT;
import static org.hsdba.pof.provider.OsgiPropertyConstants.REQUEST_TIMEOUT_MS;
import static org.hsdba.pof.provider.OsgiPropertyConstants.REQUEST_TIMEOUT_MS_DEFAULT;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collection;
import java.util.Dictionary;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.hsdba.pof.server.ListenerSet;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.net.device.DeviceProviderRegistry;
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
 * The POF adapter inside ONOS: runs the {@link PofServer} with the component's configuration,
 * offers it as the {@link PofSwitchService}, and registers switches as ONOS devices through
 * {@link PofDeviceProvider}. Changing a property restarts the server (switches reconnect, as they
 * do after any controller restart). Listeners stay registered across restarts.
 */
@Component(immediate = true, service = PofSwitchService.class,
        property = {
            POF_PORT + ":Integer=" + POF_PORT_DEFAULT,
            POF_BIND_ADDRESS + "=" + POF_BIND_ADDRESS_DEFAULT,
            LIVENESS_TIMEOUT_MS + ":Integer=" + LIVENESS_TIMEOUT_MS_DEFAULT,
            REQUEST_TIMEOUT_MS + ":Integer=" + REQUEST_TIMEOUT_MS_DEFAULT,
            CONFIRM_TIMEOUT_MS + ":Integer=" + CONFIRM_TIMEOUT_MS_DEFAULT,
            PROBE_TIMEOUT_MS + ":Integer=" + PROBE_TIMEOUT_MS_DEFAULT,
        })
public class PofAdapterManager implements PofSwitchService {
    private static final Logger LOG = LoggerFactory.getLogger(PofAdapterManager.class);

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceProviderRegistry providerRegistry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    // The component properties as applied, one field per property: onos-maven-plugin's cfg goal
    // writes the .cfgdef ONOS reads (name|TYPE|default|description) from these fields' comments.

    /** TCP port POF switches connect to. */
    private volatile int pofPort = POF_PORT_DEFAULT;

    /** Address the POF server listens on: node = this ONOS node's cluster IP, 0.0.0.0 = all interfaces, or an IP. */
    private volatile String pofBindAddress = POF_BIND_ADDRESS_DEFAULT;

    /** A switch silent this long (ms) is declared down. */
    private volatile int livenessTimeoutMs = LIVENESS_TIMEOUT_MS_DEFAULT;

    /** Timeout (ms) of requests and QUERYALL. */
    private volatile int requestTimeoutMs = REQUEST_TIMEOUT_MS_DEFAULT;

    /** Timeout (ms) of the confirmation of a send. */
    private volatile int confirmTimeoutMs = CONFIRM_TIMEOUT_MS_DEFAULT;

    /** Timeout (ms) of the HSDBA capability probe; no answer means stock POF. */
    private volatile int probeTimeoutMs = PROBE_TIMEOUT_MS_DEFAULT;

    private final ListenerSet listeners = new ListenerSet();
    private final PofDeviceProvider provider = new PofDeviceProvider(this);
    private volatile PofServer server;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        provider.start(providerRegistry);
        restart(configOf(context == null ? null : context.getProperties(), this::localNodeIp));
        LOG.info("POF adapter started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        PofServerConfig next = configOf(context == null ? null : context.getProperties(), this::localNodeIp);
        PofServer current = server;
        if (current == null || !current.config().equals(next)) {
            restart(next);
        }
    }

    @Deactivate
    protected void deactivate() {
        stopServer(); // listeners, the device provider among them, hear every disconnection first
        provider.stop(providerRegistry);
        cfgService.unregisterProperties(getClass(), false);
        LOG.info("POF adapter stopped");
    }

    /** The running server's address (tests and diagnostics). */
    public InetSocketAddress localAddress() {
        PofServer s = server;
        if (s == null) {
            throw new IllegalStateException("POF adapter is not running");
        }
        return s.localAddress();
    }

    // ------------------------------------------------------------------ PofSwitchService

    @Override
    public Collection<PofSwitch> switches() {
        PofServer s = server;
        return s == null ? List.of() : s.switches();
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        PofServer s = server;
        return s == null ? Optional.empty() : s.getSwitch(deviceId);
    }

    @Override
    public void addListener(PofSwitchListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(PofSwitchListener listener) {
        listeners.remove(listener);
    }

    // ------------------------------------------------------------------ configuration

    private synchronized void restart(PofServerConfig config) {
        stopServer();
        PofServer next = new PofServer(config);
        next.addListener(listeners);
        next.start();
        server = next;
        recordApplied(config);
        LOG.info("POF adapter configured: {}", config);
    }

    private String localNodeIp() {
        return clusterService.getLocalNode().ip().toString();
    }

    private void recordApplied(PofServerConfig config) {
        pofPort = config.port();
        pofBindAddress = config.bindAddress(); // resolved: the address actually bound
        livenessTimeoutMs = (int) config.livenessTimeout().toMillis();
        requestTimeoutMs = (int) config.requestTimeout().toMillis();
        confirmTimeoutMs = (int) config.confirmTimeout().toMillis();
        probeTimeoutMs = (int) config.probeTimeout().toMillis();
    }

    private synchronized void stopServer() {
        PofServer s = server;
        if (s != null) {
            s.stop();
            server = null;
        }
    }

    /**
     * The server settings from component properties; absent or unparsable values take the defaults;
     * the bind address {@value BindAddress#NODE} becomes {@code localNodeIp}'s answer.
     */
    static PofServerConfig configOf(Dictionary<?, ?> properties, Supplier<String> localNodeIp) {
        PofServerConfig.Builder b = PofServerConfig.builder()
                .port(intProperty(properties, POF_PORT, POF_PORT_DEFAULT))
                .livenessTimeout(millis(properties, LIVENESS_TIMEOUT_MS, LIVENESS_TIMEOUT_MS_DEFAULT))
                .requestTimeout(millis(properties, REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS_DEFAULT))
                .confirmTimeout(millis(properties, CONFIRM_TIMEOUT_MS, CONFIRM_TIMEOUT_MS_DEFAULT))
                .probeTimeout(millis(properties, PROBE_TIMEOUT_MS, PROBE_TIMEOUT_MS_DEFAULT));
        String bind = properties == null ? null : Tools.get(properties, POF_BIND_ADDRESS);
        b.bindAddress(BindAddress.resolve(bind == null || bind.isBlank() ? POF_BIND_ADDRESS_DEFAULT : bind, localNodeIp));
        return b.build();
    }

    private static int intProperty(Dictionary<?, ?> properties, String name, int fallback) {
        if (properties == null) {
            return fallback;
        }
        try {
            Integer v = Tools.getIntegerProperty(properties, name);
            return v == null ? fallback : v;
        } catch (NumberFormatException e) {
            LOG.warn("component property {} is not an integer; using {}", name, fallback);
            return fallback;
        }
    }

    private static Duration millis(Dictionary<?, ?> properties, String name, int fallback) {
        int v = intProperty(properties, name, fallback);
        if (v <= 0) {
            LOG.warn("component property {} = {} must be positive; using {}", name, v, fallback);
            v = fallback;
        }
        return Duration.ofMillis(v);
    }
}
