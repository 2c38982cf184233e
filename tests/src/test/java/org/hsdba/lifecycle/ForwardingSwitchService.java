package org.hsdba.lifecycle;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;

/**
 * The adapter as the manager sees it through a test decorator: every switch session is replaced
 * by its {@link #decorate decorated} one, made once per session so that the manager's identity
 * checks on sessions still hold, in lists, look-ups and every listener event.
 */
public abstract class ForwardingSwitchService implements PofSwitchService {

    private final PofSwitchService real;
    private final Map<PofSwitch, PofSwitch> sessions = new ConcurrentHashMap<>();
    private final Map<PofSwitchListener, PofSwitchListener> listeners = new ConcurrentHashMap<>();

    protected ForwardingSwitchService(PofSwitchService real) {
        this.real = Objects.requireNonNull(real, "real");
    }

    /** The decorated session for a session of the real adapter; called once per session. */
    protected abstract PofSwitch decorate(PofSwitch session);

    /** Told before each listener hears that {@code sw} (decorated) is ready; nothing by default. */
    protected void beforeReady(PofSwitch sw) {
    }

    /** Told first, before each listener gets {@code packetIn}; nothing by default. */
    protected void beforePacketIn(PacketIn packetIn) {
    }

    private PofSwitch wrap(PofSwitch session) {
        return sessions.computeIfAbsent(session, this::decorate);
    }

    @Override
    public Collection<PofSwitch> switches() {
        return real.switches().stream().map(this::wrap).collect(Collectors.toList());
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        return real.getSwitch(deviceId).map(this::wrap);
    }

    @Override
    public void addListener(PofSwitchListener listener) {
        PofSwitchListener relay = new Relay(listener);
        listeners.put(listener, relay);
        real.addListener(relay);
    }

    @Override
    public void removeListener(PofSwitchListener listener) {
        PofSwitchListener relay = listeners.remove(listener);
        if (relay != null) {
            real.removeListener(relay);
        }
    }

    /** Passes every event on with the decorated session. */
    private final class Relay implements PofSwitchListener {
        private final PofSwitchListener listener;

        Relay(PofSwitchListener listener) {
            this.listener = listener;
        }

        @Override
        public void switchReady(PofSwitch sw) {
            PofSwitch w = wrap(sw);
            beforeReady(w);
            listener.switchReady(w);
        }

        @Override
        public void switchDisconnected(PofSwitch sw, String reason) {
            listener.switchDisconnected(wrap(sw), reason);
        }

        @Override
        public void portStatus(PofSwitch sw, PortStatus status) {
            listener.portStatus(wrap(sw), status);
        }

        @Override
        public void packetIn(PofSwitch sw, PacketIn packetIn) {
            beforePacketIn(packetIn);
            listener.packetIn(wrap(sw), packetIn);
        }

        @Override
        public void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
            listener.error(wrap(sw), error, cause);
        }

        @Override
        public void message(PofSwitch sw, PofMessage message) {
            listener.message(wrap(sw), message);
        }
    }
}
