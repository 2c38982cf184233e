package org.hsdba.lifecycle;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.southbound.SwitchMode;

/**
 * The real adapter with a fault switch: while armed, the next batch the manager sends gets one
 * extra FLOW_MOD into a table the program never created, which the real switch answers with an
 * ERROR. Everything else passes through unchanged, and every message the manager sends is
 * recorded ({@link #sent}).
 */
final class FaultySwitches implements PofSwitchService {

    /** MM table the compiled programs do not use. */
    static final int MISSING_TABLE = 7;

    final AtomicInteger armed = new AtomicInteger();
    /** Every message the manager sent, in order. */
    final List<PofMessage> sent = new CopyOnWriteArrayList<>();
    private final PofSwitchService real;
    private final Map<PofSwitch, PofSwitch> wrappers = new ConcurrentHashMap<>();
    private final Map<PofSwitchListener, PofSwitchListener> listeners = new ConcurrentHashMap<>();

    FaultySwitches(PofSwitchService real) {
        this.real = real;
    }

    private PofSwitch wrap(PofSwitch sw) {
        return wrappers.computeIfAbsent(sw, Faulty::new);
    }

    @Override
    public Collection<PofSwitch> switches() {
        return real.switches().stream().map(this::wrap).collect(Collectors.toList());
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        return real.getSwitch(deviceId).map(this::wrap);
    }

    @Override
    public void addListener(PofSwitchListener l) {
        PofSwitchListener w = new PofSwitchListener() {
            @Override
            public void switchReady(PofSwitch sw) {
                l.switchReady(wrap(sw));
            }

            @Override
            public void switchDisconnected(PofSwitch sw, String reason) {
                l.switchDisconnected(wrap(sw), reason);
            }

            @Override
            public void portStatus(PofSwitch sw, PortStatus status) {
                l.portStatus(wrap(sw), status);
            }

            @Override
            public void packetIn(PofSwitch sw, PacketIn packetIn) {
                l.packetIn(wrap(sw), packetIn);
            }

            @Override
            public void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
                l.error(wrap(sw), error, cause);
            }

            @Override
            public void message(PofSwitch sw, PofMessage message) {
                l.message(wrap(sw), message);
            }
        };
        listeners.put(l, w);
        real.addListener(w);
    }

    @Override
    public void removeListener(PofSwitchListener l) {
        PofSwitchListener w = listeners.remove(l);
        if (w != null) {
            real.removeListener(w);
        }
    }

    /** A session whose send may carry one bad FLOW_MOD. */
    private final class Faulty implements PofSwitch {
        private final PofSwitch sw;

        Faulty(PofSwitch sw) {
            this.sw = sw;
        }

        @Override
        public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
            sent.addAll(messages);
            if (!messages.isEmpty() && armed.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                List<PofMessage> bad = new ArrayList<>(messages);
                bad.add(FlowMod.builder().command(FlowModCommand.ADD).table(TableType.MM, MISSING_TABLE).index(0).build());
                return sw.send(bad);
            }
            return sw.send(messages);
        }

        @Override
        public long deviceId() {
            return sw.deviceId();
        }

        @Override
        public long sessionId() {
            return sw.sessionId();
        }

        @Override
        public InetSocketAddress remoteAddress() {
            return sw.remoteAddress();
        }

        @Override
        public FeaturesReply features() {
            return sw.features();
        }

        @Override
        public ResourceReport resources() {
            return sw.resources();
        }

        @Override
        public List<PortDesc> ports() {
            return sw.ports();
        }

        @Override
        public SwitchMode mode() {
            return sw.mode();
        }

        @Override
        public Optional<HxFeaturesReply> extensionFeatures() {
            return sw.extensionFeatures();
        }

        @Override
        public boolean isConnected() {
            return sw.isConnected();
        }

        @Override
        public int globalTableId(int tableType, int tableId) {
            return sw.globalTableId(tableType, tableId);
        }

        @Override
        public CompletableFuture<PofMessage> request(PofMessage request) {
            return sw.request(request);
        }

        @Override
        public CompletableFuture<List<PofMessage>> queryAll() {
            return sw.queryAll();
        }

        @Override
        public void disconnect(String reason) {
            sw.disconnect(reason);
        }
    }
}
