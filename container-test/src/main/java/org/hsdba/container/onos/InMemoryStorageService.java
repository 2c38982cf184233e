package org.hsdba.container.onos;

import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.AsyncConsistentMultimap;
import org.onosproject.store.service.AsyncConsistentTreeMap;
import org.onosproject.store.service.AsyncDocumentTree;
import org.onosproject.store.service.AtomicCounterBuilder;
import org.onosproject.store.service.AtomicCounterMapBuilder;
import org.onosproject.store.service.AtomicIdGeneratorBuilder;
import org.onosproject.store.service.AtomicValueBuilder;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.ConsistentMultimapBuilder;
import org.onosproject.store.service.ConsistentTreeMapBuilder;
import org.onosproject.store.service.DistributedLockBuilder;
import org.onosproject.store.service.DistributedSetBuilder;
import org.onosproject.store.service.DocumentTreeBuilder;
import org.onosproject.store.service.EventuallyConsistentMapBuilder;
import org.onosproject.store.service.LeaderElectorBuilder;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Topic;
import org.onosproject.store.service.TopicBuilder;
import org.onosproject.store.service.TransactionContextBuilder;
import org.onosproject.store.service.WorkQueue;
import org.onosproject.store.service.WorkQueueBuilder;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * Storage of one node: synchronous consistent maps ({@link InMemoryConsistentMap}). Every other
 * primitive fails with a message naming it, so a component that starts using one is reported by
 * the container test rather than silently given something that does not behave.
 */
@Component(configurationPid = LocalNode.STAND_IN_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = StorageService.class)
public final class InMemoryStorageService implements StorageService {

    /** Builds {@link InMemoryConsistentMap}s with the builder's name, serializer and null-value option. */
    private static final class MapBuilder<K, V> extends ConsistentMapBuilder<K, V> {
        @Override
        public ConsistentMap<K, V> build() {
            return new InMemoryConsistentMap<>(name(), serializer(), nullValues());
        }

        @Override
        public AsyncConsistentMap<K, V> buildAsyncMap() {
            throw unsupported("asynchronous consistent maps (buildAsyncMap)");
        }
    }

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new MapBuilder<>();
    }

    @Override
    public <K, V> EventuallyConsistentMapBuilder<K, V> eventuallyConsistentMapBuilder() {
        throw unsupported("eventually consistent maps");
    }

    @Override
    public <V> DocumentTreeBuilder<V> documentTreeBuilder() {
        throw unsupported("document trees");
    }

    @Override
    public <V> ConsistentTreeMapBuilder<V> consistentTreeMapBuilder() {
        throw unsupported("consistent tree maps");
    }

    @Override
    public <K, V> ConsistentMultimapBuilder<K, V> consistentMultimapBuilder() {
        throw unsupported("consistent multimaps");
    }

    @Override
    public <K> AtomicCounterMapBuilder<K> atomicCounterMapBuilder() {
        throw unsupported("atomic counter maps");
    }

    @Override
    public <E> DistributedSetBuilder<E> setBuilder() {
        throw unsupported("distributed sets");
    }

    @Override
    public AtomicCounterBuilder atomicCounterBuilder() {
        throw unsupported("atomic counters");
    }

    @Override
    public AtomicIdGeneratorBuilder atomicIdGeneratorBuilder() {
        throw unsupported("atomic id generators");
    }

    @Override
    public <V> AtomicValueBuilder<V> atomicValueBuilder() {
        throw unsupported("atomic values");
    }

    @Override
    public DistributedLockBuilder lockBuilder() {
        throw unsupported("distributed locks");
    }

    @Override
    public LeaderElectorBuilder leaderElectorBuilder() {
        throw unsupported("leader electors");
    }

    @Override
    public <T> TopicBuilder<T> topicBuilder() {
        throw unsupported("topics");
    }

    @Override
    public <E> WorkQueueBuilder<E> workQueueBuilder() {
        throw unsupported("work queues");
    }

    @Override
    public TransactionContextBuilder transactionContextBuilder() {
        throw unsupported("transactions");
    }

    @Override
    public <E> WorkQueue<E> getWorkQueue(String name, Serializer serializer) {
        throw unsupported("work queues");
    }

    @Override
    public <V> AsyncDocumentTree<V> getDocumentTree(String name, Serializer serializer) {
        throw unsupported("document trees");
    }

    @Override
    public <K, V> AsyncConsistentMultimap<K, V> getAsyncSetMultimap(String name, Serializer serializer) {
        throw unsupported("consistent multimaps");
    }

    @Override
    public <V> AsyncConsistentTreeMap<V> getAsyncTreeMap(String name, Serializer serializer) {
        throw unsupported("consistent tree maps");
    }

    @Override
    public <T> Topic<T> getTopic(String name, Serializer serializer) {
        throw unsupported("topics");
    }

    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException("the container test's StorageService has no " + what
                + "; add them to org.hsdba.container.onos (module container-test) if a component needs them");
    }
}
