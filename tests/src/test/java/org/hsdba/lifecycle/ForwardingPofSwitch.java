package org.hsdba.lifecycle;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.message.FeaturesReply;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.SwitchMode;

/**
 * A switch session that passes every call to another one: the base of the test decorators, which
 * override only the calls they change (faults, timing) or answer themselves.
 */
public abstract class ForwardingPofSwitch implements PofSwitch {

    private final PofSwitch delegate;

    protected ForwardingPofSwitch(PofSwitch delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public long deviceId() {
        return delegate.deviceId();
    }

    @Override
    public long sessionId() {
        return delegate.sessionId();
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return delegate.remoteAddress();
    }

    @Override
    public FeaturesReply features() {
        return delegate.features();
    }

    @Override
    public ResourceReport resources() {
        return delegate.resources();
    }

    @Override
    public List<PortDesc> ports() {
        return delegate.ports();
    }

    @Override
    public SwitchMode mode() {
        return delegate.mode();
    }

    @Override
    public Optional<HxFeaturesReply> extensionFeatures() {
        return delegate.extensionFeatures();
    }

    @Override
    public boolean isConnected() {
        return delegate.isConnected();
    }

    @Override
    public int globalTableId(int tableType, int tableId) {
        return delegate.globalTableId(tableType, tableId);
    }

    @Override
    public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
        return delegate.send(messages);
    }

    @Override
    public CompletableFuture<PofMessage> request(PofMessage request) {
        return delegate.request(request);
    }

    @Override
    public CompletableFuture<List<PofMessage>> queryAll() {
        return delegate.queryAll();
    }

    @Override
    public void disconnect(String reason) {
        delegate.disconnect(reason);
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
