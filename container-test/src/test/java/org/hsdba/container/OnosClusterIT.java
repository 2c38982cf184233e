package org.hsdba.container;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafUsers;
import org.hsdba.container.oar.OarArchive;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * A three-node ONOS 2.7.0 cluster on loopback (issue 13, point 4; Maven profile {@code onos-cluster},
 * not part of the default build: three ONOS boots take minutes). Nodes 127.0.0.1, .2 and .3, one
 * Karaf JVM each, every node's cluster.json naming the three as controllers and one Atomix storage
 * node (run by this test, ONOS 2.x's layout: ONOS nodes are Atomix clients). The .oar is installed
 * through node 1's {@code POST /onos/v1/applications?activate=true} and must be ACTIVE on all
 * three, each node's POF adapter listening on its own address at the default port (the bind
 * address default {@code node}). Three reference switches, each given the three nodes in a
 * different order, are mastered by different nodes. A tree PUT through one node is read back the
 * same on all; live state is answered on every node (the master-forwarding path).
 * <p>
 * Then, each round: edits are made through the nodes' REST (each acknowledged), the master of one
 * switch is killed with SIGKILL, its switches reconnect to the next node in their list, which
 * becomes master and programs them with the current trees: every acknowledged edit is in the tree
 * every survivor serves and in the program the switch holds ({@code programmed}). The takeover
 * (kill to the new master's SWITCH_PROGRAMMED event, with the reconnect and the mastership change
 * on the way) is printed and written to {@code target/karaf-run/cluster/takeover.txt}; the killed
 * node is started again before the next round.
 */
public class OnosClusterIT {

