package org.hsdba.container;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.junit.Assume.assumeFalse;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafProcess;
import org.hsdba.container.karaf.KarafUsers;
import org.hsdba.container.oar.ComponentDescriptor;
import org.hsdba.container.oar.OarArchive;
import org.hsdba.container.oar.ProjectBundle;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The .oar in a real OSGi container: Karaf 4.2.9 with ONOS 2.7's API bundles and their third-party
 * bundles, and this module's bundle standing in for the ONOS core services. The .oar is installed
 * the way ONOS installs it (its m2/ copied into system/, its features repository added, its
 * features installed); then every bundle it carries must be active, every DS component in them
 * satisfied, every web context must answer only with BASIC credentials (the REST API and the GUI
 * of /onos/hsdba), and every server socket a component is configured with must accept connections.
 * Everything checked is read from the .oar, so bundles added to it are checked without changes here.
 */
public class ContainerIT {

    private static final String HSDBA_CONTEXT = "/onos/hsdba";
    private static final String GUI_INDEX = "hsdba-ui/index.html";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ContainerFixture container;
    private static OarArchive oar;
    private static ComponentListeners listeners;
    private static KarafProcess karaf;
    private static Http http;

    @BeforeClass
    public static void startContainer() {
        container = ContainerFixture.shared();
        oar = container.oar;
        listeners = container.listeners;
        karaf = container.karaf;
        http = container.http;
    }

    @Test
    public void oarCarriesEverythingItsAppXmlNames() {
        assertEquals("app.xml of " + oar.file() + " names what m2/ lacks", List.of(), oar.missingFromRepository());
        assertTrue(oar.file() + " carries no bundle", !oar.bundles().isEmpty());
    }

    @Test
    public void oarInstalls() {
        if (container.installProblem != null) {
            fail(container.installProblem);
        }
    }

    @Test
    public void everyProjectBundleIsActive() throws Exception {
        ContainerState state = probe();
        List<String> problems = new ArrayList<>();
        for (ProjectBundle b : oar.bundles()) {
            Optional<ContainerState.BundleInfo> info = state.bundle(b.symbolicName());
            if (info.isEmpty()) {
                problems.add(b + " is not installed (is it in the features file of the .oar?)");
            } else if (!info.get().active()) {
                problems.add(b + " is " + info.get().state + unsatisfied(info.get()) + logLines(b.symbolicName()));
            }
        }
        assertNoProblems("project bundles not active", problems);
    }

    @Test
    public void everyProjectComponentIsSatisfied() throws Exception {
        ContainerState state = probe();
        Map<String, List<String>> providers = new HashMap<>();
        for (ProjectBundle b : oar.bundles()) {
            for (ComponentDescriptor c : b.components()) {
                c.services().forEach(i -> providers.computeIfAbsent(i, k -> new ArrayList<>()).add(c.name()));
            }
        }
        List<String> problems = new ArrayList<>();
        for (ProjectBundle b : oar.bundles()) {
            for (ComponentDescriptor c : b.components()) {
                Optional<ContainerState.ComponentInfo> info = state.component(c.name());
                if (info.isEmpty()) {
                    problems.add(c.name() + " (" + b.symbolicName() + ") is unknown to SCR: its bundle is not active");
                } else if (!info.get().satisfied()) {
                    problems.add(describe(info.get(), providers) + logLines(simpleName(c.name())));
                }
            }
        }
        assertNoProblems("project components not satisfied", problems);
    }

