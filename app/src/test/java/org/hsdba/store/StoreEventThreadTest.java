package org.hsdba.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.junit.After;
import org.junit.Test;
import org.onosproject.store.service.ConsistentMapException;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;

/**
 * The store as ONOS's Atomix map treats it: map events arrive on a partition thread, and a blocking
 * map call made on that thread cannot be answered (the answer needs the thread it blocks), so it
 * ends in the map's timeout. The container test against a real ONOS core met this as an edit that
 * failed with {@code ConsistentMapException.Timeout} ("org.hsdba.config") when a tree entry the
 * listener read happened to live in the partition that delivered the event.
 */
public class StoreEventThreadTest {

    /** Delivers events on one "partition" thread; any map call from that thread times out. */
    private static final class PartitionMap extends SharedMap {
        final ExecutorService partition = Executors.newSingleThreadExecutor(r -> new Thread(r, "partition"));
        final List<String> blockedCalls = new CopyOnWriteArrayList<>();

        @Override
        public void addListener(MapEventListener<String, String> listener, Executor executor) {
            // The event reaches the partition thread, which hands it to the listener's executor.
            super.addListener(listener, r -> partition.execute(() -> executor.execute(r)));
        }

        @Override
        public Versioned<String> get(String key) {
            onCall("get " + key);
            return super.get(key);
        }

        @Override
        public Versioned<String> put(String key, String value) {
            onCall("put " + key);
            return super.put(key, value);
        }

        private void onCall(String what) {
            if (Thread.currentThread().getName().equals("partition")) {
                blockedCalls.add(what);
                throw new ConsistentMapException.Timeout(DistributedHsdbaStore.MAP_NAME);
            }
        }
    }

    private final PartitionMap map = new PartitionMap();
    private final DistributedHsdbaStore writer = DistributedHsdbaStore.open(map);
    private final DistributedHsdbaStore member = DistributedHsdbaStore.open(map);

    @After
    public void close() {
        writer.close();
        member.close();
        map.partition.shutdownNow();
    }

    @Test
    public void anotherMemberHearsAChangeWithoutBlockingThePartitionThread() throws InterruptedException {
        CountDownLatch heard = new CountDownLatch(1);
        List<String> trees = new CopyOnWriteArrayList<>();
        member.addListener(new HsdbaStoreListener() {
            @Override
            public void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
                trees.add(port + "=" + tree.map(t -> "v" + t.version()).orElse("gone"));
                heard.countDown();
            }

            @Override
            public void parametersChanged(HsdbaParameters parameters) {
            }
        });
        writer.putTree(StoreTrees.tree(StoreTrees.PORT, 2, 1), 0);
        assertTrue("the other member never heard the change; map calls made on the partition thread: "
                + map.blockedCalls, heard.await(10, TimeUnit.SECONDS));
        assertEquals(List.of(StoreTrees.PORT + "=v1"), trees);
        assertEquals(List.of(), map.blockedCalls);
    }
}
