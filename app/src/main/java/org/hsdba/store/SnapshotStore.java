package org.hsdba.store;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store whose whole content is one immutable snapshot. A subclass persists a snapshot before
 * it becomes visible (and before the writes in it return); if that fails, those writes fail and
 * the old snapshot stays.
 *
 * <p><b>Group commit.</b> A write is staged first, under a short lock: its version is checked
 * against the latest staged content, which it then replaces in memory. Then the writer waits
 * until a snapshot containing its write is durable. One waiting writer at a time (the leader)
 * persists the latest staged snapshot, so every write staged before it started, its own and the
 * others', is made durable by that one persist (one fsync for the file store); writes staged
 * during it are taken by its next round. Readers ({@link #tree}, {@link #trees},
 * {@link #parameters}) see only durable snapshots; writers build on {@link #latestTree}.
 * Listeners are told, under the lock and in staging order, once the write is durable. If a
 * persist fails, it and every write staged after it (they built on it) fail, and the staged
 * content goes back to the durable one.
 */
abstract class SnapshotStore implements HsdbaStore {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotStore.class);

    /** Trees by port and parameters: one immutable snapshot. */
    private static final class Content {
        final Map<PortRef, BandwidthTree> trees;
        final HsdbaParameters parameters;

        Content(Map<PortRef, BandwidthTree> trees, HsdbaParameters parameters) {
            this.trees = trees;
            this.parameters = parameters;
        }
    }

    /** One staged write: done (with a failure or not) once a persist took it. */
    private final class Staged implements Commit {
        final Runnable tell;
        final CountDownLatch done = new CountDownLatch(1);
        /** Written before {@link #done} opens, read after. */
        RuntimeException failure;

        Staged(Runnable tell) {
            this.tell = tell;
        }

        void finish(RuntimeException f) {
            failure = f;
            done.countDown();
        }

        @Override
        public void await() {
            awaitDurable(this);
        }
    }

    private final List<HsdbaStoreListener> listeners = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    /** What readers see: the last durable snapshot. */
    private volatile Content durable;
    /** The latest staged snapshot (written under the lock). */
    private volatile Content head;
    /** Staged and not yet durable, in staging order. Guarded by the lock. */
    private final ArrayDeque<Staged> unflushed = new ArrayDeque<>();
    /** A leader is persisting. Guarded by the lock. */
    private boolean flushing;

    SnapshotStore(List<BandwidthTree> initialTrees, HsdbaParameters initialParameters) {
        this.durable = new Content(index(initialTrees), Objects.requireNonNull(initialParameters, "parameters"));
        this.head = durable;
    }

    /** Makes the snapshot durable; throws to refuse the writes in it. Called by one thread at a time. */
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
        return List.copyOf(durable.trees.values());
    }

    @Override
    public Optional<BandwidthTree> tree(PortRef port) {
        return Optional.ofNullable(durable.trees.get(port));
    }

    @Override
    public Optional<BandwidthTree> latestTree(PortRef port) {
        return Optional.ofNullable(head.trees.get(port));
    }

    @Override
    public List<BandwidthTree> latestTrees() {
        return List.copyOf(head.trees.values());
    }

    @Override
    public void putTree(BandwidthTree tree, long expectedVersion) {
        stageTree(tree, expectedVersion).await();
    }

    @Override
    public Commit stageTree(BandwidthTree tree, long expectedVersion) {
        Objects.requireNonNull(tree, "tree");
        synchronized (lock) {
            checkVersion(tree.port(), expectedVersion);
            Map<PortRef, BandwidthTree> next = new TreeMap<>(head.trees);
            next.put(tree.port(), tree);
            return stage(new Content(next, head.parameters),
                    () -> listeners.forEach(l -> l.treeChanged(tree.port(), Optional.of(tree))));
        }
    }

    @Override
    public void removeTree(PortRef port, long expectedVersion) {
        Commit commit;
        synchronized (lock) {
            checkVersion(port, expectedVersion);
            if (!head.trees.containsKey(port)) {
                return;
            }
            Map<PortRef, BandwidthTree> next = new TreeMap<>(head.trees);
            next.remove(port);
            commit = stage(new Content(next, head.parameters),
                    () -> listeners.forEach(l -> l.treeChanged(port, Optional.empty())));
        }
        commit.await();
    }

    private void checkVersion(PortRef port, long expectedVersion) {
        BandwidthTree current = head.trees.get(port);
        long currentVersion = current == null ? 0 : current.version();
        if (currentVersion != expectedVersion) {
            throw new VersionConflictException(port, expectedVersion, currentVersion);
        }
    }

    @Override
    public HsdbaParameters parameters() {
        return durable.parameters;
    }

    @Override
    public void setParameters(HsdbaParameters p) {
        Objects.requireNonNull(p, "parameters");
        Commit commit;
        synchronized (lock) {
            commit = stage(new Content(head.trees, p), () -> listeners.forEach(l -> l.parametersChanged(p)));
        }
        commit.await();
    }

    @Override
    public void replaceAll(List<BandwidthTree> newTrees, HsdbaParameters p) {
        Objects.requireNonNull(p, "parameters");
        Map<PortRef, BandwidthTree> next = index(newTrees);
        Commit commit;
        synchronized (lock) {
            Map<PortRef, BandwidthTree> before = head.trees;
            commit = stage(new Content(next, p), () -> {
                listeners.forEach(l -> l.parametersChanged(p));
                List<PortRef> touched = new ArrayList<>(before.keySet());
                next.keySet().stream().filter(k -> !before.containsKey(k)).forEach(touched::add);
                for (PortRef port : touched) {
                    BandwidthTree t = next.get(port);
                    if (!Objects.equals(t, before.get(port))) {
                        listeners.forEach(l -> l.treeChanged(port, Optional.ofNullable(t)));
                    }
                }
            });
        }
        commit.await();
    }

    /** Under the lock: {@code next} becomes the latest content; {@code tell} runs once it is durable. */
    private Commit stage(Content next, Runnable tell) {
        Staged s = new Staged(tell);
        head = next;
        unflushed.addLast(s);
        return s;
    }

    /**
     * Returns once {@code s} is durable. If no one is persisting, this writer becomes the leader
     * and persists until nothing staged is left (its own write is in its first round), so a
     * write staged while a leader works is always taken by it: the leader decides to stop under
     * the same lock writes are staged under. The others wait on their own latch only, not on a
     * lock the stagers need (no herd woken per persist).
     */
    private void awaitDurable(Staged s) {
        boolean lead;
        synchronized (lock) {
            lead = s.done.getCount() > 0 && !flushing;
            if (lead) {
                flushing = true;
            }
        }
        if (lead) {
            flushAll();
        }
        boolean interrupted = false;
        while (true) {
            try {
                s.done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the write goes on either way: its outcome is waited for
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (s.failure != null) {
            throw s.failure;
        }
    }

    /** The leader: persists the latest staged content until nothing staged is left. */
    private void flushAll() {
        while (true) {
            Content content;
            List<Staged> group;
            synchronized (lock) {
                if (unflushed.isEmpty()) {
                    flushing = false;
                    return;
                }
                content = head;
                group = new ArrayList<>(unflushed);
                unflushed.clear();
            }
            RuntimeException failure = null;
            try {
                persist(List.copyOf(content.trees.values()), content.parameters);
            } catch (RuntimeException e) {
                failure = e;
            }
            if (failure == null) {
                synchronized (lock) {
                    durable = content;
                    for (Staged done : group) {
                        try {
                            done.tell.run(); // under the lock: listeners hear writes in staging order
                        } catch (RuntimeException e) {
                            // The write is durable; a listener's fault must not undo or stall the group.
                            LOG.warn("hsdba store listener failed", e);
                        }
                    }
                }
            } else {
                synchronized (lock) {
                    // Writes staged since were built on the failed ones: they fail too.
                    group.addAll(unflushed);
                    unflushed.clear();
                    head = durable;
                }
            }
            for (Staged done : group) {
                done.finish(failure);
            }
        }
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
