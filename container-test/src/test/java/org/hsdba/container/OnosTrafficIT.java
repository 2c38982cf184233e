package org.hsdba.container;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.admission.Admission;
import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafUsers;
import org.hsdba.lab.runtime.LabSwitch;
import org.hsdba.lab.traffic.CoarseClock;
import org.hsdba.lab.traffic.LabScenario;
import org.hsdba.lab.traffic.TrafficPlayer;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.scenario.Scenario;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Traffic through a switch that the real ONOS core manages (skipped where there is none): the
 * lab's default scenario (examples/lab/two-level.json: the paper's two-level tree at 1/100 of its
 * rates, guests joining by packet-in) is PUT as the app's configuration over its REST API, a
 * reference switch with the HSDBA extension connects to the POF adapter inside ONOS on its
 * default port, is programmed by the app, and the scenario's frames are played into it in real
 * time with the lab's traffic player. In a phase where the demands stay constant, the rate each
 * leaf passes (the app's REST state, averaged over the phase's steady part) must match the exact
 * allocation for the scenario's offered rates within {@link #BOUND} of the capacity; the guest
 * joining by packet-in and its prune after it stops must show as events (REST /events).
 */
public class OnosTrafficIT {

    private static final Path SCENARIO = Paths.get("..", "examples", "lab", "two-level.json");
    private static final String DEVICE = "pof:0000000000000001";
    private static final int EGRESS = 2;
    private static final String API = "/onos/hsdba/v1/";
    /** The controller-assisted paper runs' bound (5 %), here per leaf and of the capacity: real time, shared machine. */
    private static final double BOUND = 0.05;
    /** Phase [10, 15) s: A1, A2, A3 and the guest A4 send, B idle; measured over its last 3 s. */
    private static final double MEASURE_FROM = 12.0;
    private static final double MEASURE_TO = 15.0;
    private static final String GUEST = "A4";
    private static final String GUEST_JOINED_AS = "host-10.1.0.4";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ContainerFixture container;

    @BeforeClass
    public static void realOnos() {
        assumeTrue(OnosCore.missing(), OnosCore.missing() == null);
        container = ContainerFixture.shared();
    }

