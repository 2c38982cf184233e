package org.hsdba.rest;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.InMemoryHsdbaStore;

/**
 * The real service as the REST tests use it: G's manager on an in-memory store, with no switches,
 * or a stand-in switch ({@link #connectStandIn}) that admission judges writes against but that is
 * never programmed.
 */
public final class LabService implements AutoCloseable {

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hsdba-test-control");
        t.setDaemon(true);
        return t;
    });
    private final InMemoryHsdbaStore store = new InMemoryHsdbaStore();
    private final HsdbaManager manager;
    /** Devices another (imagined) cluster instance masters: their live state is not read here. */
    private final Set<String> mastersElsewhere = ConcurrentHashMap.newKeySet();
    private final NoSwitches switches = new NoSwitches();
    /** Nodes the stand-in switch holds over all its trees: what stands in for its tables. */
    private volatile int standInRoom;

    public LabService() {
        ProgramCompiler noCompiler = new ProgramCompiler() {
            @Override
            public org.hsdba.impl.program.DeviceProgram compile(List<org.hsdba.model.BandwidthTree> trees,
                    PofSwitch sw, org.hsdba.api.DeviceMode mode, org.hsdba.api.HsdbaParameters parameters) {
                throw new IllegalStateException("no switch is programmed in the REST tests");
            }

            @Override
            public Optional<String> misfit(List<org.hsdba.model.BandwidthTree> trees, PofSwitch sw,
                                           org.hsdba.api.DeviceMode mode, org.hsdba.api.HsdbaParameters parameters) {
                int nodes = trees.stream().mapToInt(org.hsdba.model.BandwidthTree::size).sum();
                return nodes > standInRoom ? Optional.of(nodes + " nodes do not fit the stand-in's " + standInRoom
                        + " entries") : Optional.empty();
            }
        };
        manager = new HsdbaManager(store, switches, noCompiler, scheduler,
                TimeSource.SYSTEM, deviceId -> !mastersElsewhere.contains(deviceId));
        manager.start();
    }

    /**
     * Pretends switch {@code dpid} is connected with ports 1..4 and room for {@code nodes} nodes over
     * all its trees; it is never told it is ready, so nothing programs it. {@link #disconnectStandIn} ends it.
     */
    public void connectStandIn(long dpid, int nodes) {
        standInRoom = nodes;
        switches.standIn = new StandInSwitch(dpid);
    }

    public void disconnectStandIn() {
        switches.standIn = null;
    }

    /** The manager's store: tests listen to its writes (its listeners run on the writer's thread). */
    public InMemoryHsdbaStore store() {
        return store;
    }

    public HsdbaManager manager() {
        return manager;
    }

    /** Pretends another cluster instance is (true) or is no longer (false) the device's master. */
    public void masterElsewhere(String deviceId, boolean elsewhere) {
        if (elsewhere) {
            mastersElsewhere.add(deviceId);
        } else {
            mastersElsewhere.remove(deviceId);
        }
    }

    @Override
    public void close() {
        manager.stop();
        scheduler.shutdownNow();
    }

    /** A POF adapter with nothing connected, or only the stand-in. */
    private static final class NoSwitches implements PofSwitchService {
        volatile StandInSwitch standIn;

        @Override
        public Collection<PofSwitch> switches() {
            StandInSwitch s = standIn;
            return s == null ? List.of() : List.of(s);
        }

        @Override
        public Optional<PofSwitch> getSwitch(long deviceId) {
            StandInSwitch s = standIn;
            return s != null && s.deviceId() == deviceId ? Optional.of(s) : Optional.empty();
        }

        @Override
        public void addListener(PofSwitchListener listener) {
        }

        @Override
        public void removeListener(PofSwitchListener listener) {
        }
    }

    /** A connected switch with ports 1..4 that is never sent anything. */
    private static final class StandInSwitch implements PofSwitch {
        private final long dpid;

        StandInSwitch(long dpid) {
            this.dpid = dpid;
        }

        @Override
        public long deviceId() {
            return dpid;
        }

        @Override
        public long sessionId() {
            return 1;
        }

        @Override
        public java.net.InetSocketAddress remoteAddress() {
            return new java.net.InetSocketAddress("127.0.0.1", 40001);
        }

        @Override
        public org.hsdba.pof.message.FeaturesReply features() {
            return null;
        }

        @Override
        public org.hsdba.pof.message.ResourceReport resources() {
            return null;
        }

        @Override
        public List<org.hsdba.pof.message.PortDesc> ports() {
            List<org.hsdba.pof.message.PortDesc> out = new java.util.ArrayList<>();
            for (int p = 1; p <= 4; p++) {
                out.add(org.hsdba.pof.message.PortDesc.builder().portId(p).name("s-eth" + p).deviceId(dpid).build());
            }
            return out;
        }

        @Override
        public org.hsdba.southbound.SwitchMode mode() {
            return org.hsdba.southbound.SwitchMode.CONTROLLER_ASSISTED;
        }

        @Override
        public boolean isConnected() {
            return true;
        }

        @Override
        public int globalTableId(int tableType, int tableId) {
            return tableId;
        }

        @Override
        public java.util.concurrent.CompletableFuture<Void> send(
                List<? extends org.hsdba.pof.message.PofMessage> messages) {
            throw new IllegalStateException("the stand-in switch is never programmed");
        }

        @Override
        public java.util.concurrent.CompletableFuture<org.hsdba.pof.message.PofMessage> request(
                org.hsdba.pof.message.PofMessage request) {
            throw new IllegalStateException("the stand-in switch is never asked");
        }

        @Override
        public java.util.concurrent.CompletableFuture<List<org.hsdba.pof.message.PofMessage>> queryAll() {
            throw new IllegalStateException("the stand-in switch is never asked");
        }

        @Override
        public void disconnect(String reason) {
        }
    }
}
