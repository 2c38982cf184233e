package org.hsdba.container.onos;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

import org.onosproject.store.primitives.ConsistentMapBackedJavaMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;

/**
 * A consistent map of one node. Values are kept in their serialized form and keys are serialized
 * once on insertion, as a real (replicated) map does, so that a type the map's serializer cannot
 * handle fails here as it would in ONOS rather than only in a cluster. Versions come from one
 * counter per map and grow with every write, like the log index ONOS uses. Listeners are told
 * after the write, outside the map's lock, on the executor they were added with.
 */
final class InMemoryConsistentMap<K, V> implements ConsistentMap<K, V> {

    private static final class Stored {
        final byte[] bytes;
        final long version;
        final long created;

        Stored(byte[] bytes, long version, long created) {
            this.bytes = bytes;
            this.version = version;
            this.created = created;
        }
    }

    private static final class Registration<K, V> {
        final MapEventListener<K, V> listener;
        final Executor executor;

        Registration(MapEventListener<K, V> listener, Executor executor) {
            this.listener = listener;
            this.executor = executor;
        }
    }

    private final String name;
    private final Serializer serializer;
    private final boolean nullValues;
    private final Map<K, Stored> entries = new LinkedHashMap<>();
    private final List<Registration<K, V>> listeners = new CopyOnWriteArrayList<>();
    private long lastVersion;

