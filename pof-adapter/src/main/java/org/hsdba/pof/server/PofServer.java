package org.hsdba.pof.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's POF endpoint: a TCP server switches connect to, one {@link SwitchSession} per
 * connection, and the {@link PofSwitchService} over the sessions that finished their handshake.
 * A device id has at most one session: a reconnecting switch replaces its old session, whose
 * disconnection listeners hear before the new session's {@code switchReady}.
 *
 * <pre>
 * PofServer server = new PofServer(PofServerConfig.builder().port(6643).build());
 * server.addListener(myListener);
 * server.start();
 * ...
 * server.stop();
 * </pre>
 */
public final class PofServer implements PofSwitchService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PofServer.class);

    private final PofServerConfig config;
    private final ListenerSet listeners = new ListenerSet();
    private final Map<Long, SwitchSession> ready = new ConcurrentHashMap<>();
    private final Set<SwitchSession> open = ConcurrentHashMap.newKeySet();
    /** Every connection the server accepted and has not closed yet, whether or not it has a session. */
    private final Set<Channel> accepted = ConcurrentHashMap.newKeySet();
    /** Set by {@link #stop()} before it looks at the sessions: a session made after that ends at once. */
    private volatile boolean stopping;
    private final AtomicLong sessionIds = new AtomicLong();

    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel serverChannel;

    public PofServer(PofServerConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    public PofServerConfig config() {
        return config;
    }

    /**
     * Binds the configured address and port and starts accepting switches.
     *
     * @throws IllegalStateException if already running or the address cannot be bound (the cause
     *                               says why)
     */
    public synchronized void start() {
        if (serverChannel != null) {
            throw new IllegalStateException("POF server already listening on " + serverChannel.localAddress());
        }
        boss = new NioEventLoopGroup(1, new DefaultThreadFactory("pof-accept", true));
        workers = new NioEventLoopGroup(config.ioThreads(), new DefaultThreadFactory("pof-io", true));
        long idleMillis = Math.max(1, config.livenessTimeout().toMillis() / 2);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                // on the accepting loop, before the child is handed to its worker loop: once the
                // listening channel is closed, every connection accepted so far is in the set
                .handler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        if (msg instanceof Channel) {
                            Channel child = (Channel) msg;
                            accepted.add(child);
                            child.closeFuture().addListener(f -> accepted.remove(child));
                        }
                        ctx.fireChannelRead(msg);
                    }
                })
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                // many small sends (one entry each) share write syscalls
                                .addLast("flushes", new FlushConsolidationHandler(256, true))
                                .addLast("frames", new FrameDecoder(config.codec()))
                                // behind the decoder: liveness counts messages, not bytes
                                .addLast("liveness", new IdleStateHandler(idleMillis, 0, 0, TimeUnit.MILLISECONDS))
                                .addLast("session", new SessionHandler(PofServer.this));
                    }
                });
        InetSocketAddress bind = new InetSocketAddress(config.bindAddress(), config.port());
        try {
            serverChannel = bootstrap.bind(bind).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            shutdownGroups();
            throw new IllegalStateException("POF server cannot listen on " + bind + ": " + e, e);
        }
        LOG.info("POF server listening on {}", serverChannel.localAddress());
    }

    /**
     * Closes every connection and stops listening. Idempotent. A connection ends the same way
     * whether or not the server has made a session of it yet (one accepted just before the stop
     * gets its session after {@code stopping} is set, and that session ends at once): sessions
     * are disconnected in order (listeners hear ready ones go; see
     * {@code SwitchSession.closeChannel} for the drain), and this returns when each connection
     * has closed or its drain has timed out. Connections still in the kernel's backlog, not yet
     * accepted, are refused by the closing listener.
     */
    public synchronized void stop() {
        if (serverChannel == null) {
            return;
        }
        stopping = true;
        serverChannel.close().syncUninterruptibly();
        for (SwitchSession s : List.copyOf(open)) {
            s.disconnect("controller shutting down");
        }
        // the event loops must outlive the connections' drain (SwitchSession.closeChannel)
        for (Channel c : List.copyOf(accepted)) {
            c.closeFuture().awaitUninterruptibly(SwitchSession.CLOSE_DRAIN_MS + 500);
        }
        shutdownGroups();
        LOG.info("POF server on {} stopped", serverChannel.localAddress());
        serverChannel = null;
        stopping = false;
    }

    @Override
    public void close() {
        stop();
    }

    public synchronized boolean isRunning() {
        return serverChannel != null;
    }

    /** The bound address (with the real port when configured with port 0). */
    public synchronized InetSocketAddress localAddress() {
        if (serverChannel == null) {
            throw new IllegalStateException("POF server is not running");
        }
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** Open connections, ready or still in their handshake. */
    public int connectionCount() {
        return open.size();
    }

    /** Connections accepted and not closed yet, with or without a session (closing ones included). */
    int acceptedCount() {
        return accepted.size();
    }

    /** True while {@link #stop()} runs: a new session is to be ended at once. */
    boolean isStopping() {
        return stopping;
    }

    private void shutdownGroups() {
        // quiet period 0: run what is queued (the disconnections above) and stop
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    // ------------------------------------------------------------------ PofSwitchService

    @Override
    public Collection<PofSwitch> switches() {
        return List.copyOf(ready.values());
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        return Optional.ofNullable(ready.get(deviceId));
    }

    @Override
    public void addListener(PofSwitchListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(PofSwitchListener listener) {
        listeners.remove(listener);
    }

    // ------------------------------------------------------------------ from sessions

    ListenerSet listeners() {
        return listeners;
    }

    SwitchSession newSession(Channel channel) {
        SwitchSession s = new SwitchSession(this, channel, config, sessionIds.incrementAndGet());
        open.add(s);
        return s;
    }

    void sessionReady(SwitchSession s) {
        SwitchSession old = ready.put(s.deviceId(), s);
        if (old != null && old != s) {
            String reason = "replaced by a new session from " + s.remoteAddress();
            if (old.claimDisconnectNotice()) {
                listeners.switchDisconnected(old, reason);
            }
            old.abandon(reason);
        }
        listeners.switchReady(s);
    }

    void sessionClosed(SwitchSession s, String reason, boolean wasReady) {
        open.remove(s);
        if (wasReady) {
            ready.remove(s.deviceId(), s);
            if (s.claimDisconnectNotice()) {
                listeners.switchDisconnected(s, reason);
            }
        }
    }
}
