package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hsdba.api.HsdbaService;
import org.hsdba.rest.server.HsdbaRestServer;
import org.junit.Test;

/**
 * {@link WriteGateServletFilter}: while a burst of writes is stuck in the service, at most
 * {@link WriteGateServletFilter#MAX_ACTIVE} are inside it, the others wait without a thread, and a
 * GET is answered; released, every write is applied.
 */
public class WriteGateTest {

    /** More writes than Jetty has threads: ungated, they would take every one. */
    private static final int WRITES = HsdbaRestServer.MAX_THREADS + 40;

    @Test
    public void aBurstOfStuckWritesLeavesReadsServedAndIsAppliedOnceReleased() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger mostInside = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(WRITES);
        try (LabService lab = new LabService()) {
            HsdbaService real = lab.manager();
            // The real service, whose edits wait for the test's release once inside.
            HsdbaService stuck = (HsdbaService) Proxy.newProxyInstance(HsdbaService.class.getClassLoader(),
                    new Class<?>[] {HsdbaService.class}, (proxy, method, args) -> {
                        // Synchronous or queued (answered asynchronously): either holds the
                        // request's thread here, like a slow write.
                        boolean edit = method.getName().equals("edit") || method.getName().equals("editAsync");
                        if (edit) {
                            mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                            release.await(2, TimeUnit.MINUTES);
                        }
                        try {
                            return method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        } finally {
                            if (edit) {
                                inside.decrementAndGet();
                            }
                        }
                    });
            try (HsdbaRestServer server = HsdbaRestServer.start(stuck, new InetSocketAddress("127.0.0.1", 0))) {
                Http http = new Http(server.baseUri(), HsdbaRestServer.DEFAULT_USER, HsdbaRestServer.DEFAULT_PASSWORD);
                assertEquals(200, http.put(PORT_PATH + "/tree", Trees.TWO_LEVEL).status());
                long version = http.get(PORT_PATH + "/tree").json().get("version").asLong();
                long handedOnBefore = WriteGateServletFilter.handedOnTotal();
                long redispatchedBefore = WriteGateServletFilter.redispatchedTotal();
                List<Future<Http.Answer>> writes = new ArrayList<>();
                for (int i = 0; i < WRITES; i++) {
                    String peak = (1 + i % 9) + "G";
                    writes.add(pool.submit(() -> http.patch(PORT_PATH + "/nodes/A1", "{\"peak\": \"" + peak + "\"}",
                            "If-Match", "*")));
                }
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                while (inside.get() < WriteGateServletFilter.MAX_ACTIVE && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertEquals("writes inside the service", WriteGateServletFilter.MAX_ACTIVE, inside.get());
                // Without the gate this GET would queue behind the stuck writes until the release
                // (the client gives up after 30 s).
                Http.Answer read = http.get(PORT_PATH + "/tree");
                assertEquals(read.toString(), 200, read.status());
                assertEquals("a GET while the writes are stuck reads the tree before them", version,
                        read.json().get("version").asLong());
                release.countDown();
                for (Future<Http.Answer> f : writes) {
                    Http.Answer a = f.get(2, TimeUnit.MINUTES);
                    assertEquals(a.toString(), 200, a.status());
                }
                assertEquals("at most the gate's places at once", WriteGateServletFilter.MAX_ACTIVE, mostInside.get());
                assertEquals("every write applied", version + WRITES,
                        http.get(PORT_PATH + "/tree").json().get("version").asLong());
                assertTrue("no write left inside", inside.get() == 0);
                long handedOn = WriteGateServletFilter.handedOnTotal() - handedOnBefore;
                assertTrue("the writes beyond the places waited and were handed one: " + handedOn,
                        handedOn >= WRITES - WriteGateServletFilter.MAX_ACTIVE);
                assertEquals("no write went through the container's handlers a second time", 0,
                        WriteGateServletFilter.redispatchedTotal() - redispatchedBefore);
            }
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
    }
}
