package org.hsdba.container;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafUsers;
import org.hsdba.container.oar.ComponentDescriptor;
import org.hsdba.container.oar.ProjectBundle;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * What only a real ONOS core shows (skipped, with what is missing, where there is none): ONOS's
 * application service installed and activated the .oar, ONOS's ComponentConfigManager read the
 * .cfgdef files and holds every property at the code's default, ONOS's DeviceManager made this
 * node master of a connected switch with the provider acknowledging the role, and karaf.log holds
 * no warning or error from the project's bundles or about its devices.
 */
public class OnosIT {

    private static final String APP = "org.hsdba.app";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration DEVICE_TIMEOUT = Duration.ofSeconds(60);

    private static ContainerFixture container;

    @BeforeClass
    public static void realOnos() {
        assumeTrue(OnosCore.missing(), OnosCore.missing() == null);
        container = ContainerFixture.shared();
    }

    @Test
    public void onosApplicationServiceInstalledAndActivatedTheOar() throws Exception {
        JsonNode app = get("/onos/v1/applications/" + APP);
        assertEquals(APP + " state: " + app, "ACTIVE", app.path("state").asText());
        assertEquals(container.oar.name(), app.path("name").asText());
    }

    /** Every property of every component with a .cfgdef, as ONOS reads it: value = default = the code's. */
    @Test
    public void onosReadsEveryComponentPropertyAtTheCodesDefault() throws Exception {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (ProjectBundle b : container.oar.bundles()) {
            for (ComponentDescriptor c : b.components()) {
                if (c.propertyDefaults().isEmpty() || !b.contains(c.name().replace('.', '/') + ".cfgdef")) {
                    continue;
                }
                JsonNode cfg = get("/onos/v1/configuration/" + c.name()).path(c.name());
                // ONOS answers {component: {name: value}} (older releases: {name: {value: ...}})
                Map<String, String> onosValues = new TreeMap<>();
                cfg.fields().forEachRemaining(p -> onosValues.put(p.getKey(),
                        p.getValue().isObject() ? p.getValue().path("value").asText() : p.getValue().asText()));
                for (Map.Entry<String, String> d : c.propertyDefaults().entrySet()) {
                    checked++;
                    String v = onosValues.get(d.getKey());
                    if (!d.getValue().equals(v)) {
                        problems.add(c.name() + " " + d.getKey() + ": ONOS has " + v + ", the code declares "
                                + d.getValue() + " (all of ONOS's: " + onosValues + ")");
                    }
                }
            }
        }
        assertTrue("no component property checked", checked > 0);
        assertTrue("component properties in ONOS:\n  - " + String.join("\n  - ", problems), problems.isEmpty());
    }