    InMemoryConsistentMap(String name, Serializer serializer, boolean nullValues) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a consistent map needs a name (withName)");
        }
        if (serializer == null) {
            throw new IllegalArgumentException("consistent map " + name + " needs a serializer (withSerializer)");
        }
        this.name = name;
        this.serializer = serializer;
        this.nullValues = nullValues;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Type primitiveType() {
        return Type.CONSISTENT_MAP;
    }

    @Override
    public synchronized int size() {
        return entries.size();
    }

    @Override
    public synchronized boolean isEmpty() {
        return entries.isEmpty();
    }

    @Override
    public synchronized boolean containsKey(K key) {
        return entries.containsKey(key);
    }

    @Override
    public synchronized boolean containsValue(V value) {
        return entries.values().stream().anyMatch(s -> Objects.equals(decode(s), value));
    }

    @Override
    public synchronized Versioned<V> get(K key) {
        return versioned(entries.get(key));
    }

    @Override
    public synchronized Versioned<V> getOrDefault(K key, V defaultValue) {
        Stored s = entries.get(key);
        return s == null ? new Versioned<>(defaultValue, 0) : versioned(s);
    }

    @Override
    public Versioned<V> computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        return computeIf(key, Objects::isNull, (k, v) -> mappingFunction.apply(k));
    }

    @Override
    public Versioned<V> compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return computeIf(key, v -> true, remappingFunction);
    }

    @Override
    public Versioned<V> computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return computeIf(key, Objects::nonNull, remappingFunction);
    }

    /** As ONOS's maps do: the current value if the condition fails; null maps to removal. */
    @Override
    public Versioned<V> computeIf(K key, Predicate<? super V> condition,
                                  BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        MapEvent<K, V> event;
        Versioned<V> result;
        synchronized (this) {
            Stored old = entries.get(key);
            V oldValue = old == null ? null : decode(old);
            if (!condition.test(oldValue)) {
                return versioned(old);
            }
            V newValue = remappingFunction.apply(key, oldValue);
            if (newValue == null && !nullValues) {
                event = old == null ? null : removeLocked(key);
                result = null;
            } else {
                event = writeLocked(key, newValue);
                result = event.newValue();
            }
        }
        publish(event);
        return result;
    }

    @Override
    public Versioned<V> put(K key, V value) {
        MapEvent<K, V> event;
        synchronized (this) {
            event = writeLocked(key, value);
        }
        publish(event);
        return event.oldValue();
    }

    @Override
    public Versioned<V> putAndGet(K key, V value) {
        MapEvent<K, V> event;
        synchronized (this) {
            event = writeLocked(key, value);
        }
        publish(event);
        return event.newValue();
    }

    @Override
    public Versioned<V> remove(K key) {
        MapEvent<K, V> event;
        synchronized (this) {
            event = entries.containsKey(key) ? removeLocked(key) : null;
        }
        publish(event);
        return event == null ? null : event.oldValue();
    }

    @Override
    public void clear() {
        List<MapEvent<K, V>> events = new ArrayList<>();
        synchronized (this) {
            for (K key : new ArrayList<>(entries.keySet())) {
                events.add(removeLocked(key));
            }
        }
        events.forEach(this::publish);
    }

    @Override
    public synchronized Set<K> keySet() {
        return new LinkedHashSet<>(entries.keySet());
    }

    @Override
    public synchronized Collection<Versioned<V>> values() {
        List<Versioned<V>> out = new ArrayList<>();
        entries.values().forEach(s -> out.add(versioned(s)));
        return out;
    }

    @Override
    public synchronized Set<Map.Entry<K, Versioned<V>>> entrySet() {
        Set<Map.Entry<K, Versioned<V>>> out = new LinkedHashSet<>();
        entries.forEach((k, s) -> out.add(new AbstractMap.SimpleImmutableEntry<>(k, versioned(s))));
        return out;
    }

    @Override
    public Versioned<V> putIfAbsent(K key, V value) {
        MapEvent<K, V> event;
        synchronized (this) {
            Stored old = entries.get(key);
            if (old != null) {
                return versioned(old);
            }
            event = writeLocked(key, value);
        }
        publish(event);
        return null;
    }

    @Override
    public boolean remove(K key, V value) {
        MapEvent<K, V> event;
        synchronized (this) {
            Stored old = entries.get(key);
            if (old == null || !Objects.equals(decode(old), value)) {
                return false;
            }
            event = removeLocked(key);
        }
        publish(event);
        return true;
    }

    @Override
    public boolean remove(K key, long version) {
        MapEvent<K, V> event;
        synchronized (this) {
            Stored old = entries.get(key);
            if (old == null || old.version != version) {
                return false;
            }
            event = removeLocked(key);
        }
        publish(event);
        return true;
    }

    @Override
    public Versioned<V> replace(K key, V value) {
        MapEvent<K, V> event;
        synchronized (this) {
            if (!entries.containsKey(key)) {
                return null;
            }
            event = writeLocked(key, value);
        }
        publish(event);
        return event.oldValue();
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        MapEvent<K, V> event;
        synchronized (this) {
            Stored old = entries.get(key);
            if (old == null || !Objects.equals(decode(old), oldValue)) {
                return false;
            }
            event = writeLocked(key, newValue);
        }
        publish(event);
        return true;
    }

    @Override
    public boolean replace(K key, long oldVersion, V newValue) {
        MapEvent<K, V> event;
        synchronized (this) {
            Stored old = entries.get(key);
            if (old == null || old.version != oldVersion) {
                return false;
            }
            event = writeLocked(key, newValue);
        }
        publish(event);
        return true;
    }

    @Override
    public void addListener(MapEventListener<K, V> listener, Executor executor) {
        listeners.add(new Registration<>(Objects.requireNonNull(listener, "listener"),
                Objects.requireNonNull(executor, "executor")));
    }

    @Override
    public void removeListener(MapEventListener<K, V> listener) {
        listeners.removeIf(r -> r.listener == listener);
    }

    @Override
    public Map<K, V> asJavaMap() {
        return new ConsistentMapBackedJavaMap<>(this);
    }

    @Override
    public Iterator<Map.Entry<K, Versioned<V>>> iterator() {
        return entrySet().iterator();
    }

    /** Inserts or updates {@code key}; returns the event (old value null on insertion). */
    private MapEvent<K, V> writeLocked(K key, V value) {
        if (key == null) {
            throw new NullPointerException("consistent map " + name + ": null key");
        }
        if (value == null && !nullValues) {
            throw new NullPointerException("consistent map " + name + ": null value for key " + key
                    + " (the map was not built withNullValues)");
        }
        Stored old = entries.get(key);
        if (old == null) {
            serializer.encode(key);
        }
        long created = old == null ? System.currentTimeMillis() : old.created;
        Stored now = new Stored(serializer.encode(value), ++lastVersion, created);
        entries.put(key, now);
        return new MapEvent<>(old == null ? MapEvent.Type.INSERT : MapEvent.Type.UPDATE, name, key,
                versioned(now), versioned(old));
    }

    private MapEvent<K, V> removeLocked(K key) {
        Stored old = entries.remove(key);
        return new MapEvent<>(MapEvent.Type.REMOVE, name, key, null, versioned(old));
    }

    private void publish(MapEvent<K, V> event) {
        if (event == null) {
            return;
        }
        for (Registration<K, V> r : listeners) {
            r.executor.execute(() -> r.listener.event(event));
        }
    }

    private V decode(Stored s) {
        return serializer.decode(s.bytes);
    }

    private Versioned<V> versioned(Stored s) {
        return s == null ? null : new Versioned<>(decode(s), s.version, s.created);
    }
}
