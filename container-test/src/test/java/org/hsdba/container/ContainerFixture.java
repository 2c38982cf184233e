package org.hsdba.container;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.container.karaf.KarafPorts;
import org.hsdba.container.karaf.KarafProcess;
import org.hsdba.container.karaf.KarafSetup;
import org.hsdba.container.karaf.ShellResult;
import org.hsdba.container.oar.ComponentDescriptor;
import org.hsdba.container.oar.OarArchive;
import org.hsdba.container.oar.ProjectBundle;

/**
 * The one Karaf of a test run, shared by every *IT class (failsafe runs them in one JVM), stopped
 * when the JVM exits (a boot takes longer than all the checks together, so there is one). With the
 * ONOS core's files at hand ({@link OnosCore}) it boots a real ONOS 2.7.0 core and installs the .oar
 * through ONOS's application service, configuring nothing; without them it boots ONOS's API bundles
 * with this module's stand-in services and installs the .oar's features as ONOS would.
 */
final class ContainerFixture {

    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The configuration that starts the stand-in ONOS services (see org.hsdba.container.onos). */
    private static final String STAND_IN_PID = "org.hsdba.container.onos";

    private static ContainerFixture shared;
    private static RuntimeException bootFailure;

    /** Karaf, then ONOS: a real core may take this long to report READY on a loaded 2-core machine. */
    private static final Duration ONOS_READY_TIMEOUT = Duration.ofSeconds(480);
    private static final String ONOS_NODE = KarafPorts.HOST;
    private static final String ONOS_HEAP = "1536M";

    final OarArchive oar;
    final ComponentListeners listeners;
    final KarafPorts ports;
    final Http http;
    final KarafProcess karaf;
    /** Present: a real ONOS core runs in the container; empty: the stand-in services do. */
    final Optional<OnosCore> onos;
    /** Stand-in mode: the shell's answer to the .oar's feature install; real ONOS: null. */
    final ShellResult appInstall;
    /** When the features do not install: the bundles installed one by one, to diagnose each. */
    final ShellResult bundleByBundle;
    /** Real ONOS: its application service's answer to the .oar (POST /onos/v1/applications). */
    final String onosInstallAnswer;
    /** Why installing the .oar failed, or null. */
    final String installProblem;