    /**
     * A connected switch is an ONOS device this node masters, and ONOS's DeviceManager logs the role
     * as acknowledged (the provider answered it) instead of "Failed to assert role".
     */
    @Test
    public void aConnectedSwitchIsMasteredWithItsRoleAcknowledged() throws Exception {
        String device = "pof:0000000000000007";
        ComponentListeners.Listener pof = container.listeners.listeners().stream()
                .filter(l -> l.property.equals("pofPort")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no component of the .oar has a pofPort"));
        try (ReferenceSwitch sw = new ReferenceSwitch(DatapathConfig.builder().deviceId(7).portCount(2).build(),
                ControlConfig.builder().controller(KarafPorts.HOST, pof.port).reconnectIntervalMs(200).build()).start()) {
            long deadline = System.nanoTime() + DEVICE_TIMEOUT.toNanos();
            String last = "";
            boolean available = false;
            while (System.nanoTime() < deadline) {
                // the list, not /devices/<id>: ONOS logs an ERROR for every GET of a device it does not know yet
                JsonNode devices = get("/onos/v1/devices");
                last = devices.toString();
                for (JsonNode d : devices.path("devices")) {
                    available |= device.equals(d.path("id").asText()) && d.path("available").asBoolean();
                }
                if (available && log().contains("Role has been acknowledged for device " + device)) {
                    break;
                }
                Thread.sleep(500);
            }
            assertTrue("ONOS device " + device + " available: " + last, available);
            assertThat("karaf.log: the role was acknowledged", log(),
                    containsString("Role has been acknowledged for device " + device));
            JsonNode master = get("/onos/v1/mastership/" + device + "/master");
            assertEquals("master of " + device + ": " + master, KarafPorts.HOST, master.path("nodeId").asText());
            assertCleanLog(container);
        }
    }

    /**
     * Node writes inside ONOS's web container (Jersey 2.27 under pax-web): concurrent PATCHes are
     * each answered 200 with their own ETag and version, a stale If-Match is 409, and karaf.log says
     * whether the writes were answered asynchronously (Jersey suspended them) or on the request's
     * thread (the fallback where Jersey cannot suspend); either way every write is in the tree.
     */
    @Test
    public void concurrentNodeWritesAreEachAnsweredWithTheirOwnVersion() throws Exception {
        String port = "/onos/hsdba/v1/devices/pof:0000000000000009/ports/1";
        String tree = "{\"device\": \"pof:0000000000000009\", \"port\": 1, \"capacity\": \"10G\", \"eta\": 1.0,"
                + " \"levels\": [{\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],"
                + " \"nodes\": [{\"id\": \"A\", \"key\": \"10.1.0.1\", \"weight\": 1},"
                + " {\"id\": \"B\", \"key\": \"10.1.0.2\", \"weight\": 1}]}";
        HttpResponse<String> put = container.http.putJson(port + "/tree", tree, KarafUsers.WEB_USER,
                KarafUsers.WEB_PASSWORD);
        assertEquals("PUT tree: " + put.body(), 200, put.statusCode());
        long version = JSON.readTree(put.body()).path("version").asLong();
        String staleTag = put.headers().firstValue("ETag").orElseThrow();
        int writes = 40;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(writes);
        try {
            List<java.util.concurrent.Future<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < writes; i++) {
                String body = "{\"weight\": " + (1 + i % 7) + "}";
                answers.add(pool.submit(() -> container.http.sendJson("PATCH", port + "/nodes/A", body,
                        KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD, "If-Match", "*")));
            }
            java.util.Set<String> tags = new java.util.HashSet<>();
            for (java.util.concurrent.Future<HttpResponse<String>> f : answers) {
                HttpResponse<String> r = f.get(60, java.util.concurrent.TimeUnit.SECONDS);
                assertEquals("PATCH: " + r.body(), 200, r.statusCode());
                tags.add(r.headers().firstValue("ETag").orElseThrow());
            }
            assertEquals("each write answered with its own ETag", writes, tags.size());
        } finally {
            pool.shutdownNow();
        }
        JsonNode after = get(port + "/tree");
        assertEquals("every write is a version of its own", version + writes, after.path("version").asLong());
        HttpResponse<String> stale = container.http.sendJson("PATCH", port + "/nodes/B", "{\"weight\": 3}",
                KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD, "If-Match", staleTag);
        assertEquals("PATCH on a stale tag: " + stale.body(), 409, stale.statusCode());
        String log = log();
        boolean async = log.contains("hsdba writes are answered asynchronously");
        boolean sync = log.contains("hsdba writes are answered on the request's thread");
        assertTrue("karaf.log says how writes are answered", async || sync);
        System.out.println("[onos] node writes answered " + (async ? "asynchronously (Jersey suspends them)"
                : "on the request's thread (Jersey cannot suspend here)") + "; " + writes
                + " concurrent PATCHes, versions " + version + " -> " + after.path("version").asLong());
        // Many HTTP helpers set Content-Type on every request: a DELETE with it and no body is a DELETE.
        HttpResponse<String> typed = container.http.sendJson("DELETE", port + "/nodes/B", "",
                KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD, "If-Match", "*");
        assertEquals("DELETE node with Content-Type and no body: " + typed.body(), 204, typed.statusCode());
        HttpResponse<String> removed = container.http.send("DELETE", port + "/tree", KarafUsers.WEB_USER,
                KarafUsers.WEB_PASSWORD, "If-Match", "*");
        assertEquals("DELETE tree: " + removed.body(), 204, removed.statusCode());
    }

    /** Nothing from the project's bundles, or about its devices, at WARN or ERROR in karaf.log. */
    @Test
    public void noWarningOrErrorFromTheAppOrAboutItsDevices() throws Exception {
        assertCleanLog(container);
    }

    /** Fails with the WARN/ERROR lines of karaf.log from the project's bundles or about its devices. */
    static void assertCleanLog(ContainerFixture container) throws IOException {
        List<String> words = container.oar.bundles().stream().map(ProjectBundle::symbolicName).collect(Collectors.toList());
        words.add("org.hsdba");
        words.add("pof:");
        words.add("Failed to assert role");
        words.add("Exception caught while executing command");
        List<String> hits = Files.readAllLines(container.karaf.log(), StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains("| WARN") || l.contains("| ERROR"))
                .filter(l -> words.stream().anyMatch(l::contains))
                .collect(Collectors.toList());
        if (!hits.isEmpty()) {
            fail("karaf.log (" + container.karaf.log() + "):\n  " + String.join("\n  ", hits));
        }
    }

    private static JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = container.http.get(path, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        assertEquals("GET " + path + ": " + r.body(), 200, r.statusCode());
        return JSON.readTree(r.body());
    }

    private static String log() throws IOException {
        return Files.readString(container.karaf.log(), StandardCharsets.UTF_8);
    }
}
