package org.hsdba.onos.cluster;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.ClusterCommunicationServiceAdapter;
import org.onosproject.store.cluster.messaging.MessageSubject;
import org.onosproject.store.cluster.messaging.MessagingException;

/**
 * ONOS cluster messaging between instances in one JVM: each {@link #node(NodeId) endpoint}
 * delivers {@code sendAndReceive} to the subscriber another endpoint registered, on that
 * subscriber's executor. A node can be told to misbehave: never answer, or answer garbage. A
 * node without a subscriber gives {@link MessagingException.NoRemoteHandler}, as ONOS does.
 */
public final class InProcessCluster {

    /** How a node's subscribers answer. */
    public enum Behaviour {
        ANSWER, NEVER_ANSWER, ANSWER_GARBAGE
    }

    static final byte[] GARBAGE = {'h', 'L', (byte) LiveWire.VERSION, 0, 0, 0, 0, 0, 7, 'x'};

    private final Map<NodeId, Map<MessageSubject, Function<byte[], CompletableFuture<byte[]>>>> subscribers =
            new ConcurrentHashMap<>();
    private final Map<NodeId, Behaviour> behaviours = new ConcurrentHashMap<>();
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger sent = new AtomicInteger();

    public ClusterCommunicationService node(NodeId self) {
        return new Endpoint(self);
    }

    public void behave(NodeId node, Behaviour behaviour) {
        behaviours.put(node, behaviour);
    }

    /** Messages sent with {@code sendAndReceive}, over all nodes. */
    public int sent() {
        return sent.get();
    }

    /** Messages a subscriber handled, over all nodes. */
    public int answered() {
        return answered.get();
    }

    public boolean hasSubscriber(NodeId node, MessageSubject subject) {
        return subscribers.getOrDefault(node, Map.of()).containsKey(subject);
    }

    private final class Endpoint extends ClusterCommunicationServiceAdapter {
        private final NodeId self;

        Endpoint(NodeId self) {
            this.self = self;
        }

        @Override
        public <M, R> void addSubscriber(MessageSubject subject, Function<byte[], M> decoder, Function<M, R> handler,
                                         Function<R, byte[]> encoder, Executor executor) {
            subscribers.computeIfAbsent(self, n -> new ConcurrentHashMap<>()).put(subject,
                    bytes -> CompletableFuture.supplyAsync(() -> {
                        answered.incrementAndGet();
                        return encoder.apply(handler.apply(decoder.apply(bytes)));
                    }, executor));
        }

        @Override
        public void removeSubscriber(MessageSubject subject) {
            subscribers.getOrDefault(self, Map.of()).remove(subject);
        }

        @Override
        public <M, R> CompletableFuture<R> sendAndReceive(M message, MessageSubject subject, Function<M, byte[]> encoder,
                                                          Function<byte[], R> decoder, NodeId toNodeId,
                                                          Duration timeout) {
            sent.incrementAndGet();
            Function<byte[], CompletableFuture<byte[]>> target =
                    subscribers.getOrDefault(toNodeId, Map.of()).get(subject);
            if (target == null) {
                return CompletableFuture.failedFuture(new MessagingException.NoRemoteHandler());
            }
            switch (behaviours.getOrDefault(toNodeId, Behaviour.ANSWER)) {
                case NEVER_ANSWER:
                    return new CompletableFuture<>(); // and ignores the timeout: the caller must bound its wait
                case ANSWER_GARBAGE:
                    return CompletableFuture.completedFuture(decoder.apply(GARBAGE.clone()));
                default:
                    return target.apply(encoder.apply(message)).thenApply(decoder);
            }
        }
    }
}
