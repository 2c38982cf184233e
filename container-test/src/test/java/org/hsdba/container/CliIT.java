package org.hsdba.container;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.CoreMatchers.not;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafUsers;
import org.hsdba.container.karaf.ShellResult;
import org.hsdba.pofswitch.control.ControlConfig;
import org.hsdba.pofswitch.control.ReferenceSwitch;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The hsdba Karaf commands in the container's real shell ({@code bin/client}), as an operator uses
 * them: registered under scope onos, {@code --help}, and one session against a reference switch
 * connected to the POF adapter in the container. Each command runs in its own shell session, since
 * a batch stops at the first command that fails, and the session prints what it typed and read.
 */
public class CliIT {

    private static final List<String> COMMANDS = List.of("hsdba-trees", "hsdba-node-add", "hsdba-node-update",
            "hsdba-node-remove", "hsdba-state", "hsdba-events");
    static final String DEVICE = "pof:0000000000000001";
    private static final String TREE = "{\"capacity\": \"10 Gb/s\", \"eta\": 1.0,"
            + " \"levels\": [{\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},"
            + "              {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}],"
            + " \"nodes\": [{\"id\": \"A\", \"key\": \"10.1.0.0/16\", \"weight\": 1},"
            + "           {\"id\": \"B\", \"key\": \"10.2.0.0/16\", \"weight\": 2}]}";
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SWITCH_TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ContainerFixture container;
    private static ReferenceSwitch referenceSwitch;

