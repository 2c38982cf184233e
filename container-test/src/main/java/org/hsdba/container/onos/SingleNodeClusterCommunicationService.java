package org.hsdba.container.onos;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;

import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.ClusterMessage;
import org.onosproject.store.cluster.messaging.ClusterMessageHandler;
import org.onosproject.store.cluster.messaging.MessageSubject;
import org.onosproject.store.cluster.messaging.MessagingException;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * Cluster messaging of a one-node cluster: a message to this node reaches this node's subscriber
 * of its subject (on the subscriber's executor), as ONOS delivers a message an instance sends to
 * itself; there is nobody else to broadcast to, and a message to any other node fails. A subject
 * without a subscriber gives {@link MessagingException.NoRemoteHandler}, as in ONOS.
 */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = ClusterCommunicationService.class)
public final class SingleNodeClusterCommunicationService implements ClusterCommunicationService {

    /** A subscriber: the payload in, the reply (null for none) out. */
    private interface Subscriber {
        CompletableFuture<byte[]> deliver(byte[] payload);
    }

    private final Map<MessageSubject, Subscriber> subscribers = new ConcurrentHashMap<>();

    // ------------------------------------------------------------------ sending

    @Override
    public <M> void broadcast(M message, MessageSubject subject, Function<M, byte[]> encoder) {
        // no other node
    }

    @Override
    public <M> void broadcastIncludeSelf(M message, MessageSubject subject, Function<M, byte[]> encoder) {
        deliver(subject, encoder.apply(message));
    }

    @Override
    public <M> CompletableFuture<Void> unicast(M message, MessageSubject subject, Function<M, byte[]> encoder,
                                               NodeId toNodeId) {
        if (!LocalNode.ID.equals(toNodeId)) {
            return CompletableFuture.failedFuture(noSuchNode(toNodeId));
        }
        return deliver(subject, encoder.apply(message)).thenApply(reply -> null);
    }

    @Override
    public <M> void multicast(M message, MessageSubject subject, Function<M, byte[]> encoder, Set<NodeId> nodeIds) {
        if (nodeIds.contains(LocalNode.ID)) {
            deliver(subject, encoder.apply(message));
        }
    }

    /** The timeout is not needed: delivery is local and ends when the subscriber's executor runs it. */
    @Override
    public <M, R> CompletableFuture<R> sendAndReceive(M message, MessageSubject subject, Function<M, byte[]> encoder,
                                                      Function<byte[], R> decoder, NodeId toNodeId, Duration timeout) {
        if (!LocalNode.ID.equals(toNodeId)) {
            return CompletableFuture.failedFuture(noSuchNode(toNodeId));
        }
        return deliver(subject, encoder.apply(message)).thenApply(decoder);
    }

    private CompletableFuture<byte[]> deliver(MessageSubject subject, byte[] payload) {
        Subscriber s = subscribers.get(subject);
        if (s == null) {
            return CompletableFuture.failedFuture(new MessagingException.NoRemoteHandler());
        }
        return s.deliver(payload);
    }

    private static MessagingException noSuchNode(NodeId nodeId) {
        return new MessagingException("no node " + nodeId + " in this one-node cluster (only " + LocalNode.ID + ")");
    }

    // ------------------------------------------------------------------ subscribing

    @Override
    public void addSubscriber(MessageSubject subject, ClusterMessageHandler handler, ExecutorService executor) {
        subscribe(subject, payload -> CompletableFuture.supplyAsync(() -> {
            ClusterMessage m = new ClusterMessage(LocalNode.ID, subject, payload);
            handler.handle(m);
            return m.response();
        }, executor));
    }

    @Override
    public <M, R> void addSubscriber(MessageSubject subject, Function<byte[], M> decoder, Function<M, R> handler,
                                     Function<R, byte[]> encoder, Executor executor) {
        subscribe(subject, payload -> CompletableFuture.supplyAsync(
                () -> encoder.apply(handler.apply(decoder.apply(payload))), executor));
    }

    @Override
    public <M, R> void addSubscriber(MessageSubject subject, Function<byte[], M> decoder,
                                     Function<M, CompletableFuture<R>> handler, Function<R, byte[]> encoder) {
        subscribe(subject, payload -> {
            try {
                return handler.apply(decoder.apply(payload)).thenApply(encoder);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        });
    }

    @Override
    public <M> void addSubscriber(MessageSubject subject, Function<byte[], M> decoder, Consumer<M> handler,
                                  Executor executor) {
        subscribe(subject, payload -> CompletableFuture.supplyAsync(() -> {
            handler.accept(decoder.apply(payload));
            return null;
        }, executor));
    }

    /** As in ONOS, one subscriber per subject: a second replaces the first. */
    private void subscribe(MessageSubject subject, Subscriber subscriber) {
        subscribers.put(subject, subscriber);
    }

    @Override
    public void removeSubscriber(MessageSubject subject) {
        subscribers.remove(subject);
    }
}
