package org.hsdba.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;

/**
 * A store whose whole content is one immutable snapshot, replaced under a lock. A subclass
 * persists the new snapshot before it becomes visible (and before the write returns); if that
 * fails, the write fails and the old snapshot stays. Listeners are told under the lock, so they
 * hear changes in the order they were made.
 */
abstract class SnapshotStore implements HsdbaStore {

    private final List<HsdbaStoreListener> listeners = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    private volatile Map<PortRef, BandwidthTree> trees;
    private volatile HsdbaParameters parameters;

    SnapshotStore(List<BandwidthTree> initialTrees, HsdbaParameters initialParameters) {
        this.trees = index(initialTrees);
        this.parameters = Objects.requireNonNull(initialParameters, "parameters");
    }

    /** Makes the snapshot durable; throws to refuse the write. */
    abstract void persist(List<BandwidthTree> trees, HsdbaParameters parameters);

    private static Map<PortRef, BandwidthTree> index(List<BandwidthTree> list) {
        Map<PortRef, BandwidthTree> m = new TreeMap<>();
        for (BandwidthTree t : list) {
            if (m.put(t.port(), t) != null) {
                throw new IllegalArgumentException("two trees for " + t.port());
            }
        }
        return m;
    }

    @Override
    public List<BandwidthTree> trees() {
        return List.copyOf(trees.values());
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return Optional.ofNullable(trees.get(port));
    }

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        Objects.requireNonNull(tree, "tree");
        synchronized (lock) {
            checkVersion(tree.port(), expectedVersion);
            Map<PortRef, BandwidthTree> next = new TreeMap<>(trees);
            next.put(tree.port(), tree);
            commit(next, parameters);
            listeners.forEach(l -> l.treeChanged(tree.port(), Optional.of(tree)));
        }
    }

    @Override
    public void removeTree(PortRef port, long expectedVersion) {
        synchronized (lock) {
            checkVersion(port, expectedVersion);
            if (!trees.containsKey(port)) {
                return;
            }
            Map<PortRef, BandwidthTree> next = new TreeMap<>(trees);
            next.remove(port);
            commit(next, parameters);
            listeners.forEach(l -> l.treeChanged(port, Optional.empty()));
        }
    }

    private void checkVersion(PortRef port, long expectedVersion) {
        BandwidthTree current = trees.get(port);
        long currentVersion = current == null ? 0 : current.version();
        if (currentVersion != expectedVersion) {
            throw new VersionConflictException(port, expectedVersion, currentVersion);
        }
    }

    @Override
    public HsdbaParameters parameters() {
        return parameters;
    }

    @Override
    public void setParameters(HsdbaParameters p) {
        Objects.requireNonNull(p, "parameters");
        synchronized (lock) {
            commit(trees, p);
            listeners.forEach(l -> l.parametersChanged(p));
        }
    }

    @Override
    public void replaceAll(List<BandwidthTree> newTrees, HsdbaParameters p) {
        Objects.requireNonNull(p, "parameters");
        Map<PortRef, BandwidthTree> next = index(newTrees);
        synchronized (lock) {
            Map<PortRef, BandwidthTree> before = trees;
            commit(next, p);
            listeners.forEach(l -> l.parametersChanged(p));
            List<PortRef> touched = new ArrayList<>(before.keySet());
            next.keySet().stream().filter(k -> !before.containsKey(k)).forEach(touched::add);
            for (PortRef port : touched) {
                BandwidthTree t = next.get(port);
                if (!Objects.equals(t, before.get(port))) {
                    listeners.forEach(l -> l.treeChanged(port, Optional.ofNullable(t)));
                }
            }
        }
    }

    private void commit(Map<PortRef, BandwidthTree> next, HsdbaParameters p) {
        persist(List.copyOf(next.values()), p);
        trees = next;
        parameters = p;
    }

    @Override
    public void addListener(HsdbaStoreListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeListener(HsdbaStoreListener listener) {
        listeners.remove(listener);
    }
}
