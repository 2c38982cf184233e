package org.hsdba.pof.provider;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortReason;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceProviderRegistry;
import org.onosproject.net.device.DeviceProviderService;
import org.onosproject.net.provider.AbstractProvider;
import org.onosproject.net.provider.ProviderId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers POF switches as ONOS devices: connected when their session is ready, ports from the
 * handshake and from PORT_STATUS, disconnected when the session ends. POF has no controller roles,
 * so every role ONOS asks for is acknowledged as it comes.
 */
public final class PofDeviceProvider extends AbstractProvider implements DeviceProvider, PofSwitchListener {
    public static final ProviderId PROVIDER_ID = new ProviderId(PofDevices.SCHEME, "org.hsdba.pof");
    private static final Logger LOG = LoggerFactory.getLogger(PofDeviceProvider.class);

    private final PofSwitchService switches;
    private volatile DeviceProviderService service;

    public PofDeviceProvider(PofSwitchService switches) {
        super(PROVIDER_ID);
        this.switches = switches;
    }

    /** Registers with ONOS and announces the switches already connected. */
    public void start(DeviceProviderRegistry registry) {
        service = registry.register(this);
        switches.addListener(this);
        for (PofSwitch sw : switches.switches()) {
            switchReady(sw);
        }
    }

    /** Stops listening and unregisters (call after the switches were disconnected). */
    public void stop(DeviceProviderRegistry registry) {
        switches.removeListener(this);
        registry.unregister(this);
        service = null;
    }

    // ------------------------------------------------------------------ switch events

    @Override
    public void switchReady(PofSwitch sw) {
        DeviceProviderService s = service;
        if (s == null) {
            return;
        }
        DeviceId id = PofDevices.deviceId(sw.deviceId());
        s.deviceConnected(id, PofDevices.device(sw));
        s.updatePorts(id, PofDevices.ports(sw.ports()));
    }

    @Override
    public void switchDisconnected(PofSwitch sw, String reason) {
        DeviceProviderService s = service;
        if (s == null || isCurrentlyConnected(sw)) {
            return; // a newer session of the same device is up: the device stays connected
        }
        s.deviceDisconnected(PofDevices.deviceId(sw.deviceId()));
    }

    @Override
    public void portStatus(PofSwitch sw, PortStatus status) {
        DeviceProviderService s = service;
        if (s == null) {
            return;
        }
        DeviceId id = PofDevices.deviceId(sw.deviceId());
        if (status.reason() == PortReason.DELETE) {
            s.deletePort(id, PofDevices.port(status.port(), true));
        } else {
            s.portStatusChanged(id, PofDevices.port(status.port()));
        }
    }

    private boolean isCurrentlyConnected(PofSwitch ended) {
        return switches.getSwitch(ended.deviceId())
                .filter(current -> current.sessionId() != ended.sessionId() && current.isConnected())
                .isPresent();
    }

    // ------------------------------------------------------------------ DeviceProvider

    @Override
    public void triggerProbe(DeviceId deviceId) {
        // sessions report their state as it changes; nothing to poll
    }

    @Override
    public void roleChanged(DeviceId deviceId, MastershipRole newRole) {
        // POF 1.4.0 has no ROLE_REQUEST: the switch takes no part, so the role ONOS asks for is the
        // role this instance has. ONOS's DeviceManager waits for this answer; without it, it logs
        // "Failed to assert role", relinquishes mastership and asks again.
        DeviceProviderService s = service;
        if (s != null) {
            s.receivedRoleReply(deviceId, newRole, newRole);
        }
    }

    @Override
    public boolean isReachable(DeviceId deviceId) {
        long pofId = PofDevices.pofDeviceId(deviceId);
        return pofId >= 0 && switches.getSwitch(pofId).map(PofSwitch::isConnected).orElse(false);
    }

    /** Sends PORT_MOD with of_enable set accordingly (POF's only per-port switch). */
    @Override
    public void changePortState(DeviceId deviceId, PortNumber portNumber, boolean enable) {
        long pofId = PofDevices.pofDeviceId(deviceId);
        PofSwitch sw = pofId < 0 ? null : switches.getSwitch(pofId).orElse(null);
        if (sw == null) {
            LOG.warn("cannot change port {} of {}: no such POF switch", portNumber, deviceId);
            return;
        }
        for (PortDesc p : sw.ports()) {
            if (PofDevices.portNumber(p).equals(portNumber)) {
                PortMod mod = new PortMod(0, PortReason.MODIFY, p.toBuilder().openflowEnable(enable ? 1 : 0).build());
                CompletableFuture<Void> done = sw.send(List.of(mod));
                done.whenComplete((v, e) -> {
                    if (e != null) {
                        LOG.warn("port {} of {} not {}: {}", portNumber, deviceId, enable ? "enabled" : "disabled",
                                e.getMessage());
                    }
                });
                return;
            }
        }
        LOG.warn("cannot change port {} of {}: the switch has no such port", portNumber, deviceId);
    }

    @Override
    public void triggerDisconnect(DeviceId deviceId) {
        long pofId = PofDevices.pofDeviceId(deviceId);
        if (pofId >= 0) {
            switches.getSwitch(pofId).ifPresent(sw -> sw.disconnect("requested by ONOS"));
        }
    }
}
