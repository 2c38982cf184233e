package org.hsdba.pof.server;

import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.hsdba.pof.message.ErrorMessage;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortStatus;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fans events out to registered listeners. A listener that throws is logged and skipped: one
 * faulty listener must not break a switch session or starve the others.
 */
public final class ListenerSet implements PofSwitchListener {
    private static final Logger LOG = LoggerFactory.getLogger(ListenerSet.class);

    private final CopyOnWriteArrayList<PofSwitchListener> listeners = new CopyOnWriteArrayList<>();

    public void add(PofSwitchListener listener) {
        listeners.addIfAbsent(Objects.requireNonNull(listener, "listener"));
    }

    public void remove(PofSwitchListener listener) {
        listeners.remove(listener);
    }

    @Override
    public void switchReady(PofSwitch sw) {
        each("switchReady", l -> l.switchReady(sw));
    }

    @Override
    public void switchDisconnected(PofSwitch sw, String reason) {
        each("switchDisconnected", l -> l.switchDisconnected(sw, reason));
    }

    @Override
    public void switchRefused(InetSocketAddress remote, long deviceId, String reason) {
        each("switchRefused", l -> l.switchRefused(remote, deviceId, reason));
    }

    @Override
    public void portStatus(PofSwitch sw, PortStatus status) {
        each("portStatus", l -> l.portStatus(sw, status));
    }

    @Override
    public void packetIn(PofSwitch sw, PacketIn packetIn) {
        each("packetIn", l -> l.packetIn(sw, packetIn));
    }

    @Override
    public void error(PofSwitch sw, ErrorMessage error, PofMessage cause) {
        each("error", l -> l.error(sw, error, cause));
    }

    @Override
    public void message(PofSwitch sw, PofMessage message) {
        each("message", l -> l.message(sw, message));
    }

    private void each(String event, Consumer<PofSwitchListener> call) {
        for (PofSwitchListener l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                LOG.warn("POF switch listener {} failed on {}", l, event, e);
            }
        }
    }
}
