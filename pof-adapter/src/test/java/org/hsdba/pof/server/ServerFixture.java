package org.hsdba.pof.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.junit.rules.ExternalResource;

/**
 * A {@link PofServer} on an ephemeral loopback port with a recording listener and connection log;
 * stops the server and closes every fake switch after the test.
 */
public final class ServerFixture extends ExternalResource {
    public final RecordingListener events = new RecordingListener();
    public final List<String> closedLines = new CopyOnWriteArrayList<>();
    private final List<FakeSwitch> switches = new ArrayList<>();
    private PofServer server;

    /** Short timeouts so failure paths are fast; tests override what they exercise. */
    public PofServerConfig.Builder config() {
        return PofServerConfig.builder().bindAddress("127.0.0.1").port(0).ioThreads(2)
                .livenessTimeout(Duration.ofSeconds(10)).requestTimeout(Duration.ofSeconds(5))
                .confirmTimeout(Duration.ofSeconds(5)).probeTimeout(Duration.ofSeconds(3))
                .connectionLog((peer, reason, fault) -> closedLines.add(peer + " | " + reason + " | " + fault));
    }

    public PofServer start() {
        return start(config());
    }

    public PofServer start(PofServerConfig.Builder config) {
        server = new PofServer(config.build());
        server.addListener(events);
        server.start();
        return server;
    }

    public PofServer server() {
        return server;
    }

    public InetSocketAddress address() {
        return server.localAddress();
    }

    public FakeSwitch connect(FakeSwitch.Options options) throws IOException {
        FakeSwitch sw = FakeSwitch.connect(address(), options);
        synchronized (switches) {
            switches.add(sw);
        }
        return sw;
    }

    public FakeSwitch connect() throws IOException {
        return connect(FakeSwitch.options());
    }

    /** Connects a fake switch and waits until the server reports it ready. */
    public PofSwitch connectReady(FakeSwitch.Options options) throws Exception {
        connect(options);
        return events.awaitReady(5000);
    }

    @Override
    protected void after() {
        synchronized (switches) {
            for (FakeSwitch sw : switches) {
                try {
                    sw.close();
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
        if (server != null) {
            server.stop();
        }
    }

    /** Records every listener event in arrival order. */
    public static final class RecordingListener implements PofSwitchListener {
        public final BlockingQueue<PofSwitch> ready = new LinkedBlockingQueue<>();
        public final BlockingQueue<String> disconnected = new LinkedBlockingQueue<>();
        public final BlockingQueue<PortStatus> portStatus = new LinkedBlockingQueue<>();
        public final BlockingQueue<PacketIn> packetIns = new LinkedBlockingQueue<>();
        public final BlockingQueue<Object[]> errors = new LinkedBlockingQueue<>();
        public final BlockingQueue<PofMessage> messages = new LinkedBlockingQueue<>();
        public final BlockingQueue<String> refused = new LinkedBlockingQueue<>();
        /** "ready <session>" / "disconnected <session>" in the order they happened. */
        public final List<String> order = new CopyOnWriteArrayList<>();

        @Override
        public void switchReady(PofSwitch sw) {
            order.add("ready " + sw.sessionId());
            ready.add(sw);
        }

        @Override
        public void switchDisconnected(PofSwitch sw, String reason) {
            order.add("disconnected " + sw.sessionId());
            disconnected.add(sw.sessionId() + ": " + reason);
        }

        @Override
        public void switchRefused(InetSocketAddress remote, long deviceId, String reason) {
            refused.add(deviceId + ": " + reason);
        }

        @Override
        public void portStatus(PofSwitch sw, PortStatus status) {
            portStatus.add(status);
        }

        @Override
        public void packetIn(PofSwitch sw, PacketIn packetIn) {
            packetIns.add(packetIn);
        }

        @Override
        public void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
            errors.add(new Object[] {error, cause});
        }

        @Override
        public void message(PofSwitch sw, PofMessage message) {
            messages.add(message);
        }

        public PofSwitch awaitReady(long millis) throws InterruptedException {
            return take(ready, millis, "switchReady");
        }

        public String awaitDisconnected(long millis) throws InterruptedException {
            return take(disconnected, millis, "switchDisconnected");
        }

        public static <T> T take(BlockingQueue<T> q, long millis, String what) throws InterruptedException {
            T t = q.poll(millis, TimeUnit.MILLISECONDS);
            if (t == null) {
                throw new AssertionError("no " + what + " within " + millis + " ms");
            }
            return t;
        }
    }
}
