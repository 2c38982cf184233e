package org.hsdba.lifecycle.bench;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;
import org.onosproject.store.service.Versioned;

/**
 * ONOS's in-memory StorageService whose maps deliver events the way ONOS's own maps do: through
 * the executor each listener registered with. ONOS's {@link TestConsistentMap} ignores
 * {@code addListener(listener, executor)} (its adapter's no-op), so a store that listens that way
 * (the app's {@code DistributedHsdbaStore}, on its {@code hsdba-store-events} thread) would never
 * hear its own writes, and the manager, which reprograms on the store's events, would not see a
 * join until something else woke the switch's lane.
 */
final class OnosStorage extends TestStorageService {

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            public ConsistentMap<K, V> build() {
                return new EventedMap<>(super.build());
            }
        };
    }

    /** The calls the app's store makes, passed to ONOS's test map; listeners told through their executor. */
    private static final class EventedMap<K, V> extends ConsistentMapAdapter<K, V> {
        private final ConsistentMap<K, V> inner;
        private final Map<MapEventListener<K, V>, MapEventListener<K, V>> registered = new ConcurrentHashMap<>();

        EventedMap(ConsistentMap<K, V> inner) {
            this.inner = inner;
        }

        @Override
        public Versioned<V> get(K key) {
            return inner.get(key);
        }

        @Override
        public Versioned<V> put(K key, V value) {
            return inner.put(key, value);
        }

        @Override
        public Versioned<V> putIfAbsent(K key, V value) {
            return inner.putIfAbsent(key, value);
        }

        @Override
        public boolean replace(K key, long version, V value) {
            return inner.replace(key, version, value);
        }

        @Override
        public Versioned<V> remove(K key) {
            return inner.remove(key);
        }

        @Override
        public Set<K> keySet() {
            return inner.keySet();
        }

        @Override
        public void addListener(MapEventListener<K, V> listener, Executor executor) {
            MapEventListener<K, V> through = e -> executor.execute(() -> listener.event(e));
            registered.put(listener, through);
            inner.addListener(through);
        }

        @Override
        public void removeListener(MapEventListener<K, V> listener) {
            MapEventListener<K, V> through = registered.remove(listener);
            if (through != null) {
                inner.removeListener(through);
            }
        }
    }
}
