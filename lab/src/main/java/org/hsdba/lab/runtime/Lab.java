package org.hsdba.lab.runtime;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaService;
import org.hsdba.impl.DeviceIds;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.lab.traffic.CoarseClock;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.lab.traffic.SwitchTraffic;
import org.hsdba.lab.traffic.TrafficPlayer;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.rest.server.HsdbaRestServer;
import org.hsdba.store.FileHsdbaStore;

/**
 * The whole system on one machine, wired from the same classes ONOS runs: the {@link HsdbaManager}
 * on a {@link FileHsdbaStore}, the Netty POF server, the REST API and GUI on embedded Jetty, and
 * reference switches that connect over TCP and play the scenario's traffic in real time.
 *
 * <p>Start order: data directory lock and store; POF server; manager (seeding the store on the
 * first start only, i.e. when the directory has no configuration yet); REST server; switches. A
 * switch's traffic starts when the controller has programmed it. {@link #close()} stops traffic,
 * switches, REST server, manager, POF server, then releases the store, in that order.
 */
public final class Lab implements AutoCloseable {

    private static final long TICK_MILLIS = 100;

    private final LabOptions options;
    private final LabScenario scenario;
    private final PrintStream events;
    private final long startNanos = System.nanoTime();
    private final CompletableFuture<Long> firstProgrammed = new CompletableFuture<>();
    private final Map<Long, TrafficPlayer> players = new ConcurrentHashMap<>();
    private final List<LabSwitch> switches = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong joins = new AtomicLong();
    private final AtomicLong prunes = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private DataDirLock lock;
    private boolean seeded;
    private PofServer pofServer;
    private ScheduledExecutorService control;
    private java.util.concurrent.ExecutorService workers;
    private ScheduledExecutorService ticker;
    private HsdbaManager manager;
    private HsdbaRestServer rest;
    private volatile boolean closing;
    private boolean closed;
    private long startupMillis;

    private Lab(LabOptions options, LabScenario scenario, PrintStream events) {
        this.options = options;
        this.scenario = scenario;
        this.events = events;
    }

    /**
     * Starts everything (returns once the servers listen and the switches are connecting).
     *
     * @param scenario the scenario, read by the caller from {@code options.scenario()}
     * @param events   where events and status lines are printed; null for silence
     * @throws IllegalStateException if a port or the data directory is taken (nothing is left running)
     */
    public static Lab start(LabOptions options, LabScenario scenario, PrintStream events) {
        Lab lab = new Lab(options, scenario, events);
        try {
            lab.startAll();
        } catch (RuntimeException | Error e) {
            lab.close();
            throw e;
        }
        return lab;
    }

    /**
     * The line rate the lab's simulated ports report: the largest capacity the scenario gives a
     * port of this switch (its traffic is scaled to it); 0 (not known) when it configures none.
     */
    private long linkSpeedKbps(long dpid) {
        String id = DeviceIds.of(dpid);
        double bps = 0;
        for (BandwidthTree t : scenario.seedConfig(options.switches(), options.scale()).trees()) {
            if (t.port().deviceId().equals(id)) {
                bps = Math.max(bps, t.capacity().asDouble());
            }
        }
        return Math.min(Math.round(bps / 1000), 0xFFFF_FFFFL);
    }

