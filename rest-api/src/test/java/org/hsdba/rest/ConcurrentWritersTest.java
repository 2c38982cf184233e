package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.PortRef;
import org.hsdba.store.HsdbaStoreListener;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/**
 * Two clients edit at the same moment: from the same version, exactly one wins and the other gets
 * 409; with {@code If-Match: *}, merge patches of different fields of one node both take effect.
 */
public class ConcurrentWritersTest {

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    @Rule
    public final TestRule reset = FX.resetEachTest();

    @Test
    public void oneOfTwoWritersFromTheSameVersionGetsAConflict() throws Exception {
        FX.http().put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                Http.Answer read = FX.http().get(PORT_PATH + "/tree");
                long version = read.json().get("version").asLong();
                String etag = read.header("ETag");
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Http.Answer>> answers = new ArrayList<>();
                for (String peak : new String[] {"1G", "2G"}) {
                    answers.add(pool.submit(() -> {
                        go.await();
                        return FX.http().patch(PORT_PATH + "/nodes/A1", "{\"peak\": \"" + peak + "\"}",
                                "If-Match", etag);
                    }));
                }
                go.countDown();
                int ok = 0;
                int conflicts = 0;
                for (Future<Http.Answer> f : answers) {
                    Http.Answer a = f.get(30, TimeUnit.SECONDS);
                    if (a.status() == 200) {
                        ok++;
                    } else {
                        assertEquals(a.toString(), 409, a.status());
                        assertEquals(version + 1, a.json().get("currentVersion").asLong());
                        conflicts++;
                    }
                }
                assertEquals("round " + round, 1, ok);
                assertEquals("round " + round, 1, conflicts);
                assertEquals(version + 1, FX.http().get(PORT_PATH + "/tree").json().get("version").asLong());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * With {@code If-Match: *} a merge patch applies to the node as it is when written: two
     * patches of different fields, computed while the writer is busy and written one after the
     * other, must leave both fields changed (not the second patch's copy of the first field).
     */
    @Test
    public void mergePatchesOfDifferentFieldsWithAnyTreeBothTakeEffect() throws Exception {
        FX.http().put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        WriterHold hold = new WriterHold();
        FX.service().store().addListener(hold);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<Http.Answer> other = hold.takeTheWriter(pool);
            Future<Http.Answer> peak = pool.submit(() -> FX.http().patch(PORT_PATH + "/nodes/A1",
                    "{\"peak\": \"1G\"}", "If-Match", "*"));
            Future<Http.Answer> weight = pool.submit(() -> FX.http().patch(PORT_PATH + "/nodes/A1",
                    "{\"weight\": 3}", "If-Match", "*"));
            // Both patches are read and queued while the writer is held: neither saw the other's write.
            waitQueued(3);
            hold.release.countDown();
            assertEquals(200, other.get(60, TimeUnit.SECONDS).status());
            Http.Answer p = peak.get(60, TimeUnit.SECONDS);
            Http.Answer w = weight.get(60, TimeUnit.SECONDS);
            assertEquals(p.toString(), 200, p.status());
            assertEquals(w.toString(), 200, w.status());
            com.fasterxml.jackson.databind.JsonNode a1 = FX.http().get(PORT_PATH + "/nodes/A1").json();
            assertEquals(a1.toString(), 1_000_000_000L, a1.get("peakBps").asLong());
            assertEquals(a1.toString(), 3.0, a1.get("weight").asDouble(), 0.0);
            assertEquals(2.0, FX.http().get(PORT_PATH + "/nodes/B1").json().get("weight").asDouble(), 0.0);
        } finally {
            hold.release.countDown();
            FX.service().store().removeListener(hold);
            pool.shutdownNow();
        }
    }

    /**
     * A merge patch valid when it arrives can be wrong for the tree it is written on: here the
     * host level becomes 8 bits wide before the patch of A1's key is written. The patch is refused
     * as a bad body, saying which member and why, and nothing of it reaches the tree.
     */
    @Test
    public void aPatchThatNoLongerFitsWhenWrittenIsRefusedAndChangesNothing() throws Exception {
        FX.http().put(PORT_PATH + "/tree", Trees.TWO_LEVEL);
        WriterHold hold = new WriterHold();
        FX.service().store().addListener(hold);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<Http.Answer> other = hold.takeTheWriter(pool);
            String narrow = Trees.TWO_LEVEL.replace("{\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}",
                    "{\"name\": \"host\", \"field\": {\"offset\": 264, \"length\": 8}}")
                    .replace("\"10.1.0.1\"", "\"1\"").replace("\"10.1.0.2\"", "\"2\"").replace("\"10.2.0.1\"", "\"1\"");
            Future<Http.Answer> put = pool.submit(() -> FX.http().put(PORT_PATH + "/tree", narrow, "If-Match", "*"));
            waitQueued(2);
            Future<Http.Answer> key = pool.submit(() -> FX.http().patch(PORT_PATH + "/nodes/A1",
                    "{\"key\": \"10.1.0.9\"}", "If-Match", "*"));
            waitQueued(3);
            hold.release.countDown();
            assertEquals(200, other.get(60, TimeUnit.SECONDS).status());
            Http.Answer p = put.get(60, TimeUnit.SECONDS);
            assertEquals(p.toString(), 200, p.status());
            Http.Answer k = key.get(60, TimeUnit.SECONDS);
            assertEquals(k.toString(), 400, k.status());
            assertEquals(k.toString(), "bad-value", k.error().get("code").asText());
            assertEquals(k.toString(), "/key", k.error().get("details").get(0).get("pointer").asText());
            assertTrue(k.toString(), k.error().get("message").asText().contains("has 8 bits"));
            Http.Answer tree = FX.http().get(PORT_PATH + "/tree");
            assertEquals("the refused patch made no version", p.json().get("version").asLong(),
                    tree.json().get("version").asLong());
            com.fasterxml.jackson.databind.JsonNode a1 = FX.http().get(PORT_PATH + "/nodes/A1").json();
            assertEquals(a1.toString(), "0x01", a1.get("key").get("value").asText());
        } finally {
            hold.release.countDown();
            FX.service().store().removeListener(hold);
            pool.shutdownNow();
        }
    }

    /** Waits until {@code n} operator writes are queued or in progress. */
    private static void waitQueued(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (FX.service().manager().operatorWritesInProgress() < n) {
            assertTrue("the writes were not queued", System.nanoTime() < deadline);
            Thread.sleep(2);
        }
    }

    /** Once armed, holds the first tree write it hears (on the writer's thread) until released. */
    private static final class WriterHold implements HsdbaStoreListener {
        final AtomicBoolean armed = new AtomicBoolean();
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        /** An edit of node B1 takes the writer, which this listener then holds; returns that edit's answer. */
        Future<Http.Answer> takeTheWriter(ExecutorService pool) throws InterruptedException {
            armed.set(true);
            Future<Http.Answer> edit = pool.submit(() -> FX.http().patch(PORT_PATH + "/nodes/B1",
                    "{\"weight\": 2}", "If-Match", "*"));
            assertTrue("the writer did not reach the store", holding.await(60, TimeUnit.SECONDS));
            return edit;
        }

        @Override
        public void treeChanged(PortRef port, Optional<BandwidthTree> tree) {
            if (armed.compareAndSet(true, false)) {
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void parametersChanged(HsdbaParameters parameters) {
        }
    }
}