    /** The running container; a failed boot fails every class that asks, with the same reason. */
    static synchronized ContainerFixture shared() {
        if (bootFailure != null) {
            throw bootFailure;
        }
        if (shared == null) {
            try {
                shared = new ContainerFixture();
            } catch (Exception e) {
                bootFailure = new IllegalStateException("the container did not start: " + e.getMessage(), e);
                throw bootFailure;
            }
            ContainerFixture stopping = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    stopping.karaf.close();
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
            }, "stop-karaf"));
        }
        return shared;
    }

    private ContainerFixture() throws Exception {
        List<String> timings = new ArrayList<>();
        oar = OarArchive.read(Paths.get(property("hsdba.oar")));
        onos = OnosCore.find();
        ports = KarafPorts.free();
        Path home = Paths.get(property("karaf.run")).resolve("karaf");
        http = new Http(KarafPorts.HOST, ports.http());
        System.out.println("[container] " + oar);
        long t0 = System.nanoTime();
        if (onos.isPresent()) {
            System.out.println("[container] real ONOS " + OnosCore.VERSION + " core");
            // nothing configured: the components' defaults, as an operator gets them
            listeners = ComponentListeners.atDefaults(oar.bundles());
            for (ComponentListeners.Listener l : listeners.listeners()) {
                if (!KarafPorts.isFree(l.port)) {
                    throw new IllegalStateException(l + ": port " + l.port + " is in use on this machine (another"
                            + " controller?), so the default configuration cannot be tested; stop that process");
                }
            }
            KarafSetup.prepare(Paths.get(property("karaf.home")), home, ports, Map.of());
            // ONOS keeps installed applications next to Karaf (../apps, as in a release): a fresh core
            KarafSetup.deleteTree(home.resolveSibling("apps"));
            List<String> flags = onos.get().configure(home,
                    ClusterMetadata.singleNode(ONOS_NODE, KarafPorts.freePort()));
            karaf = KarafProcess.start(home, ports, flags, ONOS_HEAP);
            // ONOS's REST API answering READY implies Karaf's boot features are in (its shell is
            // slow to answer while ONOS's features install, so it is not asked first)
            OnosCore.awaitReady(http, ONOS_NODE, ONOS_READY_TIMEOUT, this::checkAlive);
            long t2 = time(timings, "Karaf boot + ONOS core READY", t0);
            ShellResult probeInstall = karaf.shell(INSTALL_TIMEOUT, "bundle:install -s file:" + property("container.bundle"));
            if (probeInstall.failed()) {
                throw new IllegalStateException("the container probe did not install (a problem of this module): "
                        + probeInstall);
            }
            String answer;
            String problem = null;
            try {
                answer = OnosCore.installApp(http, oar.file()).toString();
            } catch (IllegalStateException e) {
                answer = e.getMessage();
                problem = e.getMessage();
            }
            onosInstallAnswer = answer;
            installProblem = problem;
            appInstall = null;
            bundleByBundle = null;
            long t3 = time(timings, ".oar install + activate through ONOS (POST /onos/v1/applications)", t2);
            awaitSettled();
            time(timings, "project bundles, components and web contexts settle", t3);
        } else {
            System.out.println("[container] stand-in ONOS services: " + OnosCore.missing());
            listeners = new ComponentListeners(oar.bundles(), KarafPorts::freePort);
            Map<String, Map<String, String>> configurations = new LinkedHashMap<>(listeners.configurations());
            configurations.put(STAND_IN_PID, Map.of("standIn", "true"));
            KarafSetup.prepare(Paths.get(property("karaf.home")), home, ports, configurations);
            oar.extractRepository(home.resolve("system"));
            karaf = KarafProcess.start(home, ports);
            karaf.awaitReady(BOOT_TIMEOUT);
            long t1 = time(timings, "boot", t0);

            ShellResult standIn = karaf.shell(INSTALL_TIMEOUT,
                    "feature:repo-add file:" + property("container.features"),
                    "feature:install onos-api onos-thirdparty-web hsdba-container-services");
            if (standIn.failed()) {
                karaf.close();
                throw new IllegalStateException("the ONOS stand-in did not install (a problem of this module, not of the .oar): "
                        + standIn.rootCause() + "\n" + standIn);
            }
            long t2 = time(timings, "ONOS API and stand-in services install", t1);

            appInstall = karaf.shell(INSTALL_TIMEOUT,
                    "feature:repo-add " + oar.featuresRepo(),
                    "feature:install " + String.join(" ", oar.features()));
            long t3 = time(timings, ".oar features install (" + String.join(", ", oar.features()) + ")", t2);
            // The resolver stops at the first problem; bundle by bundle, every bundle's own shows.
            bundleByBundle = !appInstall.failed() ? null : karaf.shell(INSTALL_TIMEOUT, oar.artifacts().stream()
                    .map(a -> "bundle:install -s " + a.url()).toArray(String[]::new));
            onosInstallAnswer = null;
            installProblem = !appInstall.failed() ? null : "the .oar's features did not install: "
                    + appInstall.rootCause() + "\n" + appInstall
                    + "\n(the other tests report on the bundles installed one by one instead:\n" + bundleByBundle + ")";
            awaitSettled();
            time(timings, "project bundles, components and web contexts settle", t3);
        }
        System.out.println("[container] " + String.join("; ", timings));
        Files.writeString(Paths.get(property("karaf.run")).resolve("timings.txt"),
                String.join("\n", timings) + "\n", StandardCharsets.UTF_8);
    }

    private void checkAlive() {
        if (!karaf.isAlive()) {
            throw new IllegalStateException("Karaf exited; console:\n" + karaf.consoleTail(40));
        }
    }

    /** What the container probe reports now. */
    ContainerState probe() throws IOException, InterruptedException {
        HttpResponse<String> r = http.get("/hsdba-container-probe");
        if (r.statusCode() != 200) {
            throw new IllegalStateException("the container probe answered " + r.statusCode() + " at "
                    + http.url("/hsdba-container-probe") + ": " + r.body());
        }
        return new ContainerState(JSON.readTree(r.body()));
    }

    /** Polls until the .oar's bundles are active, its components satisfied and its web contexts deployed. */
    private void awaitSettled() throws Exception {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (settled()) {
                return;
            }
            Thread.sleep(250);
        }
        System.out.println("[container] not settled after " + SETTLE_TIMEOUT + "; the tests say what is missing");
    }

    private boolean settled() throws Exception {
        ContainerState state;
        try {
            state = probe();
        } catch (IOException | IllegalStateException notYet) {
            return false;
        }
        for (ProjectBundle b : oar.bundles()) {
            if (!state.bundle(b.symbolicName()).map(ContainerState.BundleInfo::active).orElse(false)) {
                return false;
            }
            for (ComponentDescriptor c : b.components()) {
                if (!state.component(c.name()).map(ContainerState.ComponentInfo::satisfied).orElse(false)) {
                    return false;
                }
            }
            if (b.webContextPath().isPresent() && http.get(b.webContextPath().get() + "/").statusCode() == 404) {
                return false;
            }
        }
        return true;
    }

    private static long time(List<String> timings, String what, long since) {
        long now = System.nanoTime();
        timings.add(String.format(Locale.ROOT, "%s: %.1f s", what, (now - since) / 1e9));
        return now;
    }

    static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException("system property " + name + " is not set (run through failsafe: mvn -pl container-test -am verify)");
        }
        return value;
    }
}
