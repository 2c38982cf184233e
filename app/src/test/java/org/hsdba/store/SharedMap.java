package org.hsdba.store;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.Versioned;

/**
 * The map several stores share in a test: ONOS's {@link TestConsistentMap} with listeners told
 * through their executors ({@link EventedMap}), and a hook run once just before the next swap of
 * the index.
 */
class SharedMap extends EventedMap<String, String> {
    Runnable beforeNextSwap;

    SharedMap() {
        super(newMap());
    }

    @Override
    public Versioned<String> putIfAbsent(String key, String value) {
        runHook(key);
        return super.putIfAbsent(key, value);
    }

    @Override
    public boolean replace(String key, long version, String value) {
        runHook(key);
        return super.replace(key, version, value);
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
        return inner().keySet().stream().filter(k -> k.startsWith(DistributedHsdbaStore.TREE_PREFIX)
                || k.startsWith(DistributedHsdbaStore.DELTA_PREFIX)).collect(Collectors.toCollection(TreeSet::new));
    }
}
