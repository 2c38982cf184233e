package org.hsdba.lifecycle.bench;

import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.hsdba.lifecycle.bench.JoinStages.Stage;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.southbound.SwitchMode;

/**
 * The adapter as the manager sees it, stamping {@link Stage#ARRIVED} when a join PACKET_IN reaches
 * the listeners and {@link Stage#SENT}/{@link Stage#CONFIRMED} around {@link PofSwitch#send}. Each
 * switch session is wrapped once, so the manager's identity checks on sessions still hold.
 */
final class TimedSwitches implements PofSwitchService {

    private final PofSwitchService real;
    private final JoinStages stages;
    private final Function<byte[], String> nodeIdOfFrame;
    private final Map<PofSwitch, Timed> wrappers = new ConcurrentHashMap<>();
    private final Map<PofSwitchListener, PofSwitchListener> listeners = new ConcurrentHashMap<>();
    /** The last PACKET_IN seen (the benchmark copies its reason and table). */
    volatile PacketIn lastPacketIn;
    /** The last switch session that became ready (wrapped). */
    volatile PofSwitch lastReady;

    TimedSwitches(PofSwitchService real, JoinStages stages, Function<byte[], String> nodeIdOfFrame) {
        this.real = Objects.requireNonNull(real, "real");
        this.stages = Objects.requireNonNull(stages, "stages");
        this.nodeIdOfFrame = Objects.requireNonNull(nodeIdOfFrame, "nodeIdOfFrame");
    }

    private PofSwitch wrap(PofSwitch sw) {
        return wrappers.computeIfAbsent(sw, Timed::new);
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
                PofSwitch t = wrap(sw);
                lastReady = t;
                l.switchReady(t);
            }

            @Override
            public void switchDisconnected(PofSwitch sw, String reason) {
                l.switchDisconnected(wrap(sw), reason);
            }

            @Override
            public void packetIn(PofSwitch sw, PacketIn p) {
                stages.arrived(nodeIdOfFrame.apply(p.data()), System.nanoTime());
                lastPacketIn = p;
                l.packetIn(wrap(sw), p);
            }

            @Override
            public void error(PofSwitch sw, ErrorMessage e, PofMessage cause) {
                l.error(wrap(sw), e, cause);
            }

            @Override
            public void message(PofSwitch sw, PofMessage m) {
                l.message(wrap(sw), m);
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

    /** A session passing every call through, timing sends. */
    private final class Timed implements PofSwitch {
        private final PofSwitch sw;

        Timed(PofSwitch sw) {
            this.sw = sw;
        }

        @Override
        public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
            List<String> joins = stages.reached(Stage.SENT, id -> true, System.nanoTime());
            // a dependent future: the stamp is taken before the manager's own callback runs
            return sw.send(messages).whenComplete((ok, err) -> {
                if (err == null) {
                    stages.reached(Stage.CONFIRMED, joins, System.nanoTime());
                }
            });
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
        public void disconnect(String reason) {
            sw.disconnect(reason);
        }

        @Override
        public String toString() {
            return sw.toString();
        }
    }
}