    @Test
    public void leafRatesMatchTheExactAllocationAndAGuestJoinsAndIsPruned() throws Exception {
        LabScenario lab = LabScenario.read(SCENARIO);
        HttpResponse<String> put = container.http.putJson(API + "config", ConfigJson.write(lab.seedConfig(1, 1.0)),
                KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        assertEquals("PUT " + API + "config: " + put.body(), 200, put.statusCode());

        int pofPort = container.listeners.listeners().stream().filter(l -> l.property.equals("pofPort"))
                .findFirst().orElseThrow().port;
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        try (LabSwitch sw = LabSwitch.start(1, 2, true, KarafPorts.HOST, pofPort)) {
            ticker.scheduleAtFixedRate(sw::tick, 100, 100, TimeUnit.MILLISECONDS);
            awaitProgrammed(Duration.ofSeconds(60));
            Map<String, List<Double>> samples = new LinkedHashMap<>();
            try (TrafficPlayer player = new TrafficPlayer("onos", lab.trafficFor(1, 1.0), false,
                    CoarseClock.millisecond(), sw::feed).start()) {
                while (player.scenarioSeconds() < MEASURE_TO) {
                    double t = player.scenarioSeconds();
                    if (t >= MEASURE_FROM) {
                        state().path("nodes").forEach(n -> samples.computeIfAbsent(n.path("id").asText(),
                                k -> new ArrayList<>()).add(n.path("measuredBps").asDouble(Double.NaN)));
                    }
                    Thread.sleep(250);
                }
                compareWithExact(lab, samples, player);
                // A4 stops at 20 s; idle 3 s, lifetime 10 s: pruned by about 33 s
                awaitEvent("NODE_JOINED", Duration.ofSeconds(5));
                awaitEvent("NODE_PRUNED", Duration.ofSeconds(40));
                assertNull("traffic player: " + player.failure(), player.failure());
                System.out.printf(Locale.ROOT, "[onos-traffic] player: %d packets, max lag %.1f ms; switch: %s%n",
                        player.packets(), player.maxLagNanos() / 1e6, sw.statusLine());
                OnosIT.assertCleanLog(container);
            }
        } finally {
            ticker.shutdownNow();
        }
    }

    /** Mean passed rate of each leaf over the samples against the exact allocation at the phase's midpoint. */
    private static void compareWithExact(LabScenario lab, Map<String, List<Double>> samples, TrafficPlayer player)
            throws IOException {
        Scenario scenario = lab.scenario();
        BandwidthTree full = scenario.effectiveConfig().trees().stream()
                .filter(t -> t.port().port() == EGRESS).findFirst().orElseThrow();
        ResolvedTree resolved = Admission.admit(full);
        double t = (MEASURE_FROM + MEASURE_TO) / 2;
        // the allocation is homogeneous in the rates: scaling capacity, peaks and demands by the
        // lab's factor scales it by the same factor
        Allocation exact = Allocator.allocate(resolved, scenario.demandAt(full.port(), t));
        double capacity = full.capacity().bps() * lab.scale();
        List<String> rows = new ArrayList<>();
        double worst = 0;
        for (String leaf : List.of("A1", "A2", "A3", GUEST, "B1", "B2", "B3")) {
            double want = exact.allocation(full.indexOf(leaf)) * lab.scale();
            List<Double> got = samples.getOrDefault(leaf.equals(GUEST) ? GUEST_JOINED_AS : leaf, List.of());
            double mean = got.stream().filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue).average().orElse(0);
            double error = Math.abs(mean - want) / capacity;
            worst = Math.max(worst, error);
            rows.add(String.format(Locale.ROOT, "%-4s exact %7.2f Mb/s  passed %7.2f Mb/s  (%d samples)  error %.1f %% of C",
                    leaf, want / 1e6, mean / 1e6, got.size(), error * 100));
        }
        String table = String.join("\n  ", rows);
        String report = String.format(Locale.ROOT, "t = %.0f-%.0f s of %s, C = %.0f Mb/s, worst %.2f %% of C (bound %.0f %%),"
                + " player max lag %.1f ms; machine shared with other builds%n  %s%n", MEASURE_FROM, MEASURE_TO, SCENARIO,
                capacity / 1e6, worst * 100, BOUND * 100, player.maxLagNanos() / 1e6, table);
        System.out.print("[onos-traffic] " + report);
        Path out = Paths.get(ContainerFixture.property("karaf.run")).resolve("onos-traffic.txt");
        Files.writeString(out, report, StandardCharsets.UTF_8);
        assertTrue("per-leaf passed rates in ONOS against the exact allocation:\n" + report, worst <= BOUND);
    }

    private static void awaitProgrammed(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = get(API + "devices");
            last = r.body();
            if (r.statusCode() == 200) {
                for (JsonNode d : JSON.readTree(r.body()).path("devices")) {
                    if (DEVICE.equals(d.path("id").asText()) && d.path("programmed").asBoolean()) {
                        return;
                    }
                }
            }
            Thread.sleep(250);
        }
        throw new AssertionError(DEVICE + " not programmed by the app in ONOS within " + timeout + ": " + last);
    }

    private static void awaitEvent(String type, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = get(API + "events");
            last = r.body();
            for (JsonNode e : JSON.readTree(r.body()).path("events")) {
                if (type.equals(e.path("type").asText()) && GUEST_JOINED_AS.equals(e.path("node").asText())) {
                    System.out.println("[onos-traffic] event " + e);
                    return;
                }
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no " + type + " event for " + GUEST_JOINED_AS + " within " + timeout + ": " + last);
    }

    private static JsonNode state() throws IOException, InterruptedException {
        HttpResponse<String> r = get(API + "devices/" + DEVICE + "/ports/" + EGRESS + "/state");
        return r.statusCode() == 200 ? JSON.readTree(r.body()) : JSON.createObjectNode();
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return container.http.get(path, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
    }
}
