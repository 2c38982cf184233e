package org.hsdba.rest;

import static org.hsdba.rest.RestFixture.PORT_PATH;
import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TestRule;

/** Two clients edit from the same version at the same moment: exactly one wins, the other gets 409. */
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
}