    private static final List<String> IPS = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");
    private static final String APP = "org.hsdba.app";
    private static final String API = "/onos/hsdba/v1/";
    private static final int PORT = 2;
    private static final int ROUNDS = Integer.getInteger("hsdba.cluster.rounds", 3);
    private static final String HEAP = System.getProperty("hsdba.cluster.heap", "1280M");
    /** Three cores booting at once on a loaded 2-core machine. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(1200);
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(180);
    private static final String TREE = "{\"capacity\": \"10 Gb/s\", \"eta\": 1.0,"
            + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
            + "              {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],"
            + " \"nodes\": [{\"id\": \"A\", \"key\": \"10.1.0.0/16\", \"weight\": 1},"
            + "           {\"id\": \"B\", \"key\": \"10.2.0.0/16\", \"weight\": 2}]}";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<ClusterNode> NODES = new ArrayList<>();
    private static final List<ReferenceSwitch> SWITCHES = new ArrayList<>();
    private static AtomixStorage storage;
    private static OarArchive oar;
    private static int pofPort;
    private static Path runDir;
    private static final List<String> REPORT = new ArrayList<>();

    @BeforeClass
    public static void bootTheCluster() throws Exception {
        assumeTrue(OnosCore.missing(), OnosCore.missing() == null);
        OnosCore onos = OnosCore.find().orElseThrow();
        oar = OarArchive.read(Paths.get(ContainerFixture.property("hsdba.oar")));
        pofPort = ComponentListeners.atDefaults(oar.bundles()).listeners().stream()
                .filter(l -> l.property.equals("pofPort")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no component of the .oar has a pofPort")).port;
        if (!KarafPorts.isFree(pofPort)) {
            throw new IllegalStateException("POF port " + pofPort + " is in use on this machine; stop that"
                    + " controller (or run under flock /work/wt/_locks/ports.lock)");
        }
        runDir = Paths.get(ContainerFixture.property("karaf.run")).resolve("cluster");
        Files.createDirectories(runDir);
        long t0 = System.nanoTime();
        List<ClusterMetadata.Member> atomix = List.of(new ClusterMetadata.Member("atomix-1", KarafPorts.HOST,
                KarafPorts.freePort()));
        org.hsdba.container.karaf.KarafSetup.deleteTree(runDir.resolve("atomix"));
        storage = AtomixStorage.start(atomix, runDir.resolve("atomix"));
        List<ClusterMetadata.Member> controllers = IPS.stream()
                .map(ip -> new ClusterMetadata.Member(ip, ip, KarafPorts.freePort())).collect(Collectors.toList());
        for (int i = 0; i < IPS.size(); i++) {
            ClusterMetadata metadata = new ClusterMetadata(controllers.get(i), controllers, atomix);
            NODES.add(ClusterNode.prepare(onos, Paths.get(ContainerFixture.property("karaf.home")),
                    runDir.resolve("node-" + (i + 1)), metadata, HEAP));
        }
        System.out.println("[onos-cluster] " + storage + "; nodes " + NODES);
        for (ClusterNode n : NODES) {
            n.start();
        }
        for (ClusterNode n : NODES) {
            awaitClusterReady(n);
        }
        note("three nodes READY (Karaf boot + ONOS core, all at once): %.0f s", seconds(t0));
        long t1 = System.nanoTime();
        OnosCore.installApp(NODES.get(0).http, oar.file());
        for (ClusterNode n : NODES) {
            awaitAppReady(n);
        }
        note(".oar POSTed to %s, ACTIVE on all three, POF listening on each node's address, REST answering: %.0f s", IPS.get(0),
                seconds(t1));
    }

    @AfterClass
    public static void stopTheCluster() throws Exception {
        for (ReferenceSwitch s : SWITCHES) {
            s.close();
        }
        for (ClusterNode n : NODES) {
            n.stop();
        }
        if (storage != null) {
            storage.close();
        }
        if (runDir != null && !REPORT.isEmpty()) {
            Files.writeString(runDir.resolve("takeover.txt"), String.join("\n", REPORT) + "\n", StandardCharsets.UTF_8);
        }
    }

    @Test
    public void devicesSpreadOverTheNodesAndAKilledMasterIsTakenOverWithoutLosingAcknowledgedEdits()
            throws Exception {
        // switch i lists node i first, then the others in order: each node masters one switch
        for (int i = 0; i < IPS.size(); i++) {
            ControlConfig.Builder control = ControlConfig.builder().reconnectIntervalMs(500);
            for (int k = 0; k < IPS.size(); k++) {
                String ip = IPS.get((i + k) % IPS.size());
                control = k == 0 ? control.controller(ip, pofPort) : control.alsoController(ip, pofPort);
            }
            SWITCHES.add(new ReferenceSwitch(DatapathConfig.builder().deviceId(i + 1).portCount(4).build(),
                    control.build()).start());
        }
        for (int i = 0; i < IPS.size(); i++) {
            String device = device(i);
            String expected = IPS.get(i);
            await("master of " + device + " is " + expected, () -> expected.equals(master(NODES.get(0), device)));
        }
        note("masters: %s", masters());

        // a tree PUT through a node that does not master the device, read back the same on all nodes
        for (int i = 0; i < IPS.size(); i++) {
            ClusterNode via = NODES.get((i + 1) % IPS.size());
            HttpResponse<String> put = via.http.putJson(treePath(device(i)), TREE, KarafUsers.WEB_USER,
                    KarafUsers.WEB_PASSWORD);
            assertEquals("PUT " + treePath(device(i)) + " through " + via.ip + ": " + put.body(), 200, put.statusCode());
        }
        for (int i = 0; i < IPS.size(); i++) {
            assertTreeEverywhere(device(i), List.of("A", "B"));
            awaitProgrammed(device(i));
        }
        assertLiveStateEverywhere();
        note("trees PUT through a non-master node: the same version on all nodes, live state on every node,"
                + " every switch programmed");

        List<Long> takeovers = new ArrayList<>();
        List<String> hosts = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            String target = device((round - 1) % IPS.size());
            // acknowledged edits, through every node in turn, just before the kill
            for (int k = 0; k < IPS.size(); k++) {
                for (int d = 0; d < IPS.size(); d++) {
                    String id = "h" + round + "x" + k;
                    String body = "{\"id\": \"" + id + "\", \"parent\": \"A\", \"key\": \"10.1." + round + "." + (k + 1)
                            + "\", \"weight\": 1}";
                    ClusterNode via = NODES.get(k);
                    HttpResponse<String> r = via.http.postJson(treePath(device(d)).replace("/tree", "/nodes"), body,
                            KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
                    assertEquals("add " + id + " to " + device(d) + " through " + via.ip + ": " + r.body(), 201,
                            r.statusCode());
                }
                hosts.add("h" + round + "x" + k);
            }
            String killedIp = master(NODES.get(0), target);
            ClusterNode killed = node(killedIp);
            List<Integer> orphans = new ArrayList<>();
            for (int i = 0; i < IPS.size(); i++) {
                if (killedIp.equals(master(NODES.get(0), device(i)))) {
                    orphans.add(i);
                }
            }
            long killMillis = System.currentTimeMillis();
            long killNanos = System.nanoTime();
            long pid = killed.kill();
            List<ClusterNode> survivors = NODES.stream().filter(n -> n != killed).collect(Collectors.toList());
            // every orphan watched at once: when it reconnected, when its new node became master,
            // when that node reported it programmed (poll times, ms after the kill)
            Map<Integer, Takeover> watched = new LinkedHashMap<>();
            orphans.forEach(i -> watched.put(i, new Takeover()));
            long deadline = killNanos + STEP_TIMEOUT.toNanos();
            while (watched.values().stream().anyMatch(t -> t.programmed < 0)) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("not within " + STEP_TIMEOUT + " of kill -9 " + killedIp
                            + ": the switches it mastered reconnected, mastered and programmed: " + watched);
                }
                for (Map.Entry<Integer, Takeover> e : watched.entrySet()) {
                    try {
                        e.getValue().poll(SWITCHES.get(e.getKey()), device(e.getKey()), killedIp, killNanos);
                    } catch (IOException notYet) {
                        // the node is busy taking over: asked again next time
                    }
                }
                Thread.sleep(20);
            }
            for (Map.Entry<Integer, Takeover> e : watched.entrySet()) {
                String device = device(e.getKey());
                Takeover t = e.getValue();
                long programmedEvent = programmedEventMillis(node(t.newIp), device, killMillis) - killMillis;
                takeovers.add(programmedEvent);
                note("round %d: kill -9 %s (pid %d, master of %s): %s reconnected to %s after %d ms, %s master"
                        + " after %d ms, SWITCH_PROGRAMMED by %s after %d ms (seen programmed by REST at %d ms)",
                        round, killedIp, pid, orphans.stream().map(OnosClusterIT::device).collect(Collectors.toList()),
                        device, t.newIp, t.reconnected, t.newIp, t.mastered, t.newIp, programmedEvent, t.programmed);
            }
            for (int d = 0; d < IPS.size(); d++) {
                List<String> expected = new ArrayList<>(List.of("A", "B"));
                expected.addAll(hosts);
                assertTreeEverywhere(device(d), expected, survivors);
                awaitProgrammed(device(d), survivors.get(0));
            }
            assertLiveStateEverywhere(survivors);
            long restart = System.nanoTime();
            killed.start();
            awaitClusterReady(killed);
            awaitAppReady(killed);
            note("round %d: every acknowledged edit (%d hosts per tree) on both survivors and programmed; %s back"
                    + " (READY, app ACTIVE, POF listening) after %.0f s", round, hosts.size(), killedIp,
                    seconds(restart));
        }
        if (!takeovers.isEmpty()) {
            List<Long> sorted = takeovers.stream().sorted().collect(Collectors.toList());
            note("takeover, kill -9 to the switch programmed by the new master, %d switches over %d rounds:"
                    + " min %d ms, median %d ms, max %d ms; all: %s", sorted.size(), ROUNDS, sorted.get(0),
                    sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1), takeovers);
        }
        assertTrue("no round killed a master", !takeovers.isEmpty());
    }

    /** One orphaned switch's way to its new master, each step in ms after the kill (-1: not yet). */
    private static final class Takeover {
        String newIp;
        long reconnected = -1;
        long mastered = -1;
        long programmed = -1;

