package org.hsdba.lifecycle.bench;

import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.southbound.SwitchMode;

/**
 * A switch that confirms every batch at once, with the description (resources, extension
 * features, ports) a real reference switch reported: isolates the controller's share of the join
 * latency. Also its own one-switch {@link PofSwitchService}.
 */
final class InstantSwitch implements PofSwitch, PofSwitchService {

    final AtomicLong messagesSent = new AtomicLong();
    private final PofSwitch model;
    private final List<PofSwitchListener> listeners = new CopyOnWriteArrayList<>();

    InstantSwitch(PofSwitch model) {
        this.model = model;
    }

    void ready() {
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
    public long deviceId() {
        return model.deviceId();
    }

    @Override
    public long sessionId() {
        return 1;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return model.remoteAddress();
    }

    @Override
    public FeaturesReply features() {
        return model.features();
    }

    @Override
    public ResourceReport resources() {
        return model.resources();
    }

    @Override
    public List<PortDesc> ports() {
        return model.ports();
    }

    @Override
    public SwitchMode mode() {
        return model.mode();
    }

    @Override
    public Optional<HxFeaturesReply> extensionFeatures() {
        return model.extensionFeatures();
    }

    @Override
    public boolean isConnected() {
        return true;
    }

    @Override
    public int globalTableId(int tableType, int tableId) {
        return model.globalTableId(tableType, tableId);
    }

    @Override
    public void disconnect(String reason) {
        throw new UnsupportedOperationException("the benchmark switch does not disconnect: " + reason);
    }

    @Override
    public Collection<PofSwitch> switches() {
        return List.of(this);
    }

    @Override
    public Optional<PofSwitch> getSwitch(long deviceId) {
        return deviceId == deviceId() ? Optional.of(this) : Optional.empty();
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
