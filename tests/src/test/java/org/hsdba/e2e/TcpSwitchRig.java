package org.hsdba.e2e;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.pof.message.CounterReply;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.server.PofServer;
import org.hsdba.pof.server.PofServerConfig;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.SwitchMode;

/**
 * A's POF server on an ephemeral localhost port and D's reference switch connected to it over
 * TCP. Programming and counter reads go through the adapter ({@code send} confirmed by its ECHO
 * round trip, {@code queryAll}); frames go into the switch at simulated times, and what the
 * datapath sends upward (HX_ENTRY_STATUS...) goes over the same connection. The switch handles
 * control messages on its lock, between the test thread's frames, so a run stays deterministic.
 */
final class TcpSwitchRig implements SwitchUnderTest, AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Ports 1..4: the scenarios' ingress port 1 and egress ports 2 and 3 among them. */
    static final int PORTS = 4;

    private final PofServer server;
    private final ReferenceSwitch referenceSwitch;
    private final PofSwitch sw;
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<PofMessage> unsolicited = new CopyOnWriteArrayList<>();
    private int batches;
    private int queries;

    private TcpSwitchRig(PofServer server, ReferenceSwitch referenceSwitch, PofSwitch sw) {
        this.server = server;
        this.referenceSwitch = referenceSwitch;
        this.sw = sw;
    }

    /** Starts the server and a reference switch (extension on or off, random seed {@code seed}) and waits until it is ready. */
    static TcpSwitchRig start(boolean extension, long seed) {
        PofServer server = new PofServer(PofServerConfig.builder().bindAddress("127.0.0.1").port(0).build());
        CompletableFuture<PofSwitch> ready = new CompletableFuture<>();
        server.addListener(new PofSwitchListener() {
            @Override
            public void switchReady(PofSwitch s) {
                ready.complete(s);
            }
        });
        server.start();
        ReferenceSwitch reference = null;
        try {
            DatapathConfig dp = DatapathConfig.builder().extensionEnabled(extension).rngSeed(seed)
                    .portCount(PORTS).build();
            ControlConfig cc = ControlConfig.builder().controller("127.0.0.1", server.localAddress().getPort())
                    .reconnectIntervalMs(100).build();
            reference = new ReferenceSwitch(dp, cc).start();
            TcpSwitchRig rig = new TcpSwitchRig(server, reference, await(ready, "the switch's switchReady"));
            server.addListener(rig.new Recorder());
            return rig;
        } catch (RuntimeException | Error e) {
            if (reference != null) {
                reference.close();
            }
            server.stop();
            throw e;
        }
    }

    /** The adapter's view of the switch. */
    PofSwitch session() {
        return sw;
    }

    SwitchMode mode() {
        return sw.mode();
    }

    /** The switch's datapath, for looking at its state (traffic goes through {@link #process}). */
    Datapath datapath() {
        return referenceSwitch.datapath();
    }

    /** From the RESOURCE_REPORT and, in IN_SWITCH mode, the HX_FEATURES_REPLY the adapter received. */
    @Override
    public SwitchCapabilities capabilities() {
        return SwitchCapabilities.of(sw.resources(), sw.extensionFeatures().orElse(null));
    }

    /** One {@code send}, waited for until the switch confirmed it. */
    @Override
    public void install(List<? extends PofMessage> messages) {
        if (messages.isEmpty()) {
            return;
        }
        await(sw.send(messages), "confirmation of " + messages.size() + " messages");
        batches++;
    }

    private Map<Long, Long> lastPackets = Map.of();

    /** The COUNTER_REPLYs of one QUERYALL. */
    @Override
    public Map<Long, Long> counterBytes() {
        Map<Long, Long> bytes = new HashMap<>();
        Map<Long, Long> packets = new HashMap<>();
        for (PofMessage m : await(sw.queryAll(), "QUERYALL")) {
            if (m instanceof CounterReply) {
                bytes.put(((CounterReply) m).counterId(), ((CounterReply) m).bytes());
                packets.put(((CounterReply) m).counterId(), ((CounterReply) m).packets());
            }
        }
        queries++;
        lastPackets = packets;
        return bytes;
    }

    @Override
    public Map<Long, Long> counterPackets() {
        return lastPackets;
    }

    @Override
    public boolean process(byte[] frame, long tNs) {
        return SwitchUnderTest.forwarded(referenceSwitch.receive(frame, PaperScenario.IN_PORT, tNs), tNs);
    }

    @Override
    public long egress(byte[] frame, long tNs) {
        return SwitchUnderTest.egressPort(referenceSwitch.receive(frame, PaperScenario.IN_PORT, tNs), tNs);
    }

    /** ERRORs the adapter reported to listeners (none expected), as text. */
    List<String> errors() {
        return List.copyOf(errors);
    }

    /** Waits until the adapter has received an unsolicited message (e.g. HX_ENTRY_STATUS) that {@code wanted} accepts. */
    PofMessage awaitUnsolicited(String what, Predicate<PofMessage> wanted) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (PofMessage m : unsolicited) {
                if (wanted.test(m)) {
                    return m;
                }
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
        throw new AssertionError("no " + what + " within " + WAIT.toSeconds() + " s; received " + unsolicited);
    }

    /** What went over TCP: confirmed batches, QUERYALLs, unsolicited switch messages. */
    String traffic() {
        return batches + " confirmed batches, " + queries + " QUERYALLs, " + unsolicited.size()
                + " unsolicited messages from the switch (HX_ENTRY_STATUS)";
    }

    @Override
    public void close() {
        referenceSwitch.close();
        server.stop();
    }

    private static <T> T await(CompletableFuture<T> f, String what) {
        try {
            return f.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError(what + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("no " + what + " within " + WAIT.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + what, e);
        }
    }

    /** Records what the switch sends on its own. */
    private final class Recorder implements PofSwitchListener {
        @Override
        public void error(PofSwitch s, ErrorMessage error, PofMessage cause) {
            errors.add(error + (cause == null ? "" : " for " + cause));
        }

        @Override
        public void message(PofSwitch s, PofMessage message) {
            unsolicited.add(message);
        }
    }
}
