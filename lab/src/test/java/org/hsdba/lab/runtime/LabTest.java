package org.hsdba.lab.runtime;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.model.PortRef;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The whole lab on ephemeral ports with two reference switches and a 6 s looping scenario: the
 * switches get programmed, traffic flows and is measured, a guest joins by packet-in and is
 * pruned, REST answers with BASIC auth only, and an edit made over REST survives a restart.
 */
public class LabTest {

    static final String DEVICE = "pof:0000000000000001";
    static final String NODES = "devices/" + DEVICE + "/ports/2/nodes/";

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    static Path shortScenario() {
        return Paths.get(System.getProperty("lab.test.resources", "src/test/resources"), "lab-short.json");
    }

    static LabOptions options(Path dataDir, int switches) {
        return LabOptions.builder(shortScenario()).switches(switches).httpPort(0).pofPort(0).dataDir(dataDir)
                .statusInterval(java.time.Duration.ZERO).build();
    }

    static void await(String what, long seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + seconds + " s waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    public void runsProgramsMeasuresJoinsPrunesAndKeepsRestEditsAcrossRestarts() throws Exception {
        Path dir = folder.newFolder("data").toPath();
        LabScenario scenario = LabScenario.read(shortScenario());
        List<HsdbaEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Lab lab = Lab.start(options(dir, 2), scenario, null)) {
            lab.service().addListener(events::add);
            assertTrue("first start seeds the store", lab.seeded());
            long readyMs = lab.firstProgrammed().get(20, TimeUnit.SECONDS);
            assertTrue(readyMs > 0);
            await("both switches programmed", 20, () -> lab.service().devices().stream()
                    .filter(d -> d.isConnected() && d.isProgrammed()).count() == 2);
            assertEquals(2, lab.switches().size());
            assertTrue(lab.switches().get(0).program(), lab.switches().get(0).program().startsWith("in-switch"));

            Http anonymous = new Http(lab.apiUri(), null, null);
            assertEquals(401, anonymous.send("GET", "devices", null).statusCode());
            assertEquals(401, new Http(lab.apiUri(), "onos", "wrong").send("GET", "devices", null).statusCode());
            Http rest = new Http(lab.apiUri(), "onos", "rocks");
            JsonNode devices = rest.getJson("devices").get("devices");
            assertEquals(2, devices.size());
            assertEquals("in-switch", devices.get(0).get("mode").asText());
            // the simulated ports report the line rate the scenario's traffic is scaled to
            long capacity = rest.getJson("devices/" + DEVICE + "/ports/2/state").get("capacityBps").asLong();
            assertTrue(capacity > 0);
            for (JsonNode p : devices.get(0).get("ports")) {
                assertEquals(p.toString(), capacity, p.get("speedBps").asLong());
            }

            String state = "devices/" + DEVICE + "/ports/2/state";
            await("measured traffic through A1", 15, () -> measured(rest, state, "A1") > 1e6);
            double a1 = measured(rest, state, "A1");
            assertTrue("A1 sends 4 Mb/s, measured " + a1, a1 > 2e6 && a1 < 6e6);

            await("guest 10.1.0.9 joined", 15, () -> has(events, HsdbaEvent.Type.NODE_JOINED, "host-10.1.0.9"));
            await("guest 10.1.0.9 pruned", 15, () -> has(events, HsdbaEvent.Type.NODE_PRUNED, "host-10.1.0.9"));
            assertTrue(lab.switches().get(0).counters().packetIns() >= 1);

            HttpResponse<String> patch = rest.send("PATCH", NODES + "A1", "{\"weight\": 3}");
            assertEquals(patch.body(), 200, patch.statusCode());
        }

        // a restart on the same directory keeps the edit and does not seed again
        try (Lab lab = Lab.start(options(dir, 1), LabScenario.read(shortScenario()), null)) {
            assertFalse(lab.seeded());
            Http rest = new Http(lab.apiUri(), "onos", "rocks");
            assertEquals(3.0, rest.getJson(NODES + "A1").get("weight").asDouble(), 0);
            assertTrue("the restarted lab programs its switch", lab.firstProgrammed().get(20, TimeUnit.SECONDS) > 0);
            assertEquals(3.0, lab.service().tree(PortRef.of(DEVICE, 2)).get().get("A1").weight().getAsDouble(), 0);
        }
    }

    @Test
    public void aSecondLabOnTheSameDirectoryIsRefusedAndLeavesNothingRunning() throws Exception {
        Path dir = folder.newFolder("shared").toPath();
        LabScenario scenario = LabScenario.read(shortScenario());
        try (Lab first = Lab.start(options(dir, 0), scenario, null)) {
            try {
                Lab.start(options(dir, 0), scenario, null).close();
                throw new AssertionError("two labs shared a data directory");
            } catch (IllegalStateException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("in use by another running lab"));
            }
            assertEquals(401, new Http(first.apiUri(), null, null).send("GET", "devices", null).statusCode());
        }
    }

    private static boolean has(List<HsdbaEvent> events, HsdbaEvent.Type type, String node) {
        List<HsdbaEvent> copy = new ArrayList<>(events);
        return copy.stream().anyMatch(e -> e.type() == type && e.nodeId().map(node::equals).orElse(false));
    }

    private static double measured(Http rest, String state, String node) {
        try {
            for (JsonNode n : rest.getJson(state).get("nodes")) {
                if (n.get("id").asText().equals(node)) {
                    return n.get("measuredBps").asDouble();
                }
            }
            return 0;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
