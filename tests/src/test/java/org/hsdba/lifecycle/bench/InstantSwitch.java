package org.hsdba.lifecycle.bench;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.hsdba.lifecycle.ForwardingPofSwitch;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;

/**
 * A switch that confirms every batch at once, with the description (resources, extension
 * features, ports) a real reference switch reported: isolates the controller's share of the join
 * latency. The description is the model's (forwarded); everything a session does is answered
 * here. Also its own one-switch {@link PofSwitchService}.
 */
final class InstantSwitch extends ForwardingPofSwitch implements PofSwitchService {

    final AtomicLong messagesSent = new AtomicLong();
    private final List<PofSwitchListener> listeners = new CopyOnWriteArrayList<>();
    /**
     * Connected (and listed by {@link #switches}) only once {@link #ready} told the listeners, as
     * the adapter does: a switch listed before that was made ready twice, by the manager's start
     * and by {@link #ready}, and the second connection's reprogramming ignored the packet-ins of
     * a run that had started after the first (the benchmark's "INCOMPLETE" joins).
     */
    private volatile boolean ready;

    InstantSwitch(PofSwitch model) {
        super(model);
    }

    void ready() {
        ready = true;
        listeners.forEach(l -> l.switchReady(this));
    }

    void packetIn(PacketIn p) {
        listeners.forEach(l -> l.packetIn(this, p));
    }

    @Override
    public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
        messagesSent.addAndGet(messages.size());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<PofMessage> request(PofMessage request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("no reads in the benchmark"));
    }

    @Override
    public CompletableFuture<List<PofMessage>> queryAll() {
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public long sessionId() {
        return 1;
    }

    @Override
    public boolean isConnected() {
        return ready;
    }

    @Override
    public void disconnect(String reason) {
        throw new UnsupportedOperationException("the benchmark switch does not disconnect: " + reason);
    }

    @Override
    public String toString() {
        return "InstantSwitch(" + deviceId() + ")";
    }

    @Override
    public Collection<PofSwitch> switches() {
        return ready ? List.of(this) : List.of();
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        return ready && deviceId == deviceId() ? Optional.of(this) : Optional.empty();
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
