package org.hsdba.store;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;

/**
 * The calls the app's store makes, passed to an ONOS test map, with listeners told through the
 * executor they registered with, as ONOS's real maps do. ONOS's {@code TestConsistentMap} ignores
 * {@code addListener(listener, executor)} (its adapter's no-op): a store listening that way would
 * never hear a change, and a test on it would not test what it claims.
 */
public class EventedMap<K, V> extends ConsistentMapAdapter<K, V> {
    private final ConsistentMap<K, V> inner;
    private final Map<MapEventListener<K, V>, MapEventListener<K, V>> registered = new ConcurrentHashMap<>();

    public EventedMap(ConsistentMap<K, V> inner) {
        this.inner = inner;
    }

    /** The wrapped map. */
    public ConsistentMap<K, V> inner() {
        return inner;
    }

    @Override
    public String name() {
        return inner.name();
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
