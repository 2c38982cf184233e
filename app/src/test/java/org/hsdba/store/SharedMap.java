package org.hsdba.store;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.Versioned;

/**
 * The map several stores share in a test: ONOS's {@link TestConsistentMap}, whose listeners are
 * told on the writer's thread, passed through the executor each listener was registered with
 * (TestConsistentMap ignores it), and a hook run once just before the next swap of the index.
 */
class SharedMap extends ConsistentMapAdapter<String, String> {
    final ConsistentMap<String, String> inner = newMap();
    Runnable beforeNextSwap;
    private final Map<MapEventListener<String, String>, MapEventListener<String, String>> registered =
            new ConcurrentHashMap<>();

    @Override
    public Versioned<String> get(String key) {
        return inner.get(key);
    }

    @Override
    public Versioned<String> put(String key, String value) {
        return inner.put(key, value);
    }

    @Override
    public Versioned<String> putIfAbsent(String key, String value) {
        runHook(key);
        return inner.putIfAbsent(key, value);
    }

    @Override
    public boolean replace(String key, long version, String value) {
        runHook(key);
        return inner.replace(key, version, value);
    }

    @Override
    public Versioned<String> remove(String key) {
        return inner.remove(key);
    }

    @Override
    public Set<String> keySet() {
        return inner.keySet();
    }

    @Override
    public void addListener(MapEventListener<String, String> listener, Executor executor) {
        MapEventListener<String, String> through = e -> executor.execute(() -> listener.event(e));
        registered.put(listener, through);
        inner.addListener(through);
    }

    @Override
    public void removeListener(MapEventListener<String, String> listener) {
        MapEventListener<String, String> through = registered.remove(listener);
        if (through != null) {
            inner.removeListener(through);
        }
    }

    private void runHook(String key) {
        Runnable hook = beforeNextSwap;
        if (key.equals(DistributedHsdbaStore.INDEX_KEY) && hook != null) {
            beforeNextSwap = null;
            hook.run();
        }
    }

    private static ConsistentMap<String, String> newMap() {
        TestConsistentMap.Builder<String, String> builder = TestConsistentMap.builder();
        builder.withName(DistributedHsdbaStore.MAP_NAME);
        return builder.build();
    }

    /** Full tree entries and deltas. */
    Set<String> treeKeys() {
        return inner.keySet().stream().filter(k -> k.startsWith(DistributedHsdbaStore.TREE_PREFIX)
                || k.startsWith(DistributedHsdbaStore.DELTA_PREFIX)).collect(Collectors.toCollection(TreeSet::new));
    }
}
