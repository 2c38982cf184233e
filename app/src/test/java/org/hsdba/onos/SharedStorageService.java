package org.hsdba.onos;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.hsdba.store.EventedMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;

/**
 * ONOS's in-memory storage double, with one map per name for every instance using it (a cluster's
 * shared store), whose listeners are told through their executors as in ONOS ({@link EventedMap}).
 * Public for the tests module (the join benchmark's ONOS store), which has it from the app's test-jar.
 */
public final class SharedStorageService extends TestStorageService {

    private final Map<String, ConsistentMap<?, ?>> maps = new ConcurrentHashMap<>();

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            public ConsistentMap<K, V> build() {
                return (ConsistentMap<K, V>) maps.computeIfAbsent(name(), n -> new EventedMap<>(super.build()));
            }
        };
    }
}