        void poll(ReferenceSwitch sw, String device, String killedIp, long killNanos) throws Exception {
            long now = (System.nanoTime() - killNanos) / 1_000_000;
            if (reconnected < 0) {
                InetSocketAddress to = sw.channel().connectedTo();
                if (to != null && !to.getHostString().equals(killedIp) && sw.channel().isRunning()) {
                    newIp = to.getHostString();
                    reconnected = now;
                }
            } else if (mastered < 0) {
                if (newIp.equals(master(node(newIp), device))) {
                    mastered = now;
                }
            } else if (programmed(node(newIp), device)) {
                programmed = now;
            }
        }

        @Override
        public String toString() {
            return "{to " + newIp + ", reconnected " + reconnected + " ms, master " + mastered + " ms, programmed "
                    + programmed + " ms}";
        }
    }

    // ------------------------------------------------------------------ cluster

    /** Until {@code n}'s REST API shows every node READY (so the cluster has formed with it). */
    private static void awaitClusterReady(ClusterNode n) throws Exception {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            n.checkAlive();
            try {
                HttpResponse<String> r = n.http.get("/onos/v1/cluster", KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
                last = r.statusCode() + " " + r.body();
                if (r.statusCode() == 200) {
                    TreeSet<String> ready = new TreeSet<>();
                    for (JsonNode c : JSON.readTree(r.body()).path("nodes")) {
                        if ("READY".equals(c.path("status").asText())) {
                            ready.add(c.path("id").asText());
                        }
                    }
                    if (ready.containsAll(IPS)) {
                        return;
                    }
                }
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(2000);
        }
        throw new IllegalStateException(n + ": not every node READY within " + READY_TIMEOUT + "; GET /onos/v1/cluster: "
                + last + "\nkaraf.log: " + n.log());
    }

    /**
     * Until the app is ACTIVE on {@code n}, its POF adapter accepts connections at {@code n}'s address
     * and its REST context answers (the web bundle deploys a little after the app turns ACTIVE).
     */
    private static void awaitAppReady(ClusterNode n) throws Exception {
        await(APP + " ACTIVE on " + n.ip + ", POF listening at " + n.ip + ":" + pofPort + ", " + API
                + "devices answering", () -> {
                n.checkAlive();
                HttpResponse<String> r = n.http.get("/onos/v1/applications/" + APP, KarafUsers.WEB_USER,
                        KarafUsers.WEB_PASSWORD);
                return r.statusCode() == 200 && "ACTIVE".equals(JSON.readTree(r.body()).path("state").asText())
                        && n.accepts(pofPort)
                        && n.http.get(API + "devices", KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD).statusCode() == 200;
            });
    }

    private static String master(ClusterNode via, String device) throws Exception {
        HttpResponse<String> r = via.http.get("/onos/v1/mastership/" + device + "/master", KarafUsers.WEB_USER,
                KarafUsers.WEB_PASSWORD);
        return r.statusCode() == 200 ? JSON.readTree(r.body()).path("nodeId").asText() : null;
    }

    private static Map<String, String> masters() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < IPS.size(); i++) {
            out.put(device(i), master(NODES.get(0), device(i)));
        }
        return out;
    }

    private static ClusterNode node(String ip) {
        return NODES.stream().filter(n -> n.ip.equals(ip)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no node " + ip + " in " + NODES));
    }

    // ------------------------------------------------------------------ the app

    private static String device(int index) {
        return String.format(Locale.ROOT, "pof:%016x", index + 1);
    }

    private static String treePath(String device) {
        return API + "devices/" + device + "/ports/" + PORT + "/tree";
    }

    /** The device's tree read through every node in {@code nodes}: the same version, exactly these node ids. */
    private static void assertTreeEverywhere(String device, List<String> ids, List<ClusterNode> nodes)
            throws Exception {
        String version = null;
        for (ClusterNode n : nodes) {
            HttpResponse<String> r = n.http.get(treePath(device), KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
            assertEquals("GET " + treePath(device) + " on " + n.ip + ": " + r.body(), 200, r.statusCode());
            JsonNode tree = JSON.readTree(r.body());
            TreeSet<String> have = new TreeSet<>();
            collectIds(tree.path("nodes"), have);
            assertEquals("nodes of " + device + " on " + n.ip, new TreeSet<>(ids), have);
            String v = tree.path("version").asText();
            if (version != null) {
                assertEquals("version of " + device + " on " + n.ip, version, v);
            }
            version = v;
        }
    }

    private static void assertTreeEverywhere(String device, List<String> ids) throws Exception {
        assertTreeEverywhere(device, ids, NODES);
    }

    private static void collectIds(JsonNode nodes, TreeSet<String> into) {
        for (JsonNode n : nodes) {
            into.add(n.path("id").asText());
            collectIds(n.path("children"), into);
        }
    }

    /** Every node answers every device's live state (the master's, forwarded) with the tree's version. */
    private static void assertLiveStateEverywhere(List<ClusterNode> nodes) throws Exception {
        for (int i = 0; i < IPS.size(); i++) {
            String path = treePath(device(i)).replace("/tree", "/state");
            for (ClusterNode n : nodes) {
                HttpResponse<String> r = n.http.get(path, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
                assertEquals("GET " + path + " on " + n.ip + ": " + r.body(), 200, r.statusCode());
                JsonNode state = JSON.readTree(r.body());
                assertTrue("live state of " + device(i) + " on " + n.ip + " has its nodes: " + r.body(),
                        state.path("nodes").size() > 0);
            }
        }
    }

    private static void assertLiveStateEverywhere() throws Exception {
        assertLiveStateEverywhere(NODES);
    }

    /** The device as {@code via} reports it (its master's view): connected and holding the current trees. */
    private static boolean programmed(ClusterNode via, String device) throws Exception {
        HttpResponse<String> r = via.http.get(API + "devices/" + device, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        if (r.statusCode() != 200) {
            return false;
        }
        JsonNode d = JSON.readTree(r.body());
        return d.path("connected").asBoolean() && d.path("programmed").asBoolean();
    }

    private static void awaitProgrammed(String device, ClusterNode via) throws Exception {
        await(device + " programmed (GET devices/" + device + " on " + via.ip + ")", () -> programmed(via, device));
    }

    private static void awaitProgrammed(String device) throws Exception {
        awaitProgrammed(device, NODES.get(0));
    }

    /** The time of {@code via}'s first SWITCH_PROGRAMMED event for {@code device} at or after {@code since}. */
    private static long programmedEventMillis(ClusterNode via, String device, long since) throws Exception {
        HttpResponse<String> r = via.http.get(API + "events?type=SWITCH_PROGRAMMED&device=" + device + "&limit=100",
                KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        assertEquals("events on " + via.ip + ": " + r.body(), 200, r.statusCode());
        long first = Long.MAX_VALUE;
        for (JsonNode e : JSON.readTree(r.body()).path("events")) {
            long t = e.path("time").asLong();
            if (t >= since) {
                first = Math.min(first, t);
            }
        }
        if (first == Long.MAX_VALUE) {
            throw new AssertionError("no SWITCH_PROGRAMMED event for " + device + " on " + via.ip + " since "
                    + Instant.ofEpochMilli(since) + ": " + r.body());
        }
        return first;
    }

    // ------------------------------------------------------------------ helpers

    /** Polls {@code condition} until true; a failure guard of {@link #STEP_TIMEOUT}, not a measurement. */
    private static void await(String what, Callable<Boolean> condition) throws Exception {
        awaitNanos(what, condition);
    }

    /** As {@link #await}; returns System.nanoTime() when the condition was first seen true. */
    private static long awaitNanos(String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (Boolean.TRUE.equals(condition.call())) {
                    return System.nanoTime();
                }
            } catch (IOException notYet) {
                last = notYet;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("not within " + STEP_TIMEOUT + ": " + what + (last == null ? "" : " (last: " + last + ")"));
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static void note(String format, Object... args) {
        String line = String.format(Locale.ROOT, format, args);
        REPORT.add(line);
        System.out.println("[onos-cluster] " + line);
    }
}
