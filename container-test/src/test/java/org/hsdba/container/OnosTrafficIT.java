package org.hsdba.container;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
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
 * allocation (computed here) for the rates that arrived within {@link #BOUND} of the capacity, and
 * what ONOS saw arrive must match what the player sent; the guest joining by packet-in and its
 * prune after it stops must show as events (REST /events).
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
    private static final List<String> LEAVES = List.of("A1", "A2", "A3", "A4", "B1", "B2", "B3");
    /** Sum of passed + dropped in ONOS's state against the player's bytes (windows differ by a polling period). */
    private static final double ARRIVAL_BOUND = 0.10;
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
            Map<String, List<Double>> passed = new LinkedHashMap<>();
            Map<String, List<Double>> dropped = new LinkedHashMap<>();
            try (TrafficPlayer player = new TrafficPlayer("onos", lab.trafficFor(1, 1.0), false,
                    CoarseClock.millisecond(), sw::feed).start()) {
                long bytes0 = -1;
                long nanos0 = 0;
                while (player.scenarioSeconds() < MEASURE_TO) {
                    double t = player.scenarioSeconds();
                    if (t >= MEASURE_FROM) {
                        if (bytes0 < 0) {
                            bytes0 = player.bytes();
                            nanos0 = System.nanoTime();
                        }
                        state().path("nodes").forEach(n -> {
                            String id = n.path("id").asText();
                            passed.computeIfAbsent(id, k -> new ArrayList<>()).add(n.path("measuredBps").asDouble(Double.NaN));
                            dropped.computeIfAbsent(id, k -> new ArrayList<>()).add(n.path("dropBps").asDouble(Double.NaN));
                        });
                    }
                    Thread.sleep(250);
                }
                double sentBps = (player.bytes() - bytes0) * 8e9 / (System.nanoTime() - nanos0);
                String rateProblem = compareWithExact(lab, passed, dropped, sentBps);
                // A4 stops at 20 s; idle 3 s, lifetime 10 s: pruned by about 33 s
                awaitEvent("NODE_JOINED", Duration.ofSeconds(5));
                awaitEvent("NODE_PRUNED", Duration.ofSeconds(40));
                assertNull("traffic player: " + player.failure(), player.failure());
                System.out.printf(Locale.ROOT, "[onos-traffic] player: %d packets, max lag %.1f ms; %s%n",
                        player.packets(), player.maxLagNanos() / 1e6, sw.statusLine());
                OnosIT.assertCleanLog(container);
                assertNull(rateProblem, rateProblem);
            }
        } finally {
            ticker.shutdownNow();
        }
    }

    /**
     * Three comparisons over the window: what ONOS's state says arrived (passed + dropped, all
     * leaves) against what the player sent; each leaf's passed rate against the exact allocation
     * (Allocator, computed here) for the arrival rates ONOS observed, which must hold within
     * {@link #BOUND} of C; and, for information, against the exact allocation for the scenario's
     * nominal rates (the player falls short of them when the machine is loaded).
     */
    private static String compareWithExact(LabScenario lab, Map<String, List<Double>> passed,
                                           Map<String, List<Double>> dropped, double sentBps) throws IOException {
        Scenario scenario = lab.scenario();
        BandwidthTree full = scenario.effectiveConfig().trees().stream()
                .filter(t -> t.port().port() == EGRESS).findFirst().orElseThrow();
        ResolvedTree resolved = Admission.admit(full);
        double t = (MEASURE_FROM + MEASURE_TO) / 2;
        // the allocation is homogeneous in the rates: scaling capacity, peaks and demands by the
        // lab's factor scales it by the same factor
        Allocation nominal = Allocator.allocate(resolved, scenario.demandAt(full.port(), t));
        double capacity = full.capacity().bps() * lab.scale();
        Map<String, Double> arrived = new LinkedHashMap<>();
        for (String leaf : LEAVES) {
            String id = onosId(leaf);
            arrived.put(leaf, (mean(passed, id) + mean(dropped, id)) / lab.scale());
        }
        Allocation observed = Allocator.allocate(resolved, arrived);
        double arrivedSum = arrived.values().stream().mapToDouble(Double::doubleValue).sum() * lab.scale();
        List<String> rows = new ArrayList<>();
        double worst = 0;
        for (String leaf : LEAVES) {
            int i = full.indexOf(leaf);
            double got = mean(passed, onosId(leaf));
            double want = observed.allocation(i) * lab.scale();
            double error = Math.abs(got - want) / capacity;
            worst = Math.max(worst, error);
            rows.add(String.format(Locale.ROOT, "%-4s arrived %6.2f  passed %6.2f  exact %6.2f  error %4.1f %% of C"
                    + "  | nominal: offered %6.2f exact %6.2f Mb/s (%d samples)", leaf, arrived.get(leaf) * lab.scale() / 1e6,
                    got / 1e6, want / 1e6, error * 100, nominal.demand(i) * lab.scale() / 1e6,
                    nominal.allocation(i) * lab.scale() / 1e6, passed.getOrDefault(onosId(leaf), List.of()).size()));
        }
        double arrivalError = Math.abs(arrivedSum - sentBps) / sentBps;
        String report = String.format(Locale.ROOT, "t = %.0f-%.0f s of %s, C = %.0f Mb/s; sent by the player %.2f Mb/s,"
                + " arrived per ONOS %.2f Mb/s (%.1f %% apart); worst leaf %.2f %% of C (bound %.0f %%);"
                + " machine shared with other builds%n  %s%n", MEASURE_FROM, MEASURE_TO, SCENARIO, capacity / 1e6,
                sentBps / 1e6, arrivedSum / 1e6, arrivalError * 100, worst * 100, BOUND * 100, String.join("\n  ", rows));
        System.out.print("[onos-traffic] " + report);
        Path out = Paths.get(ContainerFixture.property("karaf.run")).resolve("onos-traffic.txt");
        Files.writeString(out, report, StandardCharsets.UTF_8);
        if (arrivalError > ARRIVAL_BOUND) {
            return "ONOS's measured arrivals against what was sent (bound " + ARRIVAL_BOUND * 100 + " %):\n" + report;
        }
        return worst <= BOUND ? null : "per-leaf passed rates in ONOS against the exact allocation:\n" + report;
    }

    private static String onosId(String leaf) {
        return leaf.equals(GUEST) ? GUEST_JOINED_AS : leaf;
    }

    private static double mean(Map<String, List<Double>> samples, String id) {
        return samples.getOrDefault(id, List.of()).stream().filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue)
                .average().orElse(0);
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