    private LabSwitch startSwitch(long dpid, int ports, long speedKbps, String host, int port) {
        try {
            return LabSwitch.start(dpid, ports, !options.stockSwitches(), options.stockProfile(), Map.of(),
                    speedKbps, host, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // no interfaces: no I/O that can fail
        }
    }

    private void startAll() {
        Path dir = options.dataDir();
        lock = DataDirLock.acquire(dir);
        boolean fresh = !Files.exists(dir.resolve(FileHsdbaStore.CONFIG_FILE));
        FileHsdbaStore store = FileHsdbaStore.open(dir);

        pofServer = new PofServer(PofServerConfig.builder().bindAddress(options.bind()).port(options.pofPort()).build());
        pofServer.start();

        control = Executors.newSingleThreadScheduledExecutor(daemon("hsdba-timer"));
        workers = HsdbaManager.newWorkerPool("hsdba-lane");
        manager = new HsdbaManager(store, pofServer, new CompilerPrograms(), control, workers, TimeSource.SYSTEM,
                Mastership.ALWAYS);
        manager.addListener(this::onEvent);
        manager.start();
        if (fresh) {
            manager.importConfig(scenario.seedConfig(options.switches(), options.scale()));
            seeded = true;
        }

        rest = HsdbaRestServer.start(manager, new InetSocketAddress(options.bind(), options.httpPort()),
                options.user(), options.password());

        String host = connectHost(options.bind());
        int port = pofServer.localAddress().getPort();
        for (long dpid = 1; dpid <= options.switches(); dpid++) {
            SwitchTraffic traffic = scenario.trafficFor(dpid, options.scale());
            int ports = Math.max(2, traffic.highestEgressPort());
            switches.add(startSwitch(dpid, ports, linkSpeedKbps(dpid), host, port));
        }
        ticker = Executors.newSingleThreadScheduledExecutor(daemon("lab-ticker"));
        ticker.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
        if (events != null && !options.statusInterval().isZero()) {
            long ms = options.statusInterval().toMillis();
            ticker.scheduleAtFixedRate(() -> events.println(statusLine()), ms, ms, TimeUnit.MILLISECONDS);
        }
        startupMillis = elapsedMillis();
    }

    /** Where the lab's switches connect: the bound address, or loopback when bound to every address. */
    static String connectHost(String bind) {
        return bind.equals("0.0.0.0") || bind.equals("::") || bind.equals("[::]") ? "127.0.0.1" : bind;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    private void tick() {
        List<LabSwitch> copy;
        synchronized (switches) {
            copy = new ArrayList<>(switches);
        }
        for (LabSwitch s : copy) {
            s.tick();
        }
    }

    private void onEvent(HsdbaEvent e) {
        switch (e.type()) {
            case SWITCH_PROGRAMMED:
                firstProgrammed.complete(elapsedMillis());
                e.deviceId().ifPresent(this::startTraffic);
                break;
            case NODE_JOINED:
                joins.incrementAndGet();
                break;
            case NODE_PRUNED:
                prunes.incrementAndGet();
                break;
            case ERROR:
                errors.incrementAndGet();
                break;
            default:
                break;
        }
        if (events != null) {
            events.println(format(e));
        }
    }

    /** Starts the traffic of the lab switch with this device id, once (it loops from then on). */
    private synchronized void startTraffic(String deviceId) {
        if (closing) {
            return;
        }
        LabSwitch sw = null;
        synchronized (switches) {
            for (LabSwitch s : switches) {
                if (LabScenario.deviceId(s.dpid()).equals(deviceId)) {
                    sw = s;
                }
            }
        }
        if (sw == null || players.containsKey(sw.dpid())) {
            return;
        }
        SwitchTraffic traffic = scenario.trafficFor(sw.dpid(), options.scale());
        if (traffic.isEmpty()) {
            return;
        }
        LabSwitch target = sw;
        players.put(sw.dpid(), new TrafficPlayer("switch-" + sw.dpid(), traffic, scenario.loop(),
                CoarseClock.millisecond(), target::feed).start());
    }

    static String format(HsdbaEvent e) {
        StringBuilder b = new StringBuilder(new SimpleDateFormat("HH:mm:ss").format(new Date(e.timeMillis())));
        b.append(' ').append(e.type());
        e.deviceId().ifPresent(d -> b.append(' ').append(d));
        if (e.port().isPresent()) {
            b.append(" port ").append(e.port().getAsLong());
        }
        e.nodeId().ifPresent(n -> b.append(" node ").append(n));
        if (!e.message().isEmpty()) {
            b.append(": ").append(e.message());
        }
        return b.toString();
    }

    private long elapsedMillis() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** Milliseconds {@link #start} took: servers listening, switches connecting. */
    public long startupMillis() {
        return startupMillis;
    }

    /** Completes with the milliseconds from the start of {@link #start} to the first SWITCH_PROGRAMMED. */
    public CompletableFuture<Long> firstProgrammed() {
        return firstProgrammed;
    }

    /** The service behind REST and GUI (the same object ONOS would run). */
    public HsdbaService service() {
        return manager;
    }

    /** True if this start seeded the store from the scenario (the data directory had no configuration). */
    public boolean seeded() {
        return seeded;
    }

    public URI uiUri() {
        return rest.uiUri();
    }

    public URI apiUri() {
        return rest.apiUri();
    }

    public int httpPort() {
        return rest.port();
    }

    public int pofPort() {
        return pofServer.localAddress().getPort();
    }

    public List<LabSwitch> switches() {
        synchronized (switches) {
            return List.copyOf(switches);
        }
    }

    /** The traffic player of switch {@code dpid}, once its traffic started. */
    public java.util.Optional<TrafficPlayer> player(long dpid) {
        return java.util.Optional.ofNullable(players.get(dpid));
    }

    /**
     * A status line, then one indented line per lab switch:
     * {@code status: 2 of 2 connected switches programmed; joins 3, prunes 1, errors 0}.
     */
    public String statusLine() {
        long programmed = manager.devices().stream().filter(d -> d.isConnected() && d.isProgrammed()).count();
        StringBuilder b = new StringBuilder("status: ").append(programmed).append(" of ")
                .append(pofServer.switches().size()).append(" connected switches programmed; joins ").append(joins.get())
                .append(", prunes ").append(prunes.get()).append(", errors ").append(errors.get());
        for (LabSwitch s : switches()) {
            b.append(System.lineSeparator()).append("  ").append(s.statusLine());
        }
        return b.toString();
    }

    /** Stops everything in order (idempotent); the configuration stays in the data directory. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            closing = true;
        }
        for (TrafficPlayer p : players.values()) {
            p.close();
        }
        if (ticker != null) {
            ticker.shutdownNow();
        }
        for (LabSwitch s : switches()) {
            s.close();
        }
        if (rest != null) {
            rest.close();
        }
        if (manager != null) {
            manager.stop();
        }
        for (java.util.concurrent.ExecutorService e : new java.util.concurrent.ExecutorService[] {control, workers}) {
            if (e == null) {
                continue;
            }
            e.shutdownNow();
            try {
                e.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        if (pofServer != null) {
            pofServer.stop();
        }
        if (lock != null) {
            lock.close();
        }
    }
}
