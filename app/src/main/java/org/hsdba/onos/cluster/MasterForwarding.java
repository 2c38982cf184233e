package org.hsdba.onos.cluster;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.hsdba.api.DeviceStatus;
import org.hsdba.api.HistorySample;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.PortState;
import org.hsdba.model.PortRef;
import org.onosproject.cluster.NodeId;

/**
 * The master-only figures as any cluster instance answers them: this instance's own where it
 * programs the device, else the master's, asked through the {@link MasterClient}; if the master
 * does not answer, this instance's own (for live state: marked as measured by the master
 * elsewhere). The own answer is always computed first, so that a missing tree or node is
 * reported the same on every instance and without asking anyone.
 */
public final class MasterForwarding {

    private final HsdbaService local;
    private final Function<String, NodeId> masterElsewhere;
    private final MasterClient client;

    /**
     * @param local this instance's own service (the manager)
     * @param masterElsewhere the device's master if it is another instance, else null
     */
    public MasterForwarding(HsdbaService local, Function<String, NodeId> masterElsewhere, MasterClient client) {
        this.local = Objects.requireNonNull(local, "local");
        this.masterElsewhere = Objects.requireNonNull(masterElsewhere, "masterElsewhere");
        this.client = Objects.requireNonNull(client, "client");
    }

    public PortState state(PortRef port) {
        PortState here = local.state(port);
        NodeId master = here.isMasterElsewhere() ? masterElsewhere.apply(port.deviceId()) : null;
        if (master == null) {
            return here;
        }
        return client.ask(master, LiveQuery.state(port), LiveWire::decodeState).orElse(here);
    }

    public List<HistorySample> history(PortRef port, String nodeId) {
        List<HistorySample> here = local.history(port, nodeId);
        NodeId master = masterElsewhere.apply(port.deviceId());
        if (master == null) {
            return here;
        }
        return client.ask(master, LiveQuery.history(port, nodeId), LiveWire::decodeHistory).orElse(here);
    }

    /** The master's status; a device only the master knows (connected there, no tree yet) is found too. */
    public Optional<DeviceStatus> device(String deviceId) {
        Optional<DeviceStatus> here = local.device(deviceId);
        NodeId master = masterElsewhere.apply(deviceId);
        if (master == null) {
            return here;
        }
        return client.ask(master, LiveQuery.device(deviceId), LiveWire::decodeDevice).flatMap(d -> d)
                .or(() -> here);
    }

    /** This instance's list, each device mastered elsewhere replaced by its master's status (asked all at once). */
    public List<DeviceStatus> devices() {
        List<DeviceStatus> here = local.devices();
        Map<LiveQuery, NodeId> queries = new LinkedHashMap<>();
        for (DeviceStatus d : here) {
            NodeId master = masterElsewhere.apply(d.id());
            if (master != null) {
                queries.put(LiveQuery.device(d.id()), master);
            }
        }
        if (queries.isEmpty()) {
            return here;
        }
        Map<LiveQuery, Optional<Optional<DeviceStatus>>> there = client.askAll(queries, LiveWire::decodeDevice);
        return here.stream()
                .map(d -> there.getOrDefault(LiveQuery.device(d.id()), Optional.empty()).flatMap(s -> s).orElse(d))
                .collect(Collectors.toList());
    }
}