    @BeforeClass
    public static void connectASwitch() {
        container = ContainerFixture.shared();
        ComponentListeners.Listener pof = container.listeners.listeners().stream()
                .filter(l -> l.property.equals("pofPort")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no component of the .oar has a pofPort: "
                        + container.listeners.listeners()));
        referenceSwitch = new ReferenceSwitch(DatapathConfig.builder().deviceId(1).portCount(4).build(),
                ControlConfig.builder().controller(KarafPorts.HOST, pof.port)
                        .reconnectIntervalMs(200).build()).start();
    }

    @AfterClass
    public static void disconnectTheSwitch() {
        if (referenceSwitch != null) {
            referenceSwitch.close();
        }
    }

    @Test
    public void everyCommandIsRegisteredInScopeOnosWithItsHelp() throws Exception {
        for (String command : COMMANDS) {
            String help = ok(command + " --help");
            assertThat(command + " --help", help, containsString("onos:" + command));
            assertThat(command + " --help", help, containsString("SYNTAX"));
            // an internal "not given" value must not show as a default
            assertThat(command + " --help", help, not(containsString("defaults to -1")));
        }
    }

    @Test
    public void anOperatorSessionThroughTheShell() throws Exception {
        await("the reference switch connected and programmed (hsdba-events)", "hsdba-events",
                "SWITCH_PROGRAMMED " + DEVICE);
        assertEquals("no tree yet: hsdba-trees prints nothing", "", ok("hsdba-trees").trim());

        String treePath = "/onos/hsdba/v1/devices/" + DEVICE + "/ports/2/tree";
        HttpResponse<String> put = container.http.putJson(treePath, TREE, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        assertEquals("PUT " + treePath + ": " + put.body(), 200, put.statusCode());
        assertThat(ok("hsdba-trees"), containsString(DEVICE + "/2  v1  2 node(s)  C 10 Gb/s  eta 1.0  2 level(s)"));

        assertThat(ok("hsdba-node-add --parent A -w 3 -l 3G " + DEVICE + " 2 A1 10.1.0.1"),
                containsString("added A1 to " + DEVICE + "/2, tree version 2"));
        assertThat(ok("hsdba-node-update -g 2G --pinned " + DEVICE + " 2 A1"),
                containsString("updated A1 in " + DEVICE + "/2, tree version 3"));
        String tree = ok("hsdba-trees " + DEVICE + " 2");
        assertThat(tree, containsString(DEVICE + "/2  v3  3 node(s)"));
        assertThat(tree, containsString("\n    A1 (host 10.1.0.1) g=2 Gb/s w=3 l=3 Gb/s pinned"));
        String state = ok("hsdba-state " + DEVICE + " 2");
        assertThat(state, containsString(DEVICE + "/2 v3: capacity 10 Gb/s"));
        assertTrue("a state row for A1 with its 3 Gb/s limit:\n" + state,
                Pattern.compile("(?m)^A1 +\\S+ +(yes|no) .* 3 Gb/s$").matcher(state).find());

        // 9 Gb/s: above A1's peak and above the 3.333 Gb/s A's weight implies; refused with the reasons, nothing changes
        ShellResult refused = shell("hsdba-node-update -g 9G " + DEVICE + " 2 A1");
        assertThat(refused.toString(), refused.output(), containsString("Error executing command: "));
        assertThat(refused.toString(), refused.output(), containsString("guaranteed rates of children sum to 9 Gb/s > 3.333 Gb/s"));
        assertThat(refused.toString(), refused.output(), containsString("guaranteed 9 Gb/s > peak 3 Gb/s"));
        JsonNode after = JSON.readTree(ok("hsdba-trees -j " + DEVICE + " 2"));
        assertEquals("the refused edit left the version", 3, after.path("version").asLong());
        assertEquals("the refused edit left A1's guarantee", "2 Gb/s", node(after, "A1").path("guaranteed").asText());

        ShellResult conflict = shell("hsdba-node-remove --version 2 " + DEVICE + " 2 A1");
        assertThat(conflict.toString(), conflict.output(), containsString("is at version 3"));
        assertThat(conflict.toString(), conflict.output(), containsString("not the expected version 2"));
        // an operator's refused edit is not a server error: no ERROR line and stack trace from Karaf's ShellUtil
        String log = Files.readString(container.karaf.log(), StandardCharsets.UTF_8);
        assertThat("karaf.log after refused edits", log, not(containsString("Exception caught while executing command")));
        assertThat(ok("hsdba-node-remove --version 3 " + DEVICE + " 2 A1"),
                containsString("removed 1 node(s) [A1] from " + DEVICE + "/2, tree version 4"));
        assertThat(ok("hsdba-trees " + DEVICE + " 2"), not(containsString("A1")));

        String events = ok("hsdba-events");
        assertThat(events, containsString("SWITCH_CONNECTED " + DEVICE));
        assertThat(events, containsString("SWITCH_PROGRAMMED " + DEVICE));
    }

    // ------------------------------------------------------------------ helpers

    private static JsonNode node(JsonNode tree, String id) {
        for (JsonNode n : tree.path("nodes")) {
            if (n.path("id").asText().equals(id)) {
                return n;
            }
        }
        throw new AssertionError("no node " + id + " in " + tree);
    }

    /** Runs one command in its own session and prints the exchange (the transcript of the session). */
    private static ShellResult shell(String command) throws Exception {
        ShellResult r = container.karaf.shell(COMMAND_TIMEOUT, command);
        System.out.println("[cli] karaf@root()> " + command + "\n" + r.output().stripTrailing());
        return r;
    }

    /** The output of a command that must succeed. */
    private static String ok(String command) throws Exception {
        ShellResult r = shell(command);
        assertTrue(command + " failed: " + r, !r.failed());
        return r.output();
    }

    /** Repeats {@code command} until its output contains {@code expected}; that output. */
    private static String await(String what, String command, String expected) throws Exception {
        long deadline = System.nanoTime() + SWITCH_TIMEOUT.toNanos();
        String last;
        do {
            last = container.karaf.shell(COMMAND_TIMEOUT, command).output();
            if (last.contains(expected)) {
                System.out.println("[cli] karaf@root()> " + command + "\n" + last.stripTrailing());
                return last;
            }
            Thread.sleep(500);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(what + ": \"" + expected + "\" not in the output of " + command + " within "
                + SWITCH_TIMEOUT + ":\n" + last);
    }
}