    @Test
    public void restApiAnswersOnlyWithBasicCredentials() throws Exception {
        ProjectBundle rest = webBundle(HSDBA_CONTEXT);
        String devices = HSDBA_CONTEXT + "/v1/devices";
        assertEquals("GET " + devices + " without credentials", 401, http.get(devices).statusCode());
        assertEquals("GET " + devices + " with wrong credentials", 401,
                http.get(devices, KarafUsers.WEB_USER, "wrong").statusCode());
        HttpResponse<String> r = http.get(devices, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        assertEquals("GET " + devices + " as " + KarafUsers.WEB_USER + " (" + rest + "): " + r.body(), 200, r.statusCode());
        assertTrue("content type of " + devices + ": " + r.headers().firstValue("Content-Type"),
                r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        JsonNode body = JSON.readTree(r.body());
        assertTrue(devices + " answers {\"devices\": [...]}: " + r.body(), body.path("devices").isArray());
    }

    @Test
    public void guiIsServedOnlyWithBasicCredentials() throws Exception {
        ProjectBundle rest = webBundle(HSDBA_CONTEXT);
        assumeTrue(rest + " carries no GUI (" + GUI_INDEX + "): module web-ui was not built into it", rest.contains(GUI_INDEX));
        String ui = HSDBA_CONTEXT + "/ui/";
        assertEquals("GET " + ui + " without credentials", 401, http.get(ui).statusCode());
        HttpResponse<String> r = http.get(ui, KarafUsers.WEB_USER, KarafUsers.WEB_PASSWORD);
        assertEquals("GET " + ui + " as " + KarafUsers.WEB_USER, 200, r.statusCode());
        assertTrue("content type of " + ui + ": " + r.headers().firstValue("Content-Type"),
                r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(ui + " is an HTML page", r.body().toLowerCase(Locale.ROOT).contains("<html"));
    }

    @Test
    public void everyWebContextRequiresCredentials() throws Exception {
        List<ProjectBundle> web = oar.bundles().stream().filter(b -> b.webContextPath().isPresent())
                .collect(Collectors.toList());
        assumeFalse("the .oar has no web bundle (Web-ContextPath)", web.isEmpty());
        for (ProjectBundle b : web) {
            String path = b.webContextPath().get() + "/";
            assertEquals("GET " + path + " (" + b + ") without credentials", 401, http.get(path).statusCode());
        }
    }

    @Test
    public void configuredServerSocketsAcceptConnections() throws Exception {
        assumeFalse("no project component is configured with a <x>Port/<x>BindAddress pair", listeners.listeners().isEmpty());
        List<String> problems = new ArrayList<>();
        for (ComponentListeners.Listener l : listeners.listeners()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(KarafPorts.HOST, l.port), 2000);
            } catch (IOException e) {
                problems.add(l + ": " + e.getMessage());
            }
        }
        assertNoProblems("component server sockets not accepting connections", problems);
    }

    @Test
    public void standInServicesAreActive() throws Exception {
        assumeFalse("a real ONOS core runs: the stand-ins stay off", container.onos.isPresent());
        ContainerState state = probe();
        List<String> problems = new ArrayList<>();
        for (ContainerState.ComponentInfo c : state.componentsOf("org.hsdba.hsdba-container-test")) {
            if (!c.satisfied()) {
                problems.add(describe(c, Map.of()));
            }
        }
        assertNoProblems("this module's stand-in components not satisfied", problems);
    }

    // ------------------------------------------------------------------ helpers

    private static ContainerState probe() throws IOException, InterruptedException {
        return container.probe();
    }

    private static ProjectBundle webBundle(String contextPath) {
        Optional<ProjectBundle> b = oar.bundles().stream()
                .filter(x -> x.webContextPath().map(contextPath::equals).orElse(false)).findFirst();
        assumeTrue("the .oar has no bundle with Web-ContextPath " + contextPath + " yet", b.isPresent());
        return b.get();
    }

    /** State, and for each unsatisfied reference who could provide it: a project component, or ONOS. */
    private static String describe(ContainerState.ComponentInfo c, Map<String, List<String>> projectProviders) {
        StringBuilder out = new StringBuilder(c.name + " (" + c.bundle + ") is " + c.state);
        for (ContainerState.ComponentInfo.Reference ref : c.unsatisfiedReferences) {
            out.append("\n      unsatisfied reference ").append(ref).append(": ");
            List<String> providers = projectProviders.getOrDefault(ref.serviceInterface, List.of());
            if (providers.isEmpty()) {
                out.append("no bundle registers ").append(ref.serviceInterface).append(". If ONOS provides it,"
                        + " add a stand-in to container-test's org.hsdba.container.onos");
            } else {
                out.append("provided by project component ").append(String.join(", ", providers))
                        .append(", which is not satisfied itself (see its entry)");
            }
        }
        if (c.failure != null) {
            out.append("\n      activation failed: ").append(c.failure);
        }
        return out.toString();
    }

    private static String unsatisfied(ContainerState.BundleInfo b) {
        if (b.unsatisfied.isEmpty()) {
            return "";
        }
        return b.unsatisfied.stream().map(u -> "\n      missing requirement " + u).collect(Collectors.joining());
    }

    /** Errors and warnings of karaf.log that mention {@code word}, for the failure message. */
    private static String logLines(String word) {
        try {
            List<String> hits = Files.readAllLines(karaf.log(), StandardCharsets.UTF_8).stream()
                    .filter(l -> (l.contains("| ERROR") || l.contains("| WARN")) && l.contains(word))
                    .limit(5).collect(Collectors.toList());
            return hits.isEmpty() ? "" : "\n      karaf.log: " + String.join("\n      karaf.log: ", hits);
        } catch (IOException e) {
            return "";
        }
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static void assertNoProblems(String what, List<String> problems) {
        if (!problems.isEmpty()) {
            fail(what + " (full log: " + karaf.log() + "):\n  - " + String.join("\n  - ", problems));
        }
    }
}
