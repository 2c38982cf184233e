package org.hsdba.pof.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the server reports the end of a switch connection: exactly one call per connection, naming
 * the switch (remote address, and device id once known) and the reason.
 */
@FunctionalInterface
public interface ConnectionLog {

    /**
     * @param peer  e.g. {@code "/10.0.0.5:40122 (device 0x00000001)"}
     * @param reason why the connection ended
     * @param fault true if the switch broke the protocol (bad input, refused handshake, silence)
     */
    void closed(String peer, String reason, boolean fault);

    /** Logs with SLF4J: a warning for faults, info otherwise. */
    static ConnectionLog slf4j() {
        return Slf4j.INSTANCE;
    }

    /** The SLF4J log, one shared instance. */
    final class Slf4j implements ConnectionLog {
        static final Slf4j INSTANCE = new Slf4j();
        private static final Logger LOG = LoggerFactory.getLogger(PofServer.class);

        private Slf4j() {
        }

        @Override
        public void closed(String peer, String reason, boolean fault) {
            if (fault) {
                LOG.warn("POF switch {} disconnected: {}", peer, reason);
            } else {
                LOG.info("POF switch {} disconnected: {}", peer, reason);
            }
        }
    }
}
