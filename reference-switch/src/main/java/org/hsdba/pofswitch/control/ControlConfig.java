package org.hsdba.pofswitch.control;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How the switch reaches and talks to its controller (POFSwitch defaults: port 6633, reconnect and
 * echo every 2 s, "Huawei" / "POFSwitch-1.4.0.015" strings). POFSwitch sleeps 100 ms before every
 * COUNTER_REPLY and sends its first ECHO_REQUEST 1.0 s after its HELLO; both are configurable and
 * off by default here ({@link StockProfile#POFSWITCH_DEFAULT_BUILD} turns them on).
 * <p>
 * More than one controller address (an ONOS cluster): the switch keeps one connection, to the
 * first address that accepts it, and after losing it tries the next ones in order (see
 * {@link ControllerRotation}).
 */
public final class ControlConfig {
    private final List<InetSocketAddress> controllers;
    private final long reconnectIntervalMs;
    private final long echoIntervalMs;
    private final long counterReplyDelayMs;
    private final long handshakeSleepMs;
    private final long firstEchoDelayMs;
    private final String vendor;
    private final String forwardingEngine;
    private final String lookupEngine;
    private final ControlTrace trace;

    private ControlConfig(Builder b) {
        this.controllers = List.copyOf(b.controllers.isEmpty()
                ? List.of(InetSocketAddress.createUnresolved("127.0.0.1", 6633)) : b.controllers);
        this.reconnectIntervalMs = b.reconnectIntervalMs;
        this.echoIntervalMs = b.echoIntervalMs;
        this.counterReplyDelayMs = b.counterReplyDelayMs;
        this.handshakeSleepMs = b.handshakeSleepMs;
        this.firstEchoDelayMs = b.firstEchoDelayMs;
        this.vendor = b.vendor;
        this.forwardingEngine = b.forwardingEngine;
        this.lookupEngine = b.lookupEngine;
        this.trace = b.trace;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The first controller address. */
    public String controllerHost() {
        return controllers.get(0).getHostString();
    }

    public int controllerPort() {
        return controllers.get(0).getPort();
    }

    /** Every controller address, in the order the switch tries them (unresolved: resolved at each connect). */
    public List<InetSocketAddress> controllers() {
        return controllers;
    }

    public long reconnectIntervalMs() {
        return reconnectIntervalMs;
    }

    public long echoIntervalMs() {
        return echoIntervalMs;
    }

    public long counterReplyDelayMs() {
        return counterReplyDelayMs;
    }

    public long handshakeSleepMs() {
        return handshakeSleepMs;
    }

    /** When the first ECHO_REQUEST follows the HELLO (ms); 0 for one echo interval. */
    public long firstEchoDelayMs() {
        return firstEchoDelayMs;
    }

    public String vendor() {
        return vendor;
    }

    public String forwardingEngine() {
        return forwardingEngine;
    }

    public String lookupEngine() {
        return lookupEngine;
    }

    /** Who is told when the channel read, handled and wrote messages ({@link ControlTrace#NONE}: nobody). */
    public ControlTrace trace() {
        return trace;
    }

    /** Builder; defaults as described on the class. */
    public static final class Builder {
        private final List<InetSocketAddress> controllers = new ArrayList<>();
        private long reconnectIntervalMs = 2000;
        private long echoIntervalMs = 2000;
        private long counterReplyDelayMs;
        private long handshakeSleepMs;
        private long firstEchoDelayMs;
        private String vendor = "Huawei";
        private String forwardingEngine = "POFSwitch-1.4.0.015";
        private String lookupEngine = "POFSwitch-1.4.0.015";
        private ControlTrace trace = ControlTrace.NONE;

        private Builder() {
        }

        /** The one controller address (replaces any given before). */
        public Builder controller(String host, int port) {
            controllers.clear();
            return alsoController(host, port);
        }

        /** One more controller address, tried after the ones given before. */
        public Builder alsoController(String host, int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("controller port must be in 1..65535, got " + port);
            }
            InetSocketAddress a = InetSocketAddress.createUnresolved(Objects.requireNonNull(host, "host"), port);
            if (controllers.contains(a)) {
                throw new IllegalArgumentException("controller " + host + ":" + port + " given twice");
            }
            controllers.add(a);
            return this;
        }

        public Builder reconnectIntervalMs(long v) {
            reconnectIntervalMs = nonNegative(v, "reconnect interval");
            return this;
        }

        public Builder echoIntervalMs(long v) {
            echoIntervalMs = nonNegative(v, "echo interval");
            return this;
        }

        public Builder counterReplyDelayMs(long v) {
            counterReplyDelayMs = nonNegative(v, "counter reply delay");
            return this;
        }

        public Builder handshakeSleepMs(long v) {
            handshakeSleepMs = nonNegative(v, "handshake sleep");
            return this;
        }

        public Builder firstEchoDelayMs(long v) {
            firstEchoDelayMs = nonNegative(v, "first echo delay");
            return this;
        }

        public Builder strings(String vendor, String forwardingEngine, String lookupEngine) {
            this.vendor = Objects.requireNonNull(vendor);
            this.forwardingEngine = Objects.requireNonNull(forwardingEngine);
            this.lookupEngine = Objects.requireNonNull(lookupEngine);
            return this;
        }

        /** Timestamps of the channel's reads and writes go to {@code trace} (benchmarks). */
        public Builder trace(ControlTrace trace) {
            this.trace = Objects.requireNonNull(trace, "trace");
            return this;
        }

        private static long nonNegative(long v, String what) {
            if (v < 0) {
                throw new IllegalArgumentException(what + " must be >= 0 ms, got " + v);
            }
            return v;
        }

        public ControlConfig build() {
            return new ControlConfig(this);
        }
    }
}
