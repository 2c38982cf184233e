package org.hsdba.impl;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.southbound.SwitchMode;

/** Switches that connect and disconnect when the test says so. */
final class FakeSwitchService implements PofSwitchService {

    private final Map<Long, FakeSwitch> switches = new ConcurrentHashMap<>();
    private final List<PofSwitchListener> listeners = new CopyOnWriteArrayList<>();
    private long sessions;
    /**
     * While set, every switch's sends are confirmed only when the test completes this future
     * (the switch has the messages, its ECHO reply has not come back).
     */
    volatile CompletableFuture<Void> heldConfirmation;

    /** A new session of device {@code dpid} (a reconnect if it was connected before), announced as ready. */
    FakeSwitch connect(long dpid, SwitchMode mode) {
        FakeSwitch sw = new FakeSwitch(this, dpid, ++sessions, mode);
        switches.put(dpid, sw);
        listeners.forEach(l -> l.switchReady(sw));
        return sw;
    }

    void disconnected(FakeSwitch sw, String reason) {
        switches.remove(sw.deviceId(), sw);
        listeners.forEach(l -> l.switchDisconnected(sw, reason));
    }

    void deliver(FakeSwitch sw, PofMessage message) {
        listeners.forEach(l -> l.message(sw, message));
    }

    List<PofSwitchListener> listeners() {
        return listeners;
    }

    @Override
    public Collection<PofSwitch> switches() {
        return List.copyOf(switches.values());
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        return Optional.ofNullable(switches.get(deviceId));
    }

    @Override
    public void addListener(PofSwitchListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(PofSwitchListener listener) {
        listeners.remove(listener);
    }
}
