package org.hsdba.interop;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.compiler.CompilerPrograms;
import org.hsdba.lifecycle.ForwardingPofSwitch;
import org.hsdba.lifecycle.ForwardingSwitchService;
import org.hsdba.model.BandwidthTree;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.store.InMemoryHsdbaStore;

/**
 * The controller as the lab wires it, minus REST: the hsdba manager with the real compiler on
 * the Netty POF server, on a local address. It records the manager's events, every message the manager
 * sends, every ERROR and PACKET_IN the switch sends, and the switch's latest session.
 */
final class Controller implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);

    final PofServer server;
    final HsdbaManager manager;
    final List<HsdbaEvent> events = new CopyOnWriteArrayList<>();
    final List<PofMessage> sent = new CopyOnWriteArrayList<>();
    /** ERRORs answering a request of ours: a rejected table, entry or block. The tests want none. */
    final List<String> errors = new CopyOnWriteArrayList<>();
    /**
     * ERRORs matching no request of ours (no outstanding xid). Stock POFSwitch 1.4.0 sent a few
     * POFBIC_UNKNOWN_INST like these in 2 of 5 fresh-clone runs (xids 10 and 12, 2 s apart) while
     * every request of ours was confirmed and the data path was exact; not traced yet. Printed, and
     * kept apart so that a rejected request still fails the tests.
     */
    final List<String> unmatchedErrors = new CopyOnWriteArrayList<>();
    final AtomicInteger packetIns = new AtomicInteger();
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    private volatile CompletableFuture<PofSwitch> ready = new CompletableFuture<>();

    /** A controller on {@code address}:{@code port} (0: ephemeral) holding {@code trees} (its store, as after a restart). */
    Controller(HsdbaParameters params, String address, int port, List<BandwidthTree> trees) {
        server = new PofServer(PofServerConfig.builder().bindAddress(address).port(port).build());
        server.start();
        server.addListener(new PofSwitchListener() {
            @Override
            public void switchReady(PofSwitch sw) {
                ready.complete(sw);
            }

            @Override
            public void packetIn(PofSwitch sw, PacketIn packetIn) {
                packetIns.incrementAndGet();
            }

            @Override
            public void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
                String what = error.errorString() + " (type " + error.errorType() + " code " + error.code() + ")";
                if (cause == null) {
                    String unmatched = what + " for no request of ours: xid " + error.xid() + " at " + java.time.Instant.now();
                    System.out.println("real switch: " + unmatched);
                    unmatchedErrors.add(unmatched);
                } else {
                    errors.add(what + " for " + cause);
                }
            }
        });
        Recording switches = new Recording(server);
        manager = new HsdbaManager(new InMemoryHsdbaStore(trees, params), switches, new CompilerPrograms(), executor,
                TimeSource.SYSTEM, Mastership.ALWAYS);
        manager.addListener(events::add);
        manager.start();
    }

    int port() {
        return server.localAddress().getPort();
    }

    /** Waits for the next switch session to be ready (handshake, ports, probe) and returns it. */
    PofSwitch awaitSwitch() {
        try {
            PofSwitch sw = ready.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            ready = new CompletableFuture<>();
            return sw;
        } catch (Exception e) {
            throw new AssertionError("no switch ready within " + WAIT.toSeconds() + " s: " + e, e);
        }
    }

    List<HsdbaEvent> events(HsdbaEvent.Type type) {
        return events.stream().filter(e -> e.type() == type).collect(Collectors.toList());
    }

    /** Waits until the device is connected, programmed and the {@code n}-th SWITCH_PROGRAMMED was seen. */
    void awaitProgrammed(String device, int n) {
        await("device " + device + " programmed (SWITCH_PROGRAMMED #" + n + ")",
                () -> manager.device(device).map(d -> d.isConnected() && d.isProgrammed()).orElse(false)
                        && events(HsdbaEvent.Type.SWITCH_PROGRAMMED).size() >= n);
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + WAIT.toSeconds() + " s waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    @Override
    public void close() {
        manager.stop();
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.stop();
    }

    /** The real adapter; every message the manager sends is recorded. */
    private final class Recording extends ForwardingSwitchService {
        Recording(PofServer real) {
            super(real);
        }

        @Override
        protected PofSwitch decorate(PofSwitch session) {
            return new ForwardingPofSwitch(session) {
                @Override
                public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
                    sent.addAll(messages);
                    return super.send(messages);
                }
            };
        }
    }
}
