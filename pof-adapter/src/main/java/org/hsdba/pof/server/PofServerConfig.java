package org.hsdba.pof.server;

import java.time.Duration;
import java.util.Objects;
import org.hsdba.pof.codec.PofCodec;
import org.hsdba.pof.ext.ExtCodec;

/**
 * Settings of a {@link PofServer}; immutable, built with {@link #builder()}. Defaults: all
 * addresses, port 6643, liveness 10 s, request 10 s, confirmation 30 s, probe 3 s, handshake 15 s,
 * the extended codec (stock POF 1.4.0 plus the HSDBA extension messages).
 */
public final class PofServerConfig {
    /** The port POF switches connect to by default (the brief's choice; POFSwitch's own default is 6633). */
    public static final int DEFAULT_PORT = 6643;

    private final String bindAddress;
    private final int port;
    private final Duration livenessTimeout;
    private final Duration requestTimeout;
    private final Duration confirmTimeout;
    private final Duration probeTimeout;
    private final Duration handshakeTimeout;
    private final int ioThreads;
    private final PofCodec codec;
    private final ConnectionLog connectionLog;

    private PofServerConfig(Builder b) {
        bindAddress = b.bindAddress;
        port = b.port;
        livenessTimeout = b.livenessTimeout;
        requestTimeout = b.requestTimeout;
        confirmTimeout = b.confirmTimeout;
        probeTimeout = b.probeTimeout;
        handshakeTimeout = b.handshakeTimeout;
        ioThreads = b.ioThreads;
        codec = b.codec;
        connectionLog = b.connectionLog;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The defaults. */
    public static PofServerConfig defaults() {
        return builder().build();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.bindAddress = bindAddress;
        b.port = port;
        b.livenessTimeout = livenessTimeout;
        b.requestTimeout = requestTimeout;
        b.confirmTimeout = confirmTimeout;
        b.probeTimeout = probeTimeout;
        b.handshakeTimeout = handshakeTimeout;
        b.ioThreads = ioThreads;
        b.codec = codec;
        b.connectionLog = connectionLog;
        return b;
    }

    /** Host name or literal address to listen on; "0.0.0.0" means every IPv4 address. */
    public String bindAddress() {
        return bindAddress;
    }

    /** TCP port; 0 lets the system choose (see {@link PofServer#localAddress()}). */
    public int port() {
        return port;
    }

    /** A switch that sends nothing for this long is declared down and its connection closed. */
    public Duration livenessTimeout() {
        return livenessTimeout;
    }

    /** How long {@code request} and {@code queryAll} wait for their reply. */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /** How long {@code send} waits for its confirmation round trip. */
    public Duration confirmTimeout() {
        return confirmTimeout;
    }

    /** How long the capability probe waits before treating the switch as stock. */
    public Duration probeTimeout() {
        return probeTimeout;
    }

    /** A connection that is not ready this long after it was accepted is closed. */
    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    /** Netty worker threads for switch connections. */
    public int ioThreads() {
        return ioThreads;
    }

    /** The codec for both directions; must know every message type the server sends. */
    public PofCodec codec() {
        return codec;
    }

    public ConnectionLog connectionLog() {
        return connectionLog;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PofServerConfig)) {
            return false;
        }
        PofServerConfig c = (PofServerConfig) o;
        return bindAddress.equals(c.bindAddress) && port == c.port && livenessTimeout.equals(c.livenessTimeout)
                && requestTimeout.equals(c.requestTimeout) && confirmTimeout.equals(c.confirmTimeout)
                && probeTimeout.equals(c.probeTimeout) && handshakeTimeout.equals(c.handshakeTimeout)
                && ioThreads == c.ioThreads && codec.equals(c.codec) && connectionLog.equals(c.connectionLog);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bindAddress, port, livenessTimeout, requestTimeout, confirmTimeout, probeTimeout,
                handshakeTimeout, ioThreads, codec, connectionLog);
    }

    @Override
    public String toString() {
        return "PofServerConfig{bind=" + bindAddress + ":" + port + ", liveness=" + livenessTimeout + ", request="
                + requestTimeout + ", confirm=" + confirmTimeout + ", probe=" + probeTimeout + ", handshake="
                + handshakeTimeout + ", ioThreads=" + ioThreads + "}";
    }

    /** Builder; every setter validates its argument. */
    public static final class Builder {
        private String bindAddress = "0.0.0.0";
        private int port = DEFAULT_PORT;
        private Duration livenessTimeout = Duration.ofSeconds(10);
        private Duration requestTimeout = Duration.ofSeconds(10);
        private Duration confirmTimeout = Duration.ofSeconds(30);
        private Duration probeTimeout = Duration.ofSeconds(3);
        private Duration handshakeTimeout = Duration.ofSeconds(15);
        private int ioThreads = Math.max(2, Runtime.getRuntime().availableProcessors());
        private PofCodec codec = ExtCodec.extendedCodec();
        private ConnectionLog connectionLog = ConnectionLog.slf4j();

        private Builder() {
        }

        public Builder bindAddress(String v) {
            Objects.requireNonNull(v, "bindAddress");
            if (v.isBlank()) {
                throw new IllegalArgumentException("bindAddress is blank");
            }
            bindAddress = v.strip();
            return this;
        }

        public Builder port(int v) {
            if (v < 0 || v > 0xFFFF) {
                throw new IllegalArgumentException("port " + v + " is outside 0..65535");
            }
            port = v;
            return this;
        }

        public Builder livenessTimeout(Duration v) {
            livenessTimeout = positive(v, "livenessTimeout");
            return this;
        }

        public Builder requestTimeout(Duration v) {
            requestTimeout = positive(v, "requestTimeout");
            return this;
        }

        public Builder confirmTimeout(Duration v) {
            confirmTimeout = positive(v, "confirmTimeout");
            return this;
        }

        public Builder probeTimeout(Duration v) {
            probeTimeout = positive(v, "probeTimeout");
            return this;
        }

        public Builder handshakeTimeout(Duration v) {
            handshakeTimeout = positive(v, "handshakeTimeout");
            return this;
        }

        public Builder ioThreads(int v) {
            if (v < 1) {
                throw new IllegalArgumentException("ioThreads " + v + " must be at least 1");
            }
            ioThreads = v;
            return this;
        }

        public Builder codec(PofCodec v) {
            codec = Objects.requireNonNull(v, "codec");
            return this;
        }

        public Builder connectionLog(ConnectionLog v) {
            connectionLog = Objects.requireNonNull(v, "connectionLog");
            return this;
        }

        public PofServerConfig build() {
            return new PofServerConfig(this);
        }

        private static Duration positive(Duration v, String what) {
            Objects.requireNonNull(v, what);
            if (v.isNegative() || v.isZero()) {
                throw new IllegalArgumentException(what + " " + v + " must be positive");
            }
            return v;
        }
    }
}
