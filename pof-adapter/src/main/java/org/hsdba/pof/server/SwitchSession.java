package org.hsdba.pof.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxFeaturesRequest;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.EchoReply;
import org.hsdba.pof.message.EchoRequest;
import org.hsdba.pof.message.ErrorCode;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.FeaturesRequest;
import org.hsdba.pof.message.GetConfigRequest;
import org.hsdba.pof.message.Hello;
import org.hsdba.pof.message.MessageType;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortReason;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.pof.message.QueryAllRequest;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.SetConfig;
import org.hsdba.pof.message.SwitchConfig;
import org.hsdba.southbound.PofErrorException;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.SwitchDisconnectedException;
import org.hsdba.southbound.SwitchMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection from a POF switch: the handshake, the capability probe, xid bookkeeping and
 * the {@link PofSwitch} operations. All state changes run on the channel's event loop; the public
 * methods encode on the caller's thread and hand the bytes to the loop, so messages of one call
 * stay contiguous on the wire.
 *
 * <p>Handshake, in the order POFSwitch 1.4.0 insists on: HELLO (sent on connect); on the switch's
 * HELLO, FEATURES_REQUEST; on FEATURES_REPLY, SET_CONFIG and GET_CONFIG_REQUEST; then collect
 * GET_CONFIG_REPLY, RESOURCE_REPORT and one PORT_STATUS per port (waiting at most one second for
 * ports the FEATURES_REPLY announced but the switch did not report); then PORT_MOD of_enable=1 for
 * every port (confirmed like {@link #send}) and the HX_FEATURES_REQUEST probe; ready when the
 * probe is answered (reply: in-switch; ERROR or timeout: controller-assisted).
 */
final class SwitchSession implements PofSwitch {
    /** How long a closing session reads what the switch still sends before it closes anyway. */
    static final long CLOSE_DRAIN_MS = 2000;

    private static final Logger LOG = LoggerFactory.getLogger(SwitchSession.class);

    /**
     * Controller xids start at 2^31: the switch numbers its own unsolicited messages (datapath
     * ERRORs included) from 0 upwards, and a datapath ERROR must not be taken for the answer to
     * one of our requests.
     */
    static final long FIRST_XID = 0x8000_0000L;
    /** How long to wait for PORT_STATUS messages the FEATURES_REPLY announced. */
    static final Duration PORT_WAIT = Duration.ofSeconds(1);
    /** SET_CONFIG as the captured session sends it: flags 0, miss_send_len 0xffff. */
    private static final SwitchConfig SWITCH_CONFIG = new SwitchConfig(0, 0, 0xFFFF);

    private enum Phase { AWAIT_HELLO, AWAIT_FEATURES, AWAIT_CONFIG, ENABLING, READY, CLOSED }

    private final PofServer server;
    private final Channel channel;
    private final PofServerConfig config;
    private final PofCodec codec;
    private final long sessionId;
    private final InetSocketAddress remote;
    private final long acceptedNanos = System.nanoTime();
    private final AtomicLong xidCounter = new AtomicLong();
    private final AtomicBoolean disconnectNotified = new AtomicBoolean();

    // event-loop state
    private final Outstanding outstanding = new Outstanding();
    private final Map<Long, PortDesc> portMap = new TreeMap<>();
    private final Set<Long> refusedPorts = new HashSet<>();
    private final Set<Long> handshakeXids = new HashSet<>();
    private Phase phase = Phase.AWAIT_HELLO;
    private long featuresXid;
    private long configXid;
    private boolean configReplied;
    private long resourcesNanos;
    private ScheduledFuture<?> ticker;
    /** The keep-alive ECHO_REQUEST waiting for its reply (sent at {@code keepAliveSentNanos}), or -1. */
    private long keepAliveXid = -1;
    /** The ECHO_REQUEST sent by {@link #closeChannel} whose reply lets the session shut its output, or -1. */
    private long closeBarrierXid = -1;
    /** Replaced by a newer session of the same switch (set before the close it causes). */
    private volatile boolean abandoned;
    private long keepAliveSentNanos;
    private long lastKeepAliveNanos = System.nanoTime();

    // read from any thread
    private volatile FeaturesReply features;
    private volatile ResourceReport resources;
    private volatile List<PortDesc> ports = List.of();
    private volatile SwitchMode mode = SwitchMode.UNKNOWN;
    private volatile HxFeaturesReply extensionFeatures;
    private volatile boolean connected = true;
    private volatile String closeReason;

    SwitchSession(PofServer server, Channel channel, PofServerConfig config, long sessionId) {
        this.server = server;
        this.channel = channel;
        this.config = config;
        this.codec = config.codec();
        this.sessionId = sessionId;
        this.remote = (InetSocketAddress) channel.remoteAddress();
    }

    // ------------------------------------------------------------------ PofSwitch

    @Override
    public long deviceId() {
        FeaturesReply f = features;
        return f == null ? -1 : f.deviceId();
    }

    @Override
    public long sessionId() {
        return sessionId;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return remote;
    }

    @Override
    public FeaturesReply features() {
        return features;
    }

    @Override
    public ResourceReport resources() {
        return resources;
    }

    @Override
    public List<PortDesc> ports() {
        return ports;
    }

    @Override
    public SwitchMode mode() {
        return mode;
    }

    @Override
    public Optional<HxFeaturesReply> extensionFeatures() {
        return Optional.ofNullable(extensionFeatures);
    }

    @Override
    public boolean isConnected() {
        return connected;
    }

    @Override
    public int globalTableId(int tableType, int tableId) {
        ResourceReport r = resources;
        if (r == null) {
            throw new IllegalStateException("switch " + peer() + " has not reported its tables yet");
        }
        return r.tableIds().globalId(tableType, tableId);
    }

    @Override
    public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
        Objects.requireNonNull(messages, "messages");
        if (messages.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> future = new CompletableFuture<>();
        List<PofMessage> copy = List.copyOf(messages);
        Encoded batch;
        try {
            batch = encodeBatch(copy);
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
            return future;
        }
        onLoop(future, batch::release, () -> {
            if (requireReady(future, batch::release)) {
                writeBatch(copy, batch, future);
            }
        });
        return future;
    }

    @Override
    public CompletableFuture<PofMessage> request(PofMessage request) {
        Objects.requireNonNull(request, "request");
        CompletableFuture<PofMessage> future = new CompletableFuture<>();
        long xid = nextXid();
        ByteBuf bytes;
        try {
            bytes = encode(request, xid);
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
            return future;
        }
        onLoop(future, bytes::release, () -> {
            if (requireReady(future, bytes::release)) {
                outstanding.request(xid, request, future, deadline(config.requestTimeout()), config.requestTimeout());
                channel.writeAndFlush(bytes);
            }
        });
        return future;
    }

    @Override
    public CompletableFuture<List<PofMessage>> queryAll() {
        CompletableFuture<List<PofMessage>> future = new CompletableFuture<>();
        long xid = nextXid();
        QueryAllRequest request = new QueryAllRequest(xid);
        ByteBuf bytes = encode(request, xid);
        onLoop(future, bytes::release, () -> {
            if (requireReady(future, bytes::release)) {
                outstanding.queryAll(xid, request, future, deadline(config.requestTimeout()),
                        config.requestTimeout());
                channel.writeAndFlush(bytes);
            }
        });
        return future;
    }

    /** Ends a session whose switch has already reconnected: no barrier, its old connection is dead. */
    void abandon(String reason) {
        abandoned = true;
        disconnect(reason);
    }

    @Override
    public void disconnect(String reason) {
        String why = "disconnected by the controller: " + reason;
        try {
            channel.eventLoop().execute(() -> close(why, false));
        } catch (RejectedExecutionException e) {
            channel.close();
        }
    }

    @Override
    public String toString() {
        return "PofSwitch{" + peer() + ", session " + sessionId + ", " + mode + (connected ? "" : ", closed") + "}";
    }

    /** Remote address and, once known, the device id: how logs name this switch. */
    String peer() {
        FeaturesReply f = features;
        return f == null ? String.valueOf(remote) : remote + " (device 0x" + String.format("%08x", f.deviceId()) + ")";
    }

    // ------------------------------------------------------------------ events from the channel (event loop)

    void start() {
        long tick = tickMillis();
        ticker = channel.eventLoop().scheduleAtFixedRate(this::tick, tick, tick, TimeUnit.MILLISECONDS);
        handshake(new Hello(0));
        channel.flush();
    }

    void receive(Object input) {
        if (phase == Phase.CLOSED) {
            if (closeBarrierXid >= 0 && input instanceof PofMessage && ((PofMessage) input).type() == MessageType.ECHO_REPLY
                    && ((PofMessage) input).xid() == closeBarrierXid) {
                closeBarrierXid = -1;
                shutdownOutput(); // everything the switch queued before the barrier has arrived
            }
            return;
        }
        if (input instanceof ProtocolViolation) {
            close(((ProtocolViolation) input).reason(), true);
            return;
        }
        PofMessage m = (PofMessage) input;
        if (m.type() == MessageType.HELLO || phase == Phase.AWAIT_HELLO) {
            onHello(m);
            return;
        }
        switch (m.type()) {
            case MessageType.ECHO_REQUEST:
                write(new EchoReply(m.xid(), ((EchoRequest) m).data()), m.xid(), true);
                return;
            case MessageType.ECHO_REPLY:
                if (m.xid() == keepAliveXid) {
                    keepAliveXid = -1;
                } else {
                    outstanding.reply(m); // a confirmation round trip
                }
                return;
            case MessageType.ERROR:
                onError((ErrorMessage) m);
                return;
            case MessageType.PORT_STATUS:
                onPortStatus((PortStatus) m);
                return;
            case MessageType.PACKET_IN:
                if (phase == Phase.READY) {
                    server.listeners().packetIn(this, (PacketIn) m);
                }
                return;
            default:
                break;
        }
        if (phase == Phase.READY) {
            if (!outstanding.reply(m)) {
                server.listeners().message(this, m);
            }
            return;
        }
        onHandshakeMessage(m);
    }

    /**
     * No complete message for half the liveness time ({@code first}) or all of it: the idle
     * detector sits behind the frame decoder, so bytes that never make a message do not count.
     */
    void idle(boolean first) {
        if (phase == Phase.CLOSED) {
            return;
        }
        if (!first) {
            close("no message for " + config.livenessTimeout().toMillis() + " ms (liveness timeout)", true);
        }
    }

    /**
     * Once ready, an ECHO_REQUEST every half liveness time that must be answered within the
     * liveness time: a switch that keeps sending (even slowly dribbled) messages but whose
     * control thread does not answer is down. Never during the handshake: POFSwitch would drop
     * the connection on an extra message.
     */
    private void keepAlive(long now) {
        long liveness = config.livenessTimeout().toNanos();
        if (keepAliveXid >= 0) {
            if (now - keepAliveSentNanos > liveness) {
                close("ECHO_REQUEST not answered within " + config.livenessTimeout().toMillis()
                        + " ms (liveness timeout)", true);
            }
        } else if (now - lastKeepAliveNanos >= liveness / 2) {
            keepAliveXid = nextXid();
            keepAliveSentNanos = now;
            lastKeepAliveNanos = now;
            write(new EchoRequest(0), keepAliveXid, true);
        }
    }

    void ioFailure(Throwable cause) {
        boolean io = cause instanceof IOException;
        close((io ? "I/O error: " : "internal error: ") + cause, !io);
        if (!io) {
            LOG.debug("POF session {} failed", peer(), cause); // the connection log has the one line
        }
    }

    void channelClosed() {
        close("connection closed by the switch", false);
    }

    /** Ends the session once: fails what is pending, logs one line, closes the channel, tells the server. */
    void close(String reason, boolean fault) {
        if (phase == Phase.CLOSED) {
            return;
        }
        boolean wasReady = phase == Phase.READY;
        phase = Phase.CLOSED;
        connected = false;
        closeReason = reason;
        if (ticker != null) {
            ticker.cancel(false);
        }
        outstanding.failAll(new SwitchDisconnectedException("switch " + peer() + " session " + sessionId
                + " ended: " + reason));
        config.connectionLog().closed(peer(), reason, fault);
        closeChannel(wasReady && !fault && !abandoned);
        server.sessionClosed(this, reason, wasReady);
    }

    /**
     * Ends the connection without provoking an RST. POFSwitch 1.4.0 writes its replies into a
     * bounded send queue that a second thread drains; when that thread's write fails (an RST) it
     * stops draining and puts the message back, the control thread blocks on the full queue, and
     * the switch never reconnects (seen: no SYN after a controller restart during a QUERYALL
     * answer); a queue still holding the old session's replies also stalls the next handshake.
     * So a ready session closed in order (not for a fault, not replaced) first sends an ECHO_REQUEST barrier: its reply comes after everything the
     * switch queued before it. Then output is shut down (the switch reads EOF and closes) while what
     * it still sends is read and discarded. At most {@link #CLOSE_DRAIN_MS}, then closed anyway.
     */
    private void closeChannel(boolean barrier) {
        if (!(channel instanceof SocketChannel) || !channel.isActive()) {
            channel.close();
            return;
        }
        ScheduledFuture<?> force = channel.eventLoop().schedule(() -> channel.close(), CLOSE_DRAIN_MS,
                TimeUnit.MILLISECONDS);
        channel.closeFuture().addListener(f -> force.cancel(false));
        if (barrier) {
            closeBarrierXid = nextXid();
            write(new EchoRequest(0), closeBarrierXid, true);
        } else {
            shutdownOutput();
        }
    }

    private void shutdownOutput() {
        SocketChannel socket = (SocketChannel) channel;
        if (socket.isOutputShutdown()) {
            return;
        }
        socket.flush();
        socket.shutdownOutput().addListener(f -> {
            if (!f.isSuccess()) {
                channel.close();
            }
        });
    }

    /** Completes when the connection is closed (after the drain of {@link #closeChannel(boolean)}). */
    ChannelFuture closeFuture() {
        return channel.closeFuture();
    }

    /**
     * Closes a session whose switch declared resources out of bounds (before anything was sized
     * from them): one connection log line, and listeners hear it (no session was ever ready).
     */
    private void refuse(String reason) {
        close(reason, true);
        server.listeners().switchRefused(remote, deviceId(), reason);
    }

    /** True exactly once: whoever reports this session's disconnection to listeners. */
    boolean claimDisconnectNotice() {
        return disconnectNotified.compareAndSet(false, true);
    }

    String closeReason() {
        return closeReason;
    }

    // ------------------------------------------------------------------ handshake (event loop)

    private void onHello(PofMessage m) {
        if (phase != Phase.AWAIT_HELLO) {
            close("unexpected HELLO in phase " + phase, true);
        } else if (m.type() != MessageType.HELLO) {
            close("first message was " + SwitchMessageTypes.name(m.type()) + ", not HELLO", true);
        } else {
            phase = Phase.AWAIT_FEATURES;
            featuresXid = handshake(new FeaturesRequest(0));
            channel.flush();
        }
    }

    private void onHandshakeMessage(PofMessage m) {
        if (outstanding.reply(m)) {
            return;
        }
        if (m.type() == MessageType.FEATURES_REPLY && phase == Phase.AWAIT_FEATURES && m.xid() == featuresXid) {
            features = (FeaturesReply) m;
            phase = Phase.AWAIT_CONFIG;
            handshake(new SetConfig(0, SWITCH_CONFIG));
            configXid = handshake(new GetConfigRequest(0));
            channel.flush();
        } else if (m.type() == MessageType.GET_CONFIG_REPLY && phase == Phase.AWAIT_CONFIG && m.xid() == configXid
                && !configReplied) {
            configReplied = true;
            maybeEnablePorts();
        } else if (m.type() == MessageType.RESOURCE_REPORT && phase == Phase.AWAIT_CONFIG && m.xid() == configXid
                && resources == null) {
            ResourceReport report = (ResourceReport) m;
            Optional<String> fault = DeclaredResources.check(report);
            if (fault.isPresent()) {
                refuse("RESOURCE_REPORT " + fault.get());
                return;
            }
            resources = report;
            resourcesNanos = System.nanoTime();
            maybeEnablePorts();
        } else if (isHandshakeType(m.type())) {
            close("unexpected " + SwitchMessageTypes.name(m.type()) + " (xid 0x" + Long.toHexString(m.xid())
                    + ") in handshake phase " + phase, true);
        } else {
            LOG.debug("POF switch {}: ignoring {} before it is ready", peer(), m);
        }
    }

    private static boolean isHandshakeType(int type) {
        return type == MessageType.FEATURES_REPLY || type == MessageType.GET_CONFIG_REPLY
                || type == MessageType.RESOURCE_REPORT;
    }

    private long handshake(PofMessage m) {
        long xid = nextXid();
        handshakeXids.add(xid);
        write(m, xid, false);
        return xid;
    }

    private void onPortStatus(PortStatus status) {
        PortDesc desc = status.port();
        long key = portKey(desc);
        if (status.reason() == PortReason.DELETE) {
            portMap.remove(key);
        } else {
            portMap.put(key, desc);
        }
        if (phase == Phase.READY) {
            ports = List.copyOf(portMap.values());
            if (status.reason() == PortReason.ADD) {
                // a port that appears later starts disabled like the others did
                enablePorts(List.of(desc)).whenComplete((v, e) -> {
                    if (e != null) {
                        LOG.warn("POF switch {}: could not enable new port {}: {}", peer(), desc.portId(), e.getMessage());
                    }
                });
            }
            server.listeners().portStatus(this, status);
        } else if (phase == Phase.AWAIT_CONFIG) {
            maybeEnablePorts();
        }
    }

    private void maybeEnablePorts() {
        if (phase != Phase.AWAIT_CONFIG || !configReplied || resources == null) {
            return;
        }
        boolean allPorts = portMap.size() >= features.portCount();
        if (!allPorts && System.nanoTime() - resourcesNanos < PORT_WAIT.toNanos()) {
            return;
        }
        if (!allPorts) {
            LOG.warn("POF switch {} announced {} ports but reported {}; going on with those", peer(),
                    features.portCount(), portMap.size());
        }
        phase = Phase.ENABLING;
        enablePorts(new ArrayList<>(portMap.values()));
        long probeXid = nextXid();
        HxFeaturesRequest probe = new HxFeaturesRequest(probeXid);
        CompletableFuture<PofMessage> answer = new CompletableFuture<>();
        outstanding.request(probeXid, probe, answer, deadline(config.probeTimeout()), config.probeTimeout());
        write(probe, probeXid, true);
        answer.whenComplete(this::onProbeAnswer);
    }

    /** PORT_MOD of_enable=1 per port, confirmed; ERRORs are recorded per port by {@link #onError}. */
    private CompletableFuture<Void> enablePorts(List<PortDesc> descs) {
        if (descs.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<PortMod> mods = new ArrayList<>(descs.size());
        for (PortDesc d : descs) {
            mods.add(new PortMod(0, PortReason.MODIFY, d.toBuilder().openflowEnable(1).build()));
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        writeBatch(mods, encodeBatch(mods), done);
        done.whenComplete((v, e) -> markEnabled(descs));
        return done;
    }

    private void markEnabled(List<PortDesc> descs) {
        for (PortDesc d : descs) {
            long key = portKey(d);
            PortDesc current = portMap.get(key);
            if (current != null && !refusedPorts.contains(key)) {
                portMap.put(key, current.toBuilder().openflowEnable(1).build());
            }
        }
        if (phase == Phase.READY) {
            ports = List.copyOf(portMap.values());
        }
    }

    private void onProbeAnswer(PofMessage reply, Throwable failure) {
        if (phase != Phase.ENABLING) {
            return; // closed meanwhile
        }
        if (failure == null && reply instanceof HxFeaturesReply
                && ((HxFeaturesReply) reply).extVersion() == HxTypes.EXT_VERSION) {
            Optional<String> fault = DeclaredResources.check((HxFeaturesReply) reply);
            if (fault.isPresent()) {
                refuse("HX_FEATURES_REPLY " + fault.get());
                return;
            }
            extensionFeatures = (HxFeaturesReply) reply;
            mode = SwitchMode.IN_SWITCH;
        } else {
            mode = SwitchMode.CONTROLLER_ASSISTED;
            if (failure == null) {
                LOG.warn("POF switch {} answered the capability probe with {}; using controller-assisted mode",
                        peer(), reply);
            } else if (failure instanceof PofErrorException) {
                ErrorMessage e = ((PofErrorException) failure).error();
                if (e.errorType() != ErrorType.BAD_REQUEST || e.code() != ErrorCode.BadRequest.BAD_TYPE) {
                    LOG.warn("POF switch {} refused the capability probe with {}; using controller-assisted mode",
                            peer(), Outstanding.describe(e));
                }
            } else if (failure instanceof TimeoutException) {
                LOG.warn("POF switch {} did not answer the capability probe within {} ms; using "
                        + "controller-assisted mode", peer(), config.probeTimeout().toMillis());
            } else {
                return;
            }
        }
        phase = Phase.READY;
        handshakeXids.clear();
        ports = List.copyOf(portMap.values());
        LOG.info("POF switch {} ready in {} ms: {} ports, {} mode", peer(),
                (System.nanoTime() - acceptedNanos) / 1_000_000, ports.size(), mode);
        server.sessionReady(this);
    }

    // ------------------------------------------------------------------ errors and timers (event loop)

    private void onError(ErrorMessage error) {
        boolean wasReady = phase == Phase.READY;
        if (!wasReady && handshakeXids.contains(error.xid())) {
            close("switch refused the handshake: " + Outstanding.describe(error), true);
            return;
        }
        PofMessage cause = outstanding.error(error);
        if (cause instanceof PortMod) {
            long key = portKey(((PortMod) cause).port());
            refusedPorts.add(key);
            portMap.computeIfPresent(key, (k, d) -> d.toBuilder().openflowEnable(0).build());
            LOG.warn("POF switch {} refused to enable port {}: {}", peer(), ((PortMod) cause).port().portId(),
                    Outstanding.describe(error));
        }
        if (wasReady) {
            server.listeners().error(this, error, cause);
        } else if (cause == null) {
            LOG.warn("POF switch {} sent {} during the handshake", peer(), Outstanding.describe(error));
        }
    }

    private void tick() {
        if (phase == Phase.CLOSED) {
            return;
        }
        long now = System.nanoTime();
        outstanding.expire(now);
        if (phase == Phase.READY) {
            keepAlive(now);
            return;
        }
        if (phase == Phase.CLOSED) {
            return;
        }
        if (now - acceptedNanos > config.handshakeTimeout().toNanos()) {
            close("handshake not finished within " + config.handshakeTimeout().toMillis() + " ms (phase " + phase
                    + ")", true);
        } else {
            maybeEnablePorts();
        }
    }

    /** Timer resolution: a fifth of the shortest timeout, within 5..200 ms. */
    private long tickMillis() {
        long shortest = Math.min(Math.min(config.requestTimeout().toMillis(), config.confirmTimeout().toMillis()),
                Math.min(Math.min(config.probeTimeout().toMillis(), PORT_WAIT.toMillis()),
                        config.livenessTimeout().toMillis() / 2));
        return Math.max(5, Math.min(200, shortest / 5));
    }

    // ------------------------------------------------------------------ writing

    private boolean requireReady(CompletableFuture<?> future, Runnable release) {
        if (phase == Phase.READY) {
            return true;
        }
        release.run();
        future.completeExceptionally(phase == Phase.CLOSED
                ? new SwitchDisconnectedException("switch " + peer() + " session " + sessionId + " ended: " + closeReason)
                : new IllegalStateException("switch " + peer() + " is not ready (phase " + phase + ")"));
        return false;
    }

    private void onLoop(CompletableFuture<?> future, Runnable release, Runnable task) {
        try {
            channel.eventLoop().execute(task);
        } catch (RejectedExecutionException e) {
            release.run();
            future.completeExceptionally(new SwitchDisconnectedException("the POF server is shut down"));
        }
    }

    /** Registers and writes a batch plus its confirmation ECHO_REQUEST (event loop). */
    private void writeBatch(List<? extends PofMessage> messages, Encoded batch, CompletableFuture<Void> future) {
        outstanding.batch(messages, batch.xids, batch.barrierXid, future, deadline(config.confirmTimeout()),
                config.confirmTimeout());
        for (ByteBuf b : batch.buffers) {
            channel.write(b);
        }
        channel.writeAndFlush(batch.barrier);
    }

    private Encoded encodeBatch(List<? extends PofMessage> messages) {
        Encoded e = new Encoded(messages.size());
        try {
            for (int i = 0; i < messages.size(); i++) {
                e.xids[i] = nextXid();
                e.buffers[i] = encode(messages.get(i), e.xids[i]);
            }
            e.barrierXid = nextXid();
            e.barrier = encode(new EchoRequest(0), e.barrierXid);
            return e;
        } catch (RuntimeException ex) {
            e.release();
            throw ex;
        }
    }

    private void write(PofMessage m, long xid, boolean flush) {
        ByteBuf b = encode(m, xid);
        if (flush) {
            channel.writeAndFlush(b);
        } else {
            channel.write(b);
        }
    }

    private ByteBuf encode(PofMessage m, long xid) {
        int length = codec.encodedLength(m);
        ByteBuf b = channel.alloc().buffer(length, length);
        try {
            codec.encode(m, xid, b.nioBuffer(0, length));
        } catch (RuntimeException e) {
            b.release();
            throw e;
        }
        b.writerIndex(length);
        return b;
    }

    private long nextXid() {
        return FIRST_XID + (xidCounter.getAndIncrement() & 0x7FFF_FFFFL);
    }

    private static long deadline(Duration timeout) {
        return System.nanoTime() + timeout.toNanos();
    }

    private static long portKey(PortDesc d) {
        return ((long) d.slotId() << 16) | d.portId();
    }

    /** A batch encoded on the caller's thread: its buffers, xids and confirmation request. */
    private static final class Encoded {
        final ByteBuf[] buffers;
        final long[] xids;
        long barrierXid;
        ByteBuf barrier;

        Encoded(int n) {
            buffers = new ByteBuf[n];
            xids = new long[n];
        }

        void release() {
            for (ByteBuf b : buffers) {
                if (b != null) {
                    b.release();
                }
            }
            if (barrier != null) {
                barrier.release();
            }
        }
    }
}
